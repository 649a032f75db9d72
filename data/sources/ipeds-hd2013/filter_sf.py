#!/usr/bin/env python3
"""Filter the IPEDS HD2013 institutional directory (hd2013.csv, latin-1) to the
San Francisco box lat 37.69..37.84, lon -122.53..-122.34 and write
hd2013_sf.csv with the columns a gazetteer needs. Coordinates are IPEDS'
own LATITUDE/LONGITUD values, copied as text (no rounding, none typed by hand)."""
import csv

BOX = (37.69, 37.84, -122.53, -122.34)
KEEP = ["UNITID", "INSTNM", "IALIAS", "ADDR", "CITY", "STABBR", "ZIP", "COUNTYNM",
        "SECTOR", "ICLEVEL", "CONTROL", "INSTCAT", "CYACTIVE", "CLOSEDAT", "DEATHYR",
        "WEBADDR", "LATITUDE", "LONGITUD"]

with open("hd2013.csv", encoding="latin-1", newline="") as fh:
    rows = list(csv.DictReader(fh))
out = []
for r in rows:
    try:
        lat, lon = float(r["LATITUDE"]), float(r["LONGITUD"])
    except ValueError:
        continue
    if BOX[0] <= lat <= BOX[1] and BOX[2] <= lon <= BOX[3]:
        out.append({k: r[k].strip() for k in KEEP})
out.sort(key=lambda r: r["INSTNM"])
with open("hd2013_sf.csv", "w", encoding="utf-8", newline="") as fh:
    w = csv.DictWriter(fh, fieldnames=KEEP)
    w.writeheader()
    w.writerows(out)
print(len(rows), "rows read,", len(out), "in the SF box")
