#!/usr/bin/env python3
"""OpenStreetMap extracts for testing and measuring `sluice-gazetteer build --osm`.

    scripts/osm_extract.py pbf town.osm town.osm.pbf      # the same data, written by libosmium
    scripts/osm_extract.py generate 1000000 big.osm.pbf   # a seeded synthetic town

Writing is libosmium's (pip package `osmium`), an independent PBF writer, so the committed
.osm.pbf fixtures test Sluice's reader against another implementation. `make test` reads the
committed output and never needs this script or Python.

`generate N` writes about N nodes: a grid of named streets (every node shared by two streets),
named places of several kinds (nodes and closed ways), building ways with addresses, and plain
nodes, seeded so the same N gives the same file. The output's extension picks the format
(.osm.pbf, .osm, .osm.gz).
"""
import random
import sys

import osmium


def to_pbf(source, target):
    # A zlib-compressed PBF with dense nodes, libosmium's defaults.
    with osmium.SimpleWriter(target, overwrite=True) as writer:
        for obj in osmium.FileProcessor(source):
            writer.add(obj)


KINDS = [("amenity", "cafe"), ("amenity", "restaurant"), ("shop", "bakery"), ("tourism", "hotel"),
         ("leisure", "park"), ("amenity", "library"), ("historic", "monument"), ("office", "company")]


def generate(count, target):
    rng = random.Random(30)
    side = max(4, int((count * 0.4) ** 0.5))  # grid nodes ≈ 40% of the total
    base_lat, base_lon, step = 47.0, 8.0, 0.0005
    next_id = 1
    with osmium.SimpleWriter(target, overwrite=True) as writer:
        grid = {}
        for row in range(side):
            for col in range(side):
                grid[row, col] = next_id
                writer.add_node(osmium.osm.mutable.Node(
                    id=next_id, location=(base_lon + col * step, base_lat + row * step)))
                next_id += 1
        nodes_written = side * side
        places = []
        buildings = []
        while nodes_written < count:
            lat = base_lat + rng.random() * side * step
            lon = base_lon + rng.random() * side * step
            roll = rng.random()
            if roll < 0.05:
                key, value = rng.choice(KINDS)
                tags = {key: value, "name": f"{value.title()} {next_id}"}
                if rng.random() < 0.3:
                    tags["alt_name"] = f"Old {value.title()} {next_id}"
                writer.add_node(osmium.osm.mutable.Node(id=next_id, location=(lon, lat), tags=tags))
                next_id += 1
                nodes_written += 1
            elif roll < 0.15:
                # A building: four corners and the way round them, with an address.
                corners = []
                for dlat, dlon in ((0, 0), (0, 0.0001), (0.0001, 0.0001), (0.0001, 0)):
                    writer.add_node(osmium.osm.mutable.Node(id=next_id, location=(lon + dlon, lat + dlat)))
                    corners.append(next_id)
                    next_id += 1
                    nodes_written += 1
                row = rng.randrange(side)
                tags = {"building": "yes", "addr:housenumber": str(rng.randrange(1, 2000)),
                        "addr:street": f"Street {row}"}
                if rng.random() < 0.1:
                    tags["name"] = f"Building {next_id}"
                buildings.append((corners + corners[:1], tags))
            else:
                writer.add_node(osmium.osm.mutable.Node(id=next_id, location=(lon, lat)))
                next_id += 1
                nodes_written += 1
        way_id = 1
        for row in range(side):
            writer.add_way(osmium.osm.mutable.Way(
                id=way_id, nodes=[grid[row, col] for col in range(side)],
                tags={"highway": "residential", "name": f"Street {row}"}))
            way_id += 1
        for col in range(side):
            writer.add_way(osmium.osm.mutable.Way(
                id=way_id, nodes=[grid[row, col] for row in range(side)],
                tags={"highway": "residential", "name": f"Avenue {col}"}))
            way_id += 1
        for refs, tags in buildings:
            writer.add_way(osmium.osm.mutable.Way(id=way_id, nodes=refs, tags=tags))
            way_id += 1
    print(f"{target}: {nodes_written} nodes, {way_id - 1} ways", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "pbf":
        to_pbf(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "generate":
        generate(int(sys.argv[2]), sys.argv[3])
    else:
        sys.exit(__doc__)
