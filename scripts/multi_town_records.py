#!/usr/bin/env python3
"""Records of several US towns, for measuring what sluice-geocode answers outside its
gazetteer's coverage (issue 28): street addresses of other towns from the usaddress labelled
set (every address naming a house number, a street and a town), and San Francisco restaurant
addresses from the food-business data, mixed in one file.

Each record: {"id", "addr": "NUMBER STREET, Town, ST ZIP", "street", "city", "state", "zip",
"sf": true|false}. Usage, and the count that must be 0 (records outside San Francisco placed
with score >= 0.5; the gazetteer must carry the 1.1 town columns):

    python3 scripts/multi_town_records.py --usaddress ../shared/data/usaddress-labeled/labeled.xml \
        --food ../shared/data/gazetteer-sources/food-businesses/bus_ds100_2019.csv --sf 300 > towns.ndjson
    sluice-sanitize --field addr towns.ndjson | sluice-geocode --gazetteer data/sf-gazetteer.csv > geo.ndjson
    jq -s '[.[] | select(.sf == false and .geo.score >= 0.5)] | length' geo.ndjson
"""
import argparse
import csv
import json
import re
import xml.etree.ElementTree as ET

STREET_TAGS = ["StreetNamePreDirectional", "StreetNamePreType", "StreetName", "StreetNamePostType", "StreetNamePostDirectional"]


def text(parts, tag):
    return " ".join(p.strip(" ,") for t, p in parts if t == tag).strip()


def other_towns(path):
    for element in ET.parse(path).getroot():
        parts = [(child.tag, child.text or "") for child in element]
        number = text(parts, "AddressNumber")
        street = " ".join(p.strip(" ,") for t, p in parts if t in STREET_TAGS)
        town = text(parts, "PlaceName")
        state = text(parts, "StateName")
        zip_code = text(parts, "ZipCode")[:5]
        if not (re.fullmatch(r"\d+", number) and street and town):
            continue
        if town.lower().replace(".", "") in ("san francisco", "sf"):
            continue
        yield number + " " + street, town, state, zip_code


def sf_restaurants(path, limit):
    with open(path, encoding="utf-8", errors="replace") as handle:
        for row in csv.DictReader(handle):
            if limit <= 0:
                return
            street = row["address"].strip()
            if not re.match(r"\d+ \S", street) or row["city"] != "San Francisco":
                continue
            limit -= 1
            yield street, "San Francisco", row["state"], row["postal_code"][:5]


def main():
    options = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    options.add_argument("--usaddress", required=True)
    options.add_argument("--food", required=True)
    options.add_argument("--sf", type=int, default=300, help="San Francisco records to mix in")
    arguments = options.parse_args()
    others = list(other_towns(arguments.usaddress))
    sf = list(sf_restaurants(arguments.food, arguments.sf))
    # Interleaved evenly, so SF records sit among the others as they would in one file.
    rows = sorted([(i / len(others), r, False) for i, r in enumerate(others)] + [(i / max(1, len(sf)), r, True) for i, r in enumerate(sf)])
    rows = [(r, is_sf) for _, r, is_sf in rows]
    for index, ((street, town, state, zip_code), sf) in enumerate(rows, 1):
        addr = ", ".join(p for p in [street, town, " ".join(p for p in [state, zip_code] if p)] if p)
        record = {"id": index, "addr": addr, "street": street, "city": town, "state": state, "zip": zip_code, "sf": sf}
        print(json.dumps(record, ensure_ascii=False))


if __name__ == "__main__":
    main()
