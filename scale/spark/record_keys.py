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


def cluster_id(line, name="dedupe"):
    """The cluster id sluice-dedupe wrote (16 hex digits), as a number."""
    mark = f'"{name}":{{"cluster":"'
    at = line.rfind(mark)
    if at < 0:
        raise ValueError(f"sluice-spark: no {name} member in {line[:200]}")
    return int(line[at + len(mark) : at + len(mark) + 16], 16)


def bucket(text, partitions):
    """A stable partition number for a text (CRC-32: Python's own hash is seeded per process)."""
    return zlib.crc32(text.encode("utf-8")) % partitions


def block_keys(line, name="dedupe"):
    r"""The keys `sluice-dedupe --block-keys` appended (one per --block rule, None for none) and
    the line as it was before, byte for byte (the member is the record's last: the stage
    appended it).

    >>> block_keys('{"title":"Vertigo","dedupe":{"block_keys":["ver\\u001f1958",null]}}')
    (['ver\x1f1958', None], '{"title":"Vertigo"}')
    """
    mark = f'"{name}":{{"block_keys":'
    at = line.rfind(mark)
    if at < 0:
        raise ValueError(f"sluice-spark: no {name} block keys in {line[:200]}")
    value, end = _decoder.raw_decode(line, at + len(name) + 3)
    if line[end:] != "}":
        raise ValueError(f"sluice-spark: the {name} block keys are not the last member of {line[:200]}")
    cut = at - 1 if line[at - 1] == "," else at
    return value["block_keys"], line[:cut] + "}"


def dedupe_member(line, name="dedupe"):
    """The raw JSON text of the member the dedupe stage appended (the record's last member)."""
    at = line.rfind(f'"{name}":{{"cluster":"')
    if at < 0:
        raise ValueError(f"sluice-spark: no {name} member in {line[:200]}")
    value, end = _decoder.raw_decode(line, at + len(name) + 3)
    return value, line[at + len(name) + 3 : end]
