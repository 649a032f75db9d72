#!/usr/bin/env python3
"""OpenStreetMap extracts for testing and measuring `sluice-gazetteer build --osm`.

    scripts/osm_extract.py pbf town.osm town.osm.pbf      # the same data, written by libosmium
    scripts/osm_extract.py raw town.osm.pbf town-raw.osm.pbf   # the blobs stored, not zlib
    scripts/osm_extract.py generate 1000000 big.osm.pbf   # a seeded synthetic town

Writing is libosmium's (pip package `osmium`), an independent PBF writer, so the committed
.osm.pbf fixtures test Sluice's reader against another implementation. `make test` reads the
committed output and never needs this script or Python.

`generate N` writes about N nodes: a grid of named streets (meeting at shared nodes, with shape
nodes along each block),
named places of several kinds (nodes and closed ways), building ways with addresses, and plain
nodes, seeded so the same N gives the same file. The output's extension picks the format
(.osm.pbf, .osm, .osm.gz).
"""
import random
import struct
import sys
import zlib

import osmium


def to_pbf(source, target):
    # A zlib-compressed PBF with dense nodes, libosmium's defaults.
    with osmium.SimpleWriter(target, overwrite=True) as writer:
        for obj in osmium.FileProcessor(source):
            writer.add(obj)


def varint(data, pos):
    value = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, pos
        shift += 7


def encode_varint(value):
    out = bytearray()
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    return bytes(out + bytes([value]))


def fields(data):
    """(number, wire type, value) of a message's varint and length-delimited fields."""
    pos = 0
    while pos < len(data):
        key, pos = varint(data, pos)
        if key & 7 == 0:
            value, pos = varint(data, pos)
        else:
            length, pos = varint(data, pos)
            value, pos = data[pos:pos + length], pos + length
        yield key >> 3, key & 7, value


def to_raw(source, target):
    # Each blob's zlib data inflated and stored raw (field 1), the header's size updated: the
    # same file without compression, as the format allows.
    data = open(source, "rb").read()
    out = bytearray()
    pos = 0
    while pos < len(data):
        size = struct.unpack(">I", data[pos:pos + 4])[0]
        header = list(fields(data[pos + 4:pos + 4 + size]))
        blob_size = next(value for number, _, value in header if number == 3)
        blob = dict((number, value) for number, _, value in fields(data[pos + 4 + size:pos + 4 + size + blob_size]))
        plain = zlib.decompress(blob[3]) if 3 in blob else blob[1]
        new_blob = b"\x0a" + encode_varint(len(plain)) + plain
        new_header = b"".join(
            (encode_varint(number << 3 | wire) + (encode_varint(len(value)) + value if wire == 2 else b""))
            for number, wire, value in header if number != 3) + b"\x18" + encode_varint(len(new_blob))
        out += struct.pack(">I", len(new_header)) + new_header + new_blob
        pos += 4 + size + blob_size
    open(target, "wb").write(out)


KINDS = [("amenity", "cafe"), ("amenity", "restaurant"), ("shop", "bakery"), ("tourism", "hotel"),
         ("leisure", "park"), ("amenity", "library"), ("historic", "monument"), ("office", "company")]


def generate(count, target):
    rng = random.Random(30)
    # Grid nodes ≈ 40% of the total: intersections, and SHAPE nodes along each block between
    # them (a block's curve), as real streets have.
    shape = 4
    side = max(4, int((count * 0.4 / (1 + 2 * shape)) ** 0.5))
    base_lat, base_lon, step = 47.0, 8.0, 0.001
    next_id = 1
    with osmium.SimpleWriter(target, overwrite=True) as writer:
        def node(lat, lon, tags=None):
            nonlocal next_id
            writer.add_node(osmium.osm.mutable.Node(id=next_id, location=(lon, lat), tags=tags or {}))
            next_id += 1
            return next_id - 1
        grid = {}
        for row in range(side):
            for col in range(side):
                grid[row, col] = node(base_lat + row * step, base_lon + col * step)
        rows = {row: [] for row in range(side)}
        cols = {col: [] for col in range(side)}
        for row in range(side):
            for col in range(side):
                rows[row].append(grid[row, col])
                cols[col].append(grid[row, col])
                for k in range(1, shape + 1):
                    if col + 1 < side:
                        rows[row].append(node(base_lat + row * step + 0.00002, base_lon + (col + k / (shape + 1)) * step))
                    if row + 1 < side:
                        cols[col].append(node(base_lat + (row + k / (shape + 1)) * step, base_lon + col * step + 0.00002))
        nodes_written = next_id - 1
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
                node(lat, lon, tags)
                nodes_written += 1
            elif roll < 0.15:
                # A building: four corners and the way round them, with an address.
                corners = []
                for dlat, dlon in ((0, 0), (0, 0.0001), (0.0001, 0.0001), (0.0001, 0)):
                    corners.append(node(lat + dlat, lon + dlon))
                    nodes_written += 1
                row = rng.randrange(side)
                tags = {"building": "yes", "addr:housenumber": str(rng.randrange(1, 2000)),
                        "addr:street": f"Street {row}"}
                if rng.random() < 0.1:
                    tags["name"] = f"Building {next_id}"
                buildings.append((corners + corners[:1], tags))
            else:
                node(lat, lon)
                nodes_written += 1
        way_id = 1
        for row in range(side):
            writer.add_way(osmium.osm.mutable.Way(
                id=way_id, nodes=rows[row], tags={"highway": "residential", "name": f"Street {row}"}))
            way_id += 1
        for col in range(side):
            writer.add_way(osmium.osm.mutable.Way(
                id=way_id, nodes=cols[col], tags={"highway": "residential", "name": f"Avenue {col}"}))
            way_id += 1
        for refs, tags in buildings:
            writer.add_way(osmium.osm.mutable.Way(id=way_id, nodes=refs, tags=tags))
            way_id += 1
    print(f"{target}: {nodes_written} nodes, {way_id - 1} ways", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "pbf":
        to_pbf(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "raw":
        to_raw(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "generate":
        generate(int(sys.argv[2]), sys.argv[3])
    else:
        sys.exit(__doc__)
