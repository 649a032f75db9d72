#!/usr/bin/env python3
"""Writes a seeded, synthetic OpenAddresses CSV of N rows, to measure `sluice-gazetteer build`
at scale (issue 20: a 1M-row county file):

    python3 scripts/gen_openaddresses.py --rows 1000000 --seed 20 > build/oa-1m.csv

A grid city: streets run east-west (`W 1st St`, named streets) and north-south (`N Oak Ave`),
house numbers rise 2 per ~8 m along each, with the quirks of real files at low rates: an empty
number (1%), a range `12-14` (1%), a suffix `12A` (0.5%), a second unit at the same point (2%).
Python 3 standard library only; the same arguments give the same bytes.
"""
import argparse
import random
import sys

WORDS = ("Oak Pine Maple Cedar Elm Ash Birch Willow Spruce Alder Hawthorn Juniper Laurel Magnolia Poplar Sycamore "
         "Walnut Chestnut Hickory Linden Aspen Cypress Redwood Sequoia Hemlock Fir Larch Myrtle Olive Palm").split()
SUFFIXES = ["St", "Ave", "Blvd", "Rd", "Dr", "Ln", "Way", "Ct", "Pl", "Ter"]


def ordinal(n):
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=20)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    out = sys.stdout
    out.write("LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH\n")
    per_street = 500
    streets = (options.rows + per_street - 1) // per_street
    written = 0
    base_lat, base_lon = 45.40, -122.80
    for s in range(streets):
        east_west = s % 2 == 0
        k = s // 2
        if k < 300:
            name = f"{'W' if east_west else 'N'} {ordinal(k + 1)} {'St' if east_west else 'Ave'}"
        else:
            # Unique for 9,000 streets (4.5M rows): two words and a suffix chosen by the street's index.
            name = f"{WORDS[s % len(WORDS)]} {WORDS[(s // len(WORDS)) % len(WORDS)]} {SUFFIXES[(s // len(WORDS) ** 2) % len(SUFFIXES)]}"
        offset = (k % 700) * 0.0011
        for i in range(per_street):
            if written == options.rows:
                return
            number = 2 * i + 100
            along = i * 0.00007
            lat, lon = (base_lat + offset, base_lon + along) if east_west else (base_lat + along, base_lon + offset)
            lat += rng.uniform(-0.00002, 0.00002)
            lon += rng.uniform(-0.00002, 0.00002)
            roll = rng.random()
            text = str(number)
            if roll < 0.01:
                text = ""
            elif roll < 0.02:
                text = f"{number}-{number + 2}"
            elif roll < 0.025:
                text = f"{number}A"
            unit = ""
            if rng.random() < 0.02:
                unit = "APT 2"
            out.write(f"{lon:.7f},{lat:.7f},{text},{name},{unit},Synthetic,,OR,97201,{written + 1},{written:08x}\n")
            written += 1


if __name__ == "__main__":
    main()
