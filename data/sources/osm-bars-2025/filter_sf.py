#!/usr/bin/env python3
"""Filter the Overpass JSON block file bars_data_Block_30degN_-130degE.json
(OSM amenity=bar/pub/biergarten nodes and ways, lat 30..40, lon -130..-120)
to the San Francisco box lat 37.69..37.84, lon -122.53..-122.34 and write
sf_osm_bars.csv. Nodes use their own lat/lon; ways use the Overpass
'center' (bbox centre of the way) that is in the file. Nothing typed by hand."""
import csv
import json

BOX = (37.69, 37.84, -122.53, -122.34)
SRC = "bars_data_Block_30degN_-130degE.json"
OUT = "sf_osm_bars.csv"
TAGS = ["amenity", "addr:housenumber", "addr:street", "addr:postcode", "alt_name", "old_name",
        "official_name", "opening_hours", "website", "check_date", "disused", "lgbtq"]

data = json.load(open(SRC, encoding="utf-8"))
rows = []
for e in data["elements"]:
    if e["type"] == "node":
        lat, lon = e.get("lat"), e.get("lon")
    else:
        c = e.get("center") or {}
        lat, lon = c.get("lat"), c.get("lon")
    if lat is None or not (BOX[0] <= lat <= BOX[1] and BOX[2] <= lon <= BOX[3]):
        continue
    t = e.get("tags", {})
    row = {"osm_type": e["type"], "osm_id": e["id"], "name": t.get("name", ""),
           "lat": lat, "lon": lon, "osm_timestamp": e.get("timestamp", "")}
    for k in TAGS:
        row[k.replace(":", "_")] = t.get(k, "")
    rows.append(row)
rows.sort(key=lambda r: (r["name"], r["osm_type"], r["osm_id"]))
with open(OUT, "w", newline="", encoding="utf-8") as fh:
    w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
    w.writeheader()
    w.writerows(rows)
print(len(data["elements"]), "elements,", len(rows), "in the SF box;",
      "snapshot", data["osm3s"]["timestamp_osm_base"])
