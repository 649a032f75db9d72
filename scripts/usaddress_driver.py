#!/usr/bin/env python3
"""Runs usaddress (pip install usaddress) on location strings for `sluice-eval sanitize`.

Reads one JSON string per line on stdin; writes one JSON array of [tag, token] pairs per line
(usaddress.parse), then a last line {"seconds": …} with the time spent parsing. Exits 3 when
usaddress is not installed, so the eval can skip it cleanly.
"""
import json
import sys
import time

try:
    import usaddress
except ImportError:
    sys.stderr.write("usaddress is not installed (pip install usaddress)\n")
    sys.exit(3)

texts = [json.loads(line) for line in sys.stdin if line.strip()]
start = time.perf_counter()
results = [usaddress.parse(text) for text in texts]
elapsed = time.perf_counter() - start
for pairs in results:
    print(json.dumps([[tag, token] for token, tag in pairs]))
print(json.dumps({"seconds": elapsed}))
