#!/usr/bin/env python3
"""The record contract as the stages themselves describe it: the member each stage adds to a
record and that member's fields, read from `sluice-<stage> --describe-output` (generated from the
Swift constants the stage writes with) instead of spelled again in Python. The Python beside the
Swift (scripts/, scale/spark/) names members and fields through this module, so a field renamed
or dropped in Swift fails where the Python reads it, naming the stage and the fields it has,
instead of reading None.

    >>> dedupe = Member.from_json(EXAMPLE)
    >>> dedupe.name, dedupe.default_name, dedupe.fields, dedupe.always
    ('cl', 'dedupe', ['cluster', 'size', 'score'], ['cluster', 'size'])
    >>> dedupe.cluster, dedupe.path("cluster")
    ('cluster', 'cl.cluster')
    >>> dedupe.of({"title": "Vertigo", "cl": {"cluster": "00000000000000ff", "size": 1}})[dedupe.cluster]
    '00000000000000ff'
    >>> dedupe.of({"title": "Vertigo"}) is None
    True
    >>> dedupe.canonical
    Traceback (most recent call last):
    ...
    AttributeError: sluice-dedupe describes no field 'canonical' in its member 'cl' (its fields: cluster, size, score)

Run as a program it prints what each stage of a build adds (the end-to-end tests hold this to the
Swift constants):

    python3 scripts/sluice_contract.py .build/release
    sluice-fetch adds provenance: source!, page, row!
    …

Pairwise precision, recall and F1 of clusters against the truth are counted by `sluice-eval
pairs` (the core's PairwiseScore), never in Python: `pairwise_score` writes its two files. What
stays Python lives here once: `components` (the peers' clusters from their matched pairs).
"""

import json
import os
import subprocess
import sys
import tempfile

# The stages that add a member to every record, in pipeline order. sluice-load, sluice-report and
# sluice-stats describe themselves too, as adding nothing.
STAGES = ("fetch", "sanitize", "geocode", "dedupe")

EXAMPLE = (
    '{"executable":"sluice-dedupe","member":"cl","default_member":"dedupe","meaning":"the cluster",'
    '"fields":[{"name":"cluster","types":["string"],"always":true,"meaning":"its id"},'
    '{"name":"size","types":["integer"],"always":true,"meaning":"its records"},'
    '{"name":"score","types":["number"],"always":false,"meaning":"the best match"}]}'
)


class Member:
    """One stage's member as `--describe-output` gives it: `name` (the member in use, as `--as`
    named it), `fields` in the order written, `always` (those every member has). Each field is
    also an attribute whose value is its name (`dedupe.cluster == "cluster"`): reading a field
    the stage does not describe is an error. Holds only text, so it travels to Spark executors."""

    def __init__(self, description):
        if not description.get("member"):
            raise ValueError(f"{description.get('executable')} adds no member to records: {description.get('meaning')}")
        self.stage = description["executable"]
        self.name = description["member"]
        self.default_name = description["default_member"]
        self.fields = [field["name"] for field in description["fields"]]
        self.always = [field["name"] for field in description["fields"] if field["always"]]
        self.types = {field["name"]: field["types"] for field in description["fields"]}

    @classmethod
    def from_json(cls, text):
        return cls(json.loads(text))

    @classmethod
    def parse(cls, text):
        """A Member from its repr, for tests and examples:

        >>> Member.parse("sluice-fetch adds provenance: source!, page, row!").always
        ['source', 'row']
        """
        head, _, fields = text.partition(": ")
        stage, _, name = head.partition(" adds ")
        described = [{"name": f.rstrip("!"), "types": [], "always": f.endswith("!"), "meaning": ""} for f in fields.split(", ")]
        return cls({"executable": stage, "member": name, "default_member": name, "meaning": "", "fields": described})

    def __getattr__(self, field):
        # Only called for what is not a real attribute; `__dict__` may still be empty while a
        # copy is being unpickled.
        fields = self.__dict__.get("fields")
        if field.startswith("_") or fields is None:
            raise AttributeError(field)
        if field not in fields:
            raise AttributeError(f"{self.stage} describes no field {field!r} in its member {self.name!r} (its fields: {', '.join(fields)})")
        return field

    def field(self, name):
        """A field's name, checked (for names that are not Python identifiers)."""
        return getattr(self, name)

    def path(self, field):
        """The dotted path the stages' options take (`--key address.key`)."""
        return f"{self.name}.{self.field(field)}"

    def of(self, record):
        """The member's object in a parsed record, or None when the record has none."""
        return record.get(self.name)

    def __repr__(self):
        return f"{self.stage} adds {self.name}: " + ", ".join(f + ("!" if f in self.always else "") for f in self.fields)


def describe(executable, arguments=()):
    """What `executable` (a path to a `sluice-<stage>`) adds, with `arguments` the stage would be
    run with (so `--as NAME` names the member); a `Member`, or a ValueError for a stage that adds
    none (load, report, stats)."""
    run = subprocess.run([executable, *arguments, "--describe-output"], capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"{executable} --describe-output: exit {run.returncode}: {run.stderr.strip()}")
    return Member.from_json(run.stdout)


def stage_path(bin_dir, stage):
    """`BIN/sluice-<stage>`."""
    return os.path.join(bin_dir, f"sluice-{stage}")


def describe_stages(bin_dir, arguments=None):
    """Every stage of STAGES as the build in `bin_dir` describes it, keyed by stage name
    (`"dedupe"`), each with its arguments from `arguments` ({"dedupe": ["--as", "cl"]})."""
    arguments = arguments or {}
    return {stage: describe(stage_path(bin_dir, stage), arguments.get(stage, ())) for stage in STAGES}


def assignment_lines(labels, ids):
    """NDJSON lines for `sluice-eval pairs`: `labels` is a dict from record to its cluster (or a
    list, one cluster per record in order). Records and clusters may be any hashable Python
    values (tuples, numpy integers); each is written as a number from `ids`, a dict shared by
    the two sides for records (so a record is the same on both) and one of its own per side for
    clusters, numbered in order of appearance.

    >>> records = {}
    >>> assignment_lines({("a.csv", 1): "x", ("a.csv", 2): "x", ("b.csv", 1): ("alone", 3)}, records)
    ['{"id":0,"cluster":0}', '{"id":1,"cluster":0}', '{"id":2,"cluster":1}']
    >>> assignment_lines([7, 7], {})
    ['{"id":0,"cluster":0}', '{"id":1,"cluster":0}']
    """
    pairs = labels.items() if isinstance(labels, dict) else enumerate(labels)
    clusters = {}
    return [
        json.dumps({"id": ids.setdefault(record, len(ids)), "cluster": clusters.setdefault(cluster, len(clusters))}, separators=(",", ":"))
        for record, cluster in pairs
    ]


def pairwise_score(eval_executable, truth, found):
    """Pairwise precision, recall and F1 of `found` clusters against `truth` entities, as
    `sluice-eval pairs` (`eval_executable`, a path) counts them: each a dict from record to its
    cluster, or a list with one per record in the same order; a record missing from one side is
    alone there. A dict of the command's JSON line: records, true_pairs, predicted_pairs,
    correct_pairs, precision, recall, f1 (0 when there are no pairs to divide by).

    The end-to-end tests hold it to the core's PairwiseScore (PythonDoctestTests)."""
    ids = {}
    with tempfile.TemporaryDirectory(prefix="sluice-pairs-") as folder:
        paths = {}
        for side, labels in (("truth", truth), ("found", found)):
            paths[side] = os.path.join(folder, side + ".ndjson")
            with open(paths[side], "w", encoding="utf-8") as out:
                out.writelines(line + "\n" for line in assignment_lines(labels, ids))
        run = subprocess.run([eval_executable, "pairs", "--truth", paths["truth"], "--found", paths["found"]], capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"{eval_executable} pairs: exit {run.returncode}: {run.stderr.strip()}")
    return json.loads(run.stdout)


def components(records, links):
    """Connected components of `links` (pairs of records) over `records`, in their order: each
    record's component, named by one of its records (a union-find; the peers of sluice-dedupe
    cluster their matched pairs with it).

    >>> components(range(5), [(0, 3), (3, 4)])
    {0: 4, 1: 1, 2: 2, 3: 4, 4: 4}
    """
    parent = {record: record for record in records}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in links:
        parent[find(a)] = find(b)
    return {record: find(record) for record in parent}


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: sluice_contract.py BIN_DIR [STAGE [ARGUMENT…]]: what each stage adds (! marks fields always there)")
        return 0 if argv else 64
    if len(argv) > 1:
        print(repr(describe(stage_path(argv[0], argv[1]), argv[2:])))
        return 0
    for member in describe_stages(argv[0]).values():
        print(repr(member))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
