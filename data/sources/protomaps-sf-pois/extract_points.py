#!/usr/bin/env python3
"""Extract every named point feature from the Protomaps basemap extract sf.pmtiles.

Reads z13 and z14 tiles (z14 is the deepest level in this file), decodes the
Mapbox Vector Tiles, keeps Point features that carry a `name` in the layers
pois / places / earth / water, converts tile pixel coordinates to WGS84, drops
copies that lie in a tile's buffer (outside 0..extent), de-duplicates on
(feature id, name) preferring the z14 copy, filters to the San Francisco box
lat 37.69..37.84, lon -122.53..-122.34, and writes sf_named_points.csv.

No coordinate is typed by hand: all come from the tiles.
Requires: pip install pmtiles mapbox-vector-tile
"""
import csv
import re
import gzip
import math
import sys

import mapbox_vector_tile
from pmtiles.reader import MmapSource, Reader, all_tiles

SRC = "sf.pmtiles"
OUT = "sf_named_points.csv"
OUT_PIERS = "sf_named_pier_lines.csv"
# named line features in the roads layer that name a pier/wharf/landing (ferry routes excluded)
PIER_RE = re.compile(r"\b(Pier|Wharf|Landing)\b")
LAYERS = ("pois", "places", "earth", "water")
BOX = (37.69, 37.84, -122.53, -122.34)  # lat_min, lat_max, lon_min, lon_max
# Protomaps/planetiler feature ids: OSM id + (1 node | 2 way | 3 relation) << 44
TYPE_OF = {1: "node", 2: "way", 3: "relation"}


def to_lonlat(z, x, y, px, py, extent):
    n = 2.0 ** z
    lon = (x + px / extent) / n * 360.0 - 180.0
    lat = math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * (y + py / extent) / n))))
    return lon, lat


def main():
    reader = Reader(MmapSource(open(SRC, "rb")))
    best = {}  # key -> (zoom, row)
    for (z, x, y), data in all_tiles(reader.get_bytes):
        if z not in (13, 14):
            continue
        try:
            data = gzip.decompress(data)
        except OSError:
            pass
        tile = mapbox_vector_tile.decode(data, default_options={"y_coord_down": True})
        for lname in LAYERS:
            layer = tile.get(lname)
            if not layer:
                continue
            extent = layer.get("extent", 4096)
            for f in layer["features"]:
                p = f["properties"]
                name = p.get("name")
                if not name or f["geometry"]["type"] != "Point":
                    continue
                px, py = f["geometry"]["coordinates"]
                if not (0 <= px < extent and 0 <= py < extent):
                    continue  # buffer copy; the owning tile has it
                lon, lat = to_lonlat(z, x, y, px, py, extent)
                if not (BOX[0] <= lat <= BOX[1] and BOX[2] <= lon <= BOX[3]):
                    continue
                fid = f.get("id") or 0
                osm_type = TYPE_OF.get(fid >> 44, "") if fid else ""
                osm_id = fid & ((1 << 44) - 1) if fid else ""
                row = {
                    "name": name,
                    "lat": f"{lat:.6f}",
                    "lon": f"{lon:.6f}",
                    "layer": lname,
                    "kind": p.get("kind", ""),
                    "kind_detail": p.get("kind_detail", ""),
                    "min_zoom": p.get("min_zoom", ""),
                    "name_en": p.get("name:en", "") if p.get("name:en") != name else "",
                    "osm_type": osm_type,
                    "osm_id": osm_id,
                    "tile_z": z,
                }
                key = (fid, name) if fid else (name, row["lat"], row["lon"])
                old = best.get(key)
                if old is None or z > old[0]:
                    best[key] = (z, row)
    write_pier_lines(reader)
    rows = sorted((r for _, r in best.values()), key=lambda r: (r["layer"], r["kind"], r["name"], r["osm_id"]))
    with open(OUT, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    print(f"wrote {len(rows)} rows to {OUT}", file=sys.stderr)


def write_pier_lines(reader):
    """Roads-layer lines whose name says Pier/Wharf/Landing: one row per feature,
    point = the middle vertex of its longest part (a vertex of the OSM way)."""
    best = {}
    for (z, x, y), data in all_tiles(reader.get_bytes):
        if z != 14:
            continue
        try:
            data = gzip.decompress(data)
        except OSError:
            pass
        tile = mapbox_vector_tile.decode(data, default_options={"y_coord_down": True})
        layer = tile.get("roads")
        if not layer:
            continue
        extent = layer.get("extent", 4096)
        for f in layer["features"]:
            p = f["properties"]
            name = p.get("name") or ""
            if not PIER_RE.search(name) or p.get("kind") == "ferry":
                continue
            g = f["geometry"]
            parts = [g["coordinates"]] if g["type"] == "LineString" else g["coordinates"]
            inside = [[c for c in part if 0 <= c[0] < extent and 0 <= c[1] < extent] for part in parts]
            inside = [part for part in inside if part]
            if not inside:
                continue
            part = max(inside, key=len)
            px, py = part[len(part) // 2]
            lon, lat = to_lonlat(z, x, y, px, py, extent)
            fid = f.get("id") or 0
            key = (fid, name, x, y)
            best[key] = {
                "name": name, "lat": f"{lat:.6f}", "lon": f"{lon:.6f}",
                "kind": p.get("kind", ""), "kind_detail": p.get("kind_detail", ""),
                "osm_type": TYPE_OF.get(fid >> 44, "") if fid else "",
                "osm_id": fid & ((1 << 44) - 1) if fid else "",
                "tile": f"14/{x}/{y}", "vertices_in_tile": len(part),
            }
    rows = sorted(best.values(), key=lambda r: (r["name"], r["osm_id"], r["tile"]))
    with open(OUT_PIERS, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    print(f"wrote {len(rows)} rows to {OUT_PIERS}", file=sys.stderr)


if __name__ == "__main__":
    main()
