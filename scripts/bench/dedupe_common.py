"""Shared by the dedupe peers of `sluice-bench`: read the fetched NDJSON from stdin into a
DataFrame (one row per record, `row` = provenance.row, the line in the generated file), and
write the clusters as `row,cluster` CSV lines on stdout, which sluice-bench scores against the
generator's truth the same way it scores sluice-dedupe (pairwise F1)."""
import json
import os
import sys

# The union-find is sluice_contract's, beside the other scripts.
sys.path.insert(1, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from sluice_contract import components  # noqa: E402

FIELDS = ["title", "locations", "director", "release_year"]


def read_records():
    import pandas as pd

    rows = []
    for line in sys.stdin:
        if not line.strip():
            continue
        record = json.loads(line)
        rows.append(
            {
                "row": record["provenance"]["row"],
                "title": normalise(record.get("title")),
                "locations": normalise(record.get("locations")),
                "director": normalise(record.get("director")),
                "release_year": record.get("release_year"),
            }
        )
    return pd.DataFrame(rows)


def normalise(text):
    """Lower case, spacing collapsed: what sluice-dedupe does before comparing text."""
    if not isinstance(text, str):
        return None
    text = " ".join(text.lower().split())
    return text or None


def write_clusters(rows, links):
    """Connected components of the matched pairs (row numbers); one line per record."""
    out = sys.stdout
    for row, cluster in components(rows, links).items():
        out.write(f"{row},{cluster}\n")
