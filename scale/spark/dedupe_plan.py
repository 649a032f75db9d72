"""How the Spark driver partitions records for sluice-dedupe, read from the stage's own options.

    >>> plan = DedupePlan(["--key", "title,address.key", "--mark"])
    >>> plan.fuzzy, plan.paths, plan.mode
    (False, ['title', 'address.key'], 'mark')

Exact mode (`--key`): a partition per hash of the key's values, so every cluster is whole in one
partition; sluice-dedupe then gives each cluster the id it gives on one machine (the hash of the
key), the same size and the same canonical record, because each partition is sorted in input
order. Fuzzy mode (`--compare`) with `--fuzzy global`: one partition holding every record in
input order, because the stage learns its model (u from random pairs, m by EM over all compared
pairs, term frequencies, the prior) from all of them and has no option to be given one.
"""

import json
import sys

import record_keys


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
    def __init__(self, args):
        self.args = args
        self.paths = option_values(args, "key")
        self.specs = option_values(args, "compare")
        self.rules = option_values(args, "block")
        self.fuzzy = bool(self.specs)
        modes = [mode for mode in ("mark", "drop", "merge") if f"--{mode}" in args]
        self.mode = modes[0] if modes else "mark"
        names = option_values(args, "as")
        self.member_name = names[0] if names else "dedupe"
        if "--fold" in args:
            # Records with equal folded keys (Foundation's case and accent folding) must share a
            # partition; a Python fold is not guaranteed to agree, and a cluster cut in two is wrong.
            sys.exit("sluice_spark.py: sluice-dedupe --fold is not supported on Spark: fold the key before (sluice-sanitize writes address.key folded)")
        if not self.fuzzy and not self.paths:
            sys.exit("sluice_spark.py: --dedupe needs --key (exact mode) or --compare (fuzzy mode)")
        # Exact --mark writes every record with its cluster's size: the driver checks it.
        self.checks_whole_clusters = not self.fuzzy and self.mode == "mark"

    def partition_key(self, item, partitions, input_index):
        """(partition, input number, row) for a record; side items go first to partition 0."""
        if not isinstance(item, str):
            return (0, -1, 0)
        order = record_keys.order_key(item, input_index)
        if self.fuzzy:
            return (0,) + order
        key = record_keys.exact_key(json.loads(item), self.paths)
        # A record without a key is a cluster of its own anywhere: spread those by provenance.
        text = key if key is not None else f"\x00{order[0]}:{order[1]}"
        return (record_keys.bucket(text, partitions),) + order
