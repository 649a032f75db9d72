"""What the Spark driver reads from a record line: where it came from, and which partition it
must share with the records it may be a duplicate of. The members and fields are named as the
stages describe them (`--describe-output`, read by scripts/sluice_contract.py), with the
arguments they run with, so `--fetch '--as from'` or `--dedupe '… --as cl'` are followed.

    >>> keys = RecordKeys(Member.parse("sluice-fetch adds provenance: source!, page, row!"),
    ...                   Member.parse("sluice-dedupe adds dedupe: cluster!, size!, canonical!, score"))
    >>> keys.order_key('{"title":"Vertigo","provenance":{"source":"f.csv","row":3},"address":{}}', {"f.csv": 0})
    (0, 3)
    >>> line = '{"t":1,"provenance":{"source":"f.csv","row":3},"dedupe":{"cluster":"00000000000000ff","size":1,"canonical":true}}'
    >>> keys.cluster_id(line), keys.dedupe_member(line)[1]
    (255, '{"cluster":"00000000000000ff","size":1,"canonical":true}')

Lines are never rewritten here: the stages' output is kept byte for byte, and these functions
only read it.
"""

import json
import os
import sys
import zlib

# sluice_contract.py lives with the scripts; on Spark's executors it is shipped beside this file.
sys.path.insert(1, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from sluice_contract import Member, describe, stage_path  # noqa: E402

# Member re-exported: the Spark modules name the stages' members through this module.
__all__ = ["Member", "RecordKeys", "bucket"]
_decoder = json.JSONDecoder()


class RecordKeys:
    """Reads provenance (`provenance`, a sluice_contract.Member of sluice-fetch) and, when
    deduping, the cluster (`dedupe`, of sluice-dedupe) out of record lines. Holds only text, so
    it travels to the executors."""

    def __init__(self, provenance, dedupe=None):
        # The scans below find a member by its name and first field, as the stage writes it.
        if provenance.fields[0] != provenance.source:
            raise ValueError(f"sluice-spark: {provenance!r}: provenance no longer starts with its source")
        if dedupe is not None and dedupe.fields[0] != dedupe.cluster:
            raise ValueError(f"sluice-spark: {dedupe!r}: the dedupe member no longer starts with its cluster")
        self.provenance_member = provenance
        self.dedupe = dedupe
        self.provenance_mark = f'"{provenance.name}":{{"{provenance.source}":'
        self.dedupe_mark = f'"{dedupe.name}":{{"{dedupe.cluster}":"' if dedupe is not None else None

    @classmethod
    def describe(cls, bin_dir, fetch_arguments=(), dedupe_arguments=None):
        """As the build in `bin_dir` describes its stages, run with these arguments."""
        fetch = describe(stage_path(bin_dir, "fetch"), fetch_arguments)
        dedupe = describe(stage_path(bin_dir, "dedupe"), dedupe_arguments) if dedupe_arguments is not None else None
        return cls(fetch, dedupe)

    def provenance(self, line):
        """(source, row) of a record. sluice-fetch writes provenance as the record's last member
        and later stages append theirs after it, written by themselves (no member of theirs is
        named provenance, and a quote inside a string is escaped), so its last occurrence is the
        record's."""
        at = line.rfind(self.provenance_mark)
        if at < 0:
            raise ValueError(
                f"sluice-spark: a record without {self.provenance_member.name} (every record must come through sluice-fetch): {line[:200]}")
        value, _ = _decoder.raw_decode(line, at + len(self.provenance_member.name) + 3)
        return value[self.provenance_member.source], value[self.provenance_member.row]

    def order_key(self, line, input_index):
        """(input number, row): the record's place in the single-machine run, which reads the
        inputs in the order given. The dedupe stage's canonical record (earliest on ties), its
        --merge order and the load's ids depend on that order."""
        source, row = self.provenance(line)
        index = input_index.get(source)
        if index is None:
            raise ValueError(f"sluice-spark: provenance source {source!r} is not one of the inputs {sorted(input_index)}")
        return (index, row)

    def cluster_id(self, line):
        """The cluster id sluice-dedupe wrote (16 hex digits), as a number."""
        at = line.rfind(self.dedupe_mark)
        if at < 0:
            raise ValueError(f"sluice-spark: no {self.dedupe.name} member in {line[:200]}")
        return int(line[at + len(self.dedupe_mark) : at + len(self.dedupe_mark) + 16], 16)

    def dedupe_member(self, line):
        """The dedupe stage's member (the record's last), parsed and as its raw JSON text."""
        at = line.rfind(self.dedupe_mark)
        if at < 0:
            raise ValueError(f"sluice-spark: no {self.dedupe.name} member in {line[:200]}")
        value, end = _decoder.raw_decode(line, at + len(self.dedupe.name) + 3)
        return value, line[at + len(self.dedupe.name) + 3 : end]

    def block_keys(self, line):
        r"""The keys `sluice-dedupe --block-keys` appended to a line (one per --block rule, None
        for none), and the line as it was before, byte for byte: the member is the record's
        last (the stage appended it). Its one field, `block_keys`, is the stage's
        `DedupeFields.blockKeys` (`--help`, BLOCK KEYS), not part of the cluster it describes.

        >>> keys = RecordKeys(Member.parse("sluice-fetch adds provenance: source!, row!"), Member.parse("sluice-dedupe adds dup: cluster!"))
        >>> keys.block_keys('{"title":"Vertigo","dup":{"block_keys":["ver\\u001f1958",null]}}')
        (['ver\x1f1958', None], '{"title":"Vertigo"}')
        """
        mark = f'"{self.dedupe.name}":{{"block_keys":'
        at = line.rfind(mark)
        if at < 0:
            raise ValueError(f"sluice-spark: no {self.dedupe.name} block keys in {line[:200]}")
        value, end = _decoder.raw_decode(line, at + len(self.dedupe.name) + 3)
        if line[end:] != "}":
            raise ValueError(f"sluice-spark: the {self.dedupe.name} block keys are not the last member of {line[:200]}")
        cut = at - 1 if line[at - 1] == "," else at
        return value["block_keys"], line[:cut] + "}"


def bucket(text, partitions):
    """A stable partition number for a text (CRC-32: Python's own hash is seeded per process)."""
    return zlib.crc32(text.encode("utf-8")) % partitions
