#!/usr/bin/env python3
"""Peer of sluice-sanitize for `sluice-bench`: parses the `locations` text of every NDJSON record
on stdin with usaddress (https://github.com/datamade/usaddress) and writes each record with an
`address` member of usaddress's tagged components, as sluice-sanitize adds its own.

    python3 scripts/bench/usaddress_parse.py < fetched.ndjson > parsed.ndjson

Needs `pip install usaddress`. Text usaddress cannot tag (RepeatedLabelError) gets
{"kind": "unparsed"}, as sanitize's own unparsed kind.
"""
import json
import sys

import usaddress


def main():
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        record = json.loads(line)
        text = record.get("locations")
        if isinstance(text, str) and text.strip():
            try:
                components, kind = usaddress.tag(text)
                record["address"] = {"kind": kind, **components}
            except usaddress.RepeatedLabelError:
                record["address"] = {"kind": "unparsed"}
        else:
            record["address"] = {"kind": "none"}
        out.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
        out.write("\n")


if __name__ == "__main__":
    main()
