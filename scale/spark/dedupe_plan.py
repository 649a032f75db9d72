"""How the Spark driver partitions records for sluice-dedupe, read from the stage's own options.

    >>> from record_keys import Member, RecordKeys
    >>> fetch = Member.parse("sluice-fetch adds provenance: source!, row!")
    >>> plan = DedupePlan(["--key", "title,address.key", "--mark"], RecordKeys(fetch, Member.parse("sluice-dedupe adds dup: cluster!, size!")))
    >>> plan.fuzzy, plan.paths, plan.mode, plan.member_name
    (False, ['title', 'address.key'], 'mark', 'dup')

Exact mode (`--key`): a partition per cluster id, so every cluster is whole in one partition. The
id is the one sluice-dedupe gives: the hash of the key (with --fold, of the folded key), or of
the record's provenance when it has no key; it is read from a first `sluice-dedupe --mark` run
at the end of each sanitize | geocode chain (no key read or folded here: the stage's own rules).
The second run, per cluster partition sorted in input order, replaces that member in place with
the final one (a stage's own earlier result is replaced where it stands, which is where it would
have been appended), so ids, sizes, canonical records and bytes are the single machine's; the
first run's member counts as one more filled member in every record, which moves no record's
rank for the canonical choice. Fuzzy mode (`--compare`) with `--fuzzy global`: one partition
holding every record in input order, because the stage learns its model (u from random pairs,
m by EM over all compared pairs, term frequencies, the prior) from all of them. `--fuzzy
blocked` learns that model once the same way and scores partitions of blocks with it
(fuzzy_blocks.py).
"""

import sys


def option_values(args, name):
    """Every value of `--name VALUE` or `--name=VALUE`, split on commas as the stages do."""
    values, flag = [], f"--{name}"
    for position, arg in enumerate(args):
        if arg == flag and position + 1 < len(args):
            values.append(args[position + 1])
        elif arg.startswith(flag + "="):
            values.append(arg[len(flag) + 1 :])
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


class DedupePlan:
    def __init__(self, args, keys):
        """`args`: sluice-dedupe's; `keys`: a record_keys.RecordKeys whose dedupe member is as
        `sluice-dedupe ARGS --describe-output` names it (`--as`)."""
        self.args = args
        self.keys = keys
        self.paths = option_values(args, "key")
        self.specs = option_values(args, "compare")
        self.rules = option_values(args, "block")
        self.fuzzy = bool(self.specs)
        modes = [mode for mode in ("mark", "drop", "merge") if f"--{mode}" in args]
        self.mode = modes[0] if modes else "mark"
        self.dedupe = keys.dedupe
        self.member_name = keys.dedupe.name
        if not self.fuzzy and not self.paths:
            sys.exit("sluice_spark.py: --dedupe needs --key (exact mode) or --compare (fuzzy mode)")
        # Exact --mark writes every record with its cluster's size: the driver checks it.
        self.checks_whole_clusters = not self.fuzzy and self.mode == "mark"

    def key_pass(self, dedupe):
        """The first, partitioning run of exact mode: the same key, every record marked."""
        return [arg for arg in dedupe if arg not in ("--drop", "--merge", "--mark")] + ["--mark"]

    def partition_key(self, item, partitions, input_index):
        """(partition, input number, row) for a record; side items go first to partition 0."""
        if not isinstance(item, str):
            return (0, -1, 0)
        order = self.keys.order_key(item, input_index)
        if self.fuzzy:
            return (0,) + order
        return (self.keys.cluster_id(item) % partitions,) + order
