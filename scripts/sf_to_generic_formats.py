#!/usr/bin/env python3
"""Converts San Francisco's gazetteer sources into the open formats any city publishes, so that
`sluice-gazetteer build` can make San Francisco's gazetteer from generic inputs alone (issue 20):

    python3 scripts/sf_to_generic_formats.py --sources ../shared/data/gazetteer-sources \\
        --bundled data/sources --aliases data/sf-landmark-aliases.csv --out build/sf-generic

writes, under --out:
    addresses.csv     OpenAddresses columns: EAS address points, then food-truck permit
                      addresses EAS lacks (LON,LAT,NUMBER,STREET,UNIT,CITY,...,ID,HASH)
    streets.geojson   one LineString per street block: name, address ranges (lf, lt, rf, rt)
                      and the block's end nodes (from_node, to_node), which a build may ignore
                      to exercise joining line ends (`--node-properties` left out)
    places.geojson    named Points: landmarks, parks, schools, food businesses, OpenStreetMap
                      points, piers, bars, colleges (name, category, aliases; the curated
                      aliases of --aliases attached to the place they name)
    gtfs/<agency>/stops.txt   the BART, Caltrain and Muni GTFS stops, as they are

Python 3 standard library only. Deterministic: the same sources give the same bytes.
"""
import argparse
import csv
import json
import os
import re
import shutil
import sys

csv.field_size_limit(sys.maxsize)

# San Francisco with Treasure Island: the box the Swift builder keeps points inside.
def in_city(lat, lon):
    return 37.69 <= lat <= 37.84 and -122.53 <= lon <= -122.34


def point(row, lat, lon):
    try:
        p = (float(row[lat]), float(row[lon]))
    except (ValueError, KeyError, TypeError):
        return None
    return p if in_city(*p) else None


def rows(path):
    with open(path, newline="", encoding="utf-8-sig") as f:
        yield from csv.DictReader(f)


def linestring(wkt):
    m = re.match(r"LINESTRING\s*\((.*)\)\s*$", wkt or "")
    if not m:
        return None
    points = []
    for pair in m.group(1).split(","):
        parts = pair.split()
        if len(parts) != 2:
            return None
        points.append([float(parts[0]), float(parts[1])])
    return points if len(points) >= 2 else None


def house_range(low, high):
    try:
        a, b = int(low), int(high)
    except ValueError:
        return None, None
    return (a, b) if a > 0 or b > 0 else (None, None)


def addresses(src, out):
    header = ["LON", "LAT", "NUMBER", "STREET", "UNIT", "CITY", "DISTRICT", "REGION", "POSTCODE", "ID", "HASH"]
    seen = set()
    with open(os.path.join(out, "addresses.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        for i, r in enumerate(rows(os.path.join(src, "eas-address-points/sf_eas_addresses_2025-06-25.csv"))):
            w.writerow([r["lon"], r["lat"], r["number"], r["street"], "", "SAN FRANCISCO", "", "CA", "", f"eas:{i + 2}", ""])
            seen.add((r["street"].strip().upper(), r["number"].strip()))
        for r in rows(os.path.join(src, "Mobile_Food_Facility_Permit.csv")):
            words = r["Address"].split()
            if len(words) < 2 or not words[0].isdigit() or point(r, "Latitude", "Longitude") is None:
                continue
            street = " ".join(words[1:])
            if (street.upper(), words[0]) in seen:
                continue
            seen.add((street.upper(), words[0]))
            w.writerow([r["Longitude"], r["Latitude"], words[0], street, "", "SAN FRANCISCO", "", "CA", "", f"truck:{r['locationid']}", ""])


def streets(src, out):
    centre, order = {}, []
    for r in rows(os.path.join(src, "centerline-segments/sf_street_segments.csv")):
        line = linestring(r["wkt"])
        if line:
            centre[r["cnn"]] = (r["street"], r["f_node_cnn"], r["t_node_cnn"], line)
            order.append(r["cnn"])
    speed = {}
    for r in rows(os.path.join(src, "speed-limit-segments/Speed_Limits.csv")):
        if r["CNN"] != "0" and r["CNN"] not in speed:
            speed[r["CNN"]] = linestring(r["shape"])
    nodes = {}
    for r in rows(os.path.join(src, "intersections/sf_junctions.csv")):
        p = point(r, "lat", "lon")
        if p:
            nodes[r["node_cnn"]] = p

    def distance(a, b):  # degrees, enough to compare
        return (a[0] - b[1]) ** 2 + (a[1] - b[0]) ** 2

    features, used = [], set()
    for r in rows(os.path.join(src, "list-of-streets-and-intersections/List_of_Streets_and_Intersections.csv")):
        if not r["TO_CNN"].strip():
            continue
        cnn, start, end = r["CNN"].strip(), r["FROM_CNN"].strip(), r["TO_CNN"].strip()
        if cnn in centre:
            _, f, t, line = centre[cnn]
            line = line[::-1] if f == end and t == start else line
        elif speed.get(cnn):
            line = list(speed[cnn])
            if start in nodes and distance(nodes[start], line[0]) > distance(nodes[start], line[-1]):
                line.reverse()
        else:
            continue
        used.add(cnn)
        lf, lt = house_range(r["LF_FADD"], r["LF_TADD"])
        rf, rt = house_range(r["RT_FADD"], r["RT_TADD"])
        props = {"name": r["streetname"].strip(), "lf": lf, "lt": lt, "rf": rf, "rt": rt, "from_node": start, "to_node": end}
        features.append({"type": "Feature", "id": cnn, "properties": props, "geometry": {"type": "LineString", "coordinates": line}})
    for cnn in order:
        if cnn in used:
            continue
        street, f, t, line = centre[cnn]
        props = {"name": street.strip(), "from_node": f, "to_node": t}
        features.append({"type": "Feature", "id": cnn, "properties": props, "geometry": {"type": "LineString", "coordinates": line}})
    write_collection(os.path.join(out, "streets.geojson"), features)


def write_collection(path, features):
    with open(path, "w", encoding="utf-8") as f:
        f.write('{"type":"FeatureCollection","features":[\n')
        for i, feature in enumerate(features):
            f.write(json.dumps(feature, ensure_ascii=False, separators=(",", ":")))
            f.write(",\n" if i + 1 < len(features) else "\n")
        f.write("]}\n")


def title(text):
    return " ".join(w[:1].upper() + w[1:].lower() for w in text.split())


def business_name(raw):
    name = raw.strip()
    for sep in [" - ", " -- ", "[", " #", "(", " @ "]:
        i = name.find(sep)
        if i > 0:
            name = name[:i]
    name = name.strip(",.-;: ")
    if not any(c.isalpha() for c in name):
        return None
    return name if any(c.islower() for c in name) else title(name)


OSM_AMENITIES = set(
    "restaurant cafe fast_food bar pub nightclub ice_cream food_court biergarten place_of_worship school college university "
    "library theatre cinema arts_centre community_centre social_centre events_venue parking ferry_terminal bus_station "
    "marketplace police fire_station hospital clinic post_office bank fountain clock townhall courthouse".split())
LAND_USE = set(
    "residential industrial commercial construction grass meadow brownfield greenfield wetland farmland landfill "
    "unclassified yes other administrative political".split())


def osm_kept(category, subtype):
    if category == "amenity":
        return subtype in OSM_AMENITIES
    if category in ("historic", "man_made"):
        return subtype != "monitoring_station"
    if category == "place":
        return subtype in ("neighbourhood", "quarter", "square")
    return False


def places(src, bundled, aliases_path, out):
    features = []

    def add(pid, name, category, p, aliases=()):
        if not name or p is None:
            return
        props = {"name": name, "category": category, "aliases": [a for a in aliases if a]}
        features.append({"type": "Feature", "id": pid, "properties": props,
                         "geometry": {"type": "Point", "coordinates": [p[1], p[0]]}})

    for i, r in enumerate(rows(os.path.join(src, "landmarks/landmarks_combined.csv"))):
        add(f"landmarks:{i + 2}", r["name"].strip(), r["category"].strip(), point(r, "lat", "lon"),
            [a.strip() for a in r["aliases"].split("|")])
    for r in rows(os.path.join(src, "Recreation_and_Parks_Properties.csv")):
        name = r["Map_Label"].strip()
        add(f"park:{r['OBJECTID']}", name, "park", point(r, "Latitude", "Longitude"),
            [name.replace("Mt. ", "Mount ")] if "Mt. " in name else [])
    for i, r in enumerate(rows(os.path.join(src, "public-schools/sf_public_schools.csv"))):
        kind_of = (r["types"].split("|")[0] if r["types"] else "").strip()
        base = " ".join(x for x in [r["name"].strip(), r["suffix"].strip()] if x)
        full = " ".join(x for x in [r["prefix"].strip(), base] if x)
        kind = "Early Education School" if kind_of == "Early Education" else f"{kind_of} School"
        code = r["sfusd_code"].strip()
        add(f"sfusd:{code}" if code else f"school:line {i + 2}", f"{full} {kind}", "school", point(r, "lat", "lon"),
            [] if full == base else [f"{base} {kind}"])
    seen_ids, seen_names = set(), {}
    for file in ["food-businesses/bus_ds100_2019.csv", "food-businesses/businesses_ds100_older.csv"]:
        for r in rows(os.path.join(src, file)):
            bid = r.get("business_id", r.get("business id column", ""))
            if bid in seen_ids:
                continue
            seen_ids.add(bid)
            name, p = business_name(r["name"]), point(r, "latitude", "longitude")
            if not name or p is None:
                continue
            key = " ".join(re.findall(r"[a-z0-9]+", name.lower()))
            if any(abs(q[0] - p[0]) < 0.0009 and abs(q[1] - p[1]) < 0.0011 for q in seen_names.get(key, [])):
                continue
            seen_names.setdefault(key, []).append(p)
            add(f"business:{bid}", name, "business", p)
    for r in rows(os.path.join(src, "osm-named-points/osm_sf_ne_named_points.csv")):
        if osm_kept(r["category"], r["subtype"]) and "?" not in r["name"]:
            add(f"osm:{r['osm_node_id']}", r["name"].strip(), r["subtype"] or r["category"], point(r, "lat", "lon"))
    if bundled:
        for r in rows(os.path.join(bundled, "protomaps-sf-pois/sf_named_points.csv")):
            if r["kind"] not in LAND_USE:
                add(f"osm:{r['osm_type']}/{r['osm_id']}", r["name"].strip(),
                    "neighborhood" if r["layer"] == "places" else r["kind"], point(r, "lat", "lon"))
        for r in rows(os.path.join(bundled, "protomaps-sf-pois/sf_named_pier_lines.csv")):
            add(f"osm:{r['osm_type']}/{r['osm_id']}", r["name"].strip(), "pier", point(r, "lat", "lon"))
        for r in rows(os.path.join(bundled, "osm-bars-2025/sf_osm_bars.csv")):
            add(f"osm:{r['osm_type']}/{r['osm_id']}", r["name"].strip(), r["amenity"], point(r, "lat", "lon"),
                [a.strip() for a in (r["alt_name"] + ";" + r["old_name"]).split(";")])
        for r in rows(os.path.join(bundled, "ipeds-hd2013/hd2013_sf.csv")):
            add(f"ipeds:{r['UNITID']}", r["INSTNM"].strip(), "college", point(r, "LATITUDE", "LONGITUD"),
                [a.strip() for a in r["IALIAS"].split("|")])
    if aliases_path:
        attach_aliases(src, aliases_path, features, add)
    write_collection(os.path.join(out, "places.geojson"), features)


def street_key(street):
    """Close enough to StreetNormalizer for EAS's own spelling (`01ST ST` → `1st st`)."""
    return " ".join(re.sub(r"^0+(\d)", r"\1", w) for w in street.lower().split())


def attach_aliases(src, path, features, add):
    """The curated aliases, on the feature whose id they name; an `address:N street` id makes a
    building at that EAS point, as the San Francisco build does."""
    by_id = {}
    for f in features:
        by_id.setdefault(f["id"], f)
    eas = None
    for r in rows(path):
        pid, name, alias = r["place_id"].strip(), r["place_name"].strip(), r["alias"].strip()
        if pid.startswith("address:") and pid not in by_id:
            if eas is None:
                eas = {}
                for e in rows(os.path.join(src, "eas-address-points/sf_eas_addresses_2025-06-25.csv")):
                    eas[f"{e['number'].strip()} {street_key(e['street'])}"] = e
            e = eas.get(pid[len("address:"):])
            if e is None:
                continue
            add(pid, name, "building", point(e, "lat", "lon"))
            by_id[pid] = features[-1]
        feature = by_id.get(pid)
        if feature is None:
            continue
        props = feature["properties"]
        if alias != props["name"] and alias not in props["aliases"]:
            props["aliases"].append(alias)


def stops(src, out):
    for agency in ["bart", "caltrain", "muni"]:
        folder = os.path.join(out, "gtfs", agency)
        os.makedirs(folder, exist_ok=True)
        shutil.copyfile(os.path.join(src, f"transit-stops/{agency}_stops.txt"), os.path.join(folder, "stops.txt"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sources", default="../shared/data/gazetteer-sources")
    parser.add_argument("--bundled", default="data/sources")
    parser.add_argument("--aliases", default="data/sf-landmark-aliases.csv")
    parser.add_argument("--out", default="build/sf-generic")
    options = parser.parse_args()
    os.makedirs(options.out, exist_ok=True)
    addresses(options.sources, options.out)
    streets(options.sources, options.out)
    places(options.sources, options.bundled, options.aliases, options.out)
    stops(options.sources, options.out)


if __name__ == "__main__":
    main()
