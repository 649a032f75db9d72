"""What the Spark driver reads from a record line: where it came from, and which partition it
must share with the records it may be a duplicate of.

    >>> order_key('{"title":"Vertigo","provenance":{"source":"f.csv","row":3},"address":{}}', {"f.csv": 0})
    (0, 3)

Lines are never rewritten here: the stages' output is kept byte for byte, and these functions
only read it.
"""

import json
import zlib

_PROVENANCE = '"provenance":{"source":'
_decoder = json.JSONDecoder()


def provenance(line):
    """(source, row) of a record. sluice-fetch writes provenance as the record's last member and
    later stages append theirs after it, written by themselves (no member of theirs is named
    provenance, and a quote inside a string is escaped), so its last occurrence is the record's."""
    at = line.rfind(_PROVENANCE)
    if at < 0:
        raise ValueError(f"sluice-spark: a record without provenance (every record must come through sluice-fetch): {line[:200]}")
    value, _ = _decoder.raw_decode(line, at + len('"provenance":'))
    return value["source"], value["row"]


def order_key(line, input_index):
    """(input number, row): the record's place in the single-machine run, which reads the inputs
    in the order given. The dedupe stage's canonical record (earliest on ties), its --merge order
    and the load's ids depend on that order."""
    source, row = provenance(line)
    index = input_index.get(source)
    if index is None:
        raise ValueError(f"sluice-spark: provenance source {source!r} is not one of the inputs {sorted(input_index)}")
    return (index, row)


def field(value, path):
    """The value at a dotted path (`address.key`), None when a step is missing or not an object."""
    for part in path.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


def exact_key(record, paths):
    """The text that decides an exact-mode partition: the key fields' values as JSON, or None
    when one is missing, null or empty (sluice-dedupe's ExactMatcher leaves such a record alone).
    Records with equal sluice-dedupe keys have equal values here; unequal keys may collide,
    which only puts two clusters in one partition."""
    values = []
    for path in paths:
        value = field(record, path)
        if value is None or value == "":
            return None
        values.append(value)
    return json.dumps(values, ensure_ascii=False, separators=(",", ":"))


def bucket(text, partitions):
    """A stable partition number for a text (CRC-32: Python's own hash is seeded per process)."""
    return zlib.crc32(text.encode("utf-8")) % partitions


def dedupe_member(line, name="dedupe"):
    """The raw JSON text of the member the dedupe stage appended (the record's last member)."""
    at = line.rfind(f'"{name}":{{"cluster":"')
    if at < 0:
        raise ValueError(f"sluice-spark: no {name} member in {line[:200]}")
    value, end = _decoder.raw_decode(line, at + len(name) + 3)
    return value, line[at + len(name) + 3 : end]
