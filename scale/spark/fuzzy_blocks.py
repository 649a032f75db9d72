"""Fuzzy dedupe spread over partitions by blocking key (`--fuzzy blocked`), with one model.

1. Keys. `sluice-dedupe --block-keys` at the end of each sanitize | geocode chain writes every
   record's key under each --block rule, computed by the stage itself (its normaliser,
   fingerprint, geohash, soundex, metaphone): no key is computed here. The member is read and
   cut off again (`RecordKeys.block_keys`), so every later step sees the geocoded record.
2. One model. `sluice-dedupe --model-out` runs once over every record in input order (one task,
   as `--fuzzy global` does) and the model it writes (m and u per level, the prior, the
   threshold, the counts it weighed equal values by, its oversized blocks, u per block rule) is
   kept in OUT and shipped to every partition with SparkContext.addFile; every later run scores
   with `--model FILE`, so a pair scores the same in every partition as on one machine. It is
   learnt on all records, not a sample: a run with --model weighs an equal value by the larger
   of the model's count and its own, so counts from a sample would differ from partition to
   partition, and which blocks are over --max-block must be known over all records.
3. Links. Each record goes to the partition of each of its keys (a record in several blocks
   goes to each), so every block of every rule is whole in one partition; each partition, in
   input order, goes through `sluice-dedupe --mark --model FILE --min-density 0`, whose clusters
   are then the connected components of that partition's links (chains are checked in step 4).
   The partitions' clusters are joined by connected components, found by iterative label
   propagation: a record takes the smallest id among its partitions' clusters, a cluster the
   smallest label among its records, until nothing changes.
4. Clusters. The records are partitioned again by component, each component whole in one
   partition and each partition in input order, and `sluice-dedupe --model FILE` (with the
   user's --mark, --drop or --merge and --min-density) writes them: its chains checked over the
   whole component, its ids, sizes, scores, canonical records and bytes written by the stage.

Why the last pass gives the single machine's clusters: every pair one machine links shares a
block, whole in some partition of step 3, and scores the same there (the same model), so the
components of step 3 hold one machine's; in step 4 a pair of a component's records is compared
only if one machine compares it too (a part of a block yields a part of its pairs), except in a
block over --max-block, compared by sorted neighbourhood over the records a run holds: such a
block joins the components of its records for step 4 (it is found by its size: at least the
smallest the model lists), so it is whole there and windowed as on one machine. In step 3 a
partition may hold a part of such a block (records that came for another rule's key) and link
records one machine does not compare: that only joins components for step 4, which links them
again itself.
"""

import json
import os
import sys
import tempfile

import record_keys

MODEL_FILE = "dedupe-model.json"


def keys_pass(dedupe):
    """The first run, at the end of each sanitize | geocode chain: every record with its keys.

    >>> keys_pass(["sluice-dedupe", "--compare", "title", "--block", "title", "--drop", "--model-out", "m.json"])
    ['sluice-dedupe', '--compare', 'title', '--block', 'title', '--block-keys']
    """
    flags = ("--drop", "--merge", "--mark", "--explain-model", "--explain-blocking")
    return without_options(dedupe, flags, ("--model-out", "--pairs")) + ["--block-keys"]


def learn_model(items, argv, run_stages, stage):
    """One task over every record in input order: the stage's --model-out, as ("model", text),
    and the stage's log and CPU (its records, and its rejects, are the last pass's to write)."""
    with tempfile.TemporaryDirectory(prefix="sluice-spark-model-") as work:
        path = os.path.join(work, MODEL_FILE)
        yield from side_items(run_stages(items, [(stage, argv + ["--model-out", path])], False))
        if os.path.exists(path):  # no records, no model
            with open(path, encoding="utf-8") as model:
                yield ("model", model.read())


def side_items(items):
    """The logs and CPU times of a pass whose records (and rejects) another pass writes."""
    return (item for item in items if not isinstance(item, str) and item[0] != "reject")


def blocked(records, dedupe, plan, partitions, input_index, keep_rejects, run_stages, ship, passes, step):
    """The records with their clusters (and the side items) as `sluice-dedupe` writes them,
    found per partition of blocking keys with one model. `records` carry the keys pass's
    member; `ship(name, text)` keeps a file in OUT, gives it to every executor and returns the
    argument naming it there; `passes` names the model, link and last passes in the logs;
    `step(name, body)` runs and times a step that runs a job."""
    if any(arg in ("--model", "--against") or arg.startswith(("--model=", "--against=")) for arg in dedupe):
        sys.exit("sluice_spark.py: --fuzzy blocked learns its model (--model-out once, then --model everywhere); leave out --model and --against")
    from pyspark import StorageLevel

    keys_of = plan.keys  # names the members as the stages describe them (--describe-output)
    cluster_field = plan.dedupe.cluster
    model_pass, link_pass, last_pass = passes
    # Each record as (order, line without the keys pass's member, keys), beside the side items;
    # kept, because it is read three times (model, links, last pass) and the stages run once.
    items = records.map(lambda item: (True, split(item, keys_of, input_index)) if isinstance(item, str) else (False, item))
    items = items.persist(StorageLevel.MEMORY_AND_DISK)
    lines = items.filter(lambda t: t[0]).map(lambda t: t[1])
    incoming_sides = items.filter(lambda t: not t[0]).map(lambda t: ((0, -1, 0), t[1]))
    argv = without_options(dedupe, ("--drop", "--merge", "--mark"), ("--model-out",))

    # 2. The model, learnt once over every record in input order.
    in_order = lines.map(lambda t: ((0,) + t[0], t[1])).repartitionAndSortWithinPartitions(1, partitionFunc=lambda key: 0).values()
    learn = in_order.mapPartitions(lambda part: learn_model(part, argv + ["--drop"], run_stages, model_pass))
    learnt = step("stages, blocking keys, the model learnt once (--model-out)", learn.collect)
    models = [item[1] for item in learnt if item[0] == "model"]
    model = ["--model", ship(MODEL_FILE, models[0])] if models else []

    # 3. Links per partition of blocks, joined into components.
    def spread(item):
        order, line, keys = item
        buckets = {record_keys.bucket(f"{rule}\x00{key}", partitions) for rule, key in enumerate(keys) if key is not None}
        return [((b,) + order, line) for b in sorted(buckets or {record_keys.bucket(f"{order}", partitions)})]

    linking = without_options(argv, (), ("--min-density",)) + ["--mark", "--min-density", "0"] + model
    by_block = lines.flatMap(spread).repartitionAndSortWithinPartitions(partitions, partitionFunc=lambda key: key[0])
    linked = by_block.values().mapPartitions(lambda part: run_stages(part, [(link_pass, linking)], keep_rejects)).cache()
    link_sides = linked.filter(lambda item: not isinstance(item, str)).mapPartitions(side_items)

    def edge(line):
        value, _ = keys_of.dedupe_member(line)
        return (keys_of.order_key(line, input_index), value[cluster_field])

    record_cluster = linked.filter(lambda item: isinstance(item, str)).map(edge)
    # A block over --max-block is compared by sorted neighbourhood over the records a run holds:
    # the last pass must hold it whole, so it joins the components of its records.
    smallest = oversized_sizes(models[0]) if models else []
    if any(smallest):
        counts = lines.flatMap(lambda t: [((rule, key), 1) for rule, key in enumerate(t[2]) if key is not None and smallest[rule]])
        large = set(counts.reduceByKey(lambda a, b: a + b).filter(lambda kv: kv[1] >= smallest[kv[0][0]]).keys().collect())
        in_large = lines.flatMap(lambda t: [(t[0], f"block {rule}\x00{key}") for rule, key in enumerate(t[2]) if (rule, key) in large])
        record_cluster = record_cluster.union(in_large)
    record_cluster = record_cluster.cache()
    labels = step("dedupe per block, components by label propagation", lambda: components(record_cluster))

    # 4. Each component whole in one partition, in input order, written by the stage.
    by_component = lines.map(lambda t: (t[0], t[1])).join(labels)
    by_component = by_component.map(lambda kv: ((record_keys.bucket(kv[1][1], partitions),) + kv[0], kv[1][0])).union(incoming_sides)
    by_component = by_component.repartitionAndSortWithinPartitions(partitions, partitionFunc=lambda key: key[0])
    writing = argv + [f"--{plan.mode}"] + model
    written = by_component.values().mapPartitions(lambda part: run_stages(part, [(last_pass, writing)], keep_rejects))
    return written.union(link_sides).union(records.context.parallelize([item for item in learnt if item[0] != "model"], 1))


def oversized_sizes(model_text):
    """Per --block rule, the size of the smallest block the model's run found over --max-block
    (None when it found none). A block is over --max-block exactly when it holds at least that
    many records: the model lists every such block, and no smaller one.

    >>> oversized_sizes('{"format":"sluice-dedupe-model","oversized":[{"8c1f":140,"03ab":102},{}]}')
    [102, None]
    """
    return [min(blocks.values()) if blocks else None for blocks in json.loads(model_text).get("oversized", [])]


def components(record_cluster):
    """(record, label) for (record, cluster) edges: the smallest cluster id of the record's
    connected component, by label propagation (each round a few joins, then a count)."""
    cluster_record = record_cluster.map(lambda kv: (kv[1], kv[0])).cache()
    labels = record_cluster.reduceByKey(min).cache()
    while True:
        cluster_labels = record_cluster.join(labels).map(lambda kv: kv[1]).reduceByKey(min)
        updated = cluster_record.join(cluster_labels).map(lambda kv: kv[1]).reduceByKey(min).cache()
        changed = updated.join(labels).filter(lambda kv: kv[1][0] != kv[1][1]).count()
        labels.unpersist()
        labels = updated
        if changed == 0:
            return labels


def split(line, keys_of, input_index):
    """(order, the line without the keys pass's member, the keys); `keys_of` a RecordKeys."""
    keys, base = keys_of.block_keys(line)
    return (keys_of.order_key(base, input_index), base, keys)


def without_options(args, flags, valued):
    """The arguments without the `flags` and without each option of `valued` and its value
    (`--name VALUE` or `--name=VALUE`).

    >>> without_options(["--compare", "a", "--mark", "--model-out", "m.json", "--min-density=0.3"], ("--mark",), ("--model-out", "--min-density"))
    ['--compare', 'a']
    """
    out, skip = [], False
    for arg in args:
        if skip:
            skip = False
        elif arg in valued:
            skip = True
        elif arg not in flags and not any(arg.startswith(name + "=") for name in valued):
            out.append(arg)
    return out
