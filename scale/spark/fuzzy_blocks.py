"""Fuzzy dedupe spread over partitions by blocking key (`--fuzzy blocked`): approximate.

Keys: `sluice-dedupe --block-keys` at the end of each sanitize | geocode chain writes every
record's key under each --block rule, computed by the stage itself (its normaliser,
fingerprint, geohash, soundex, metaphone): no key is computed here. The member is read and
cut off again (`record_keys.block_keys`), so every later step sees the geocoded record.

Each record goes to the partition of each of its keys (a record in several blocks goes to
each), every partition is sorted in input order and piped through `sluice-dedupe --mark`, and
the partitions' clusters are joined into clusters by connected components, found by iterative
label propagation: a record takes the smallest id among its partitions' clusters, a cluster the
smallest label among its records, until nothing changes. The smallest id is what the single
machine gives a component too (a cluster's id is its smallest member hash), so an unsplit
component gets the same id, size and canonical record (the most complete, earliest on ties).

What differs from one machine, and why the result is approximate: each partition's
sluice-dedupe learns its own model from its own records (u from random pairs inside the
partition, term frequencies counted there, the prior from its record count), so a pair near the
threshold can link on one side and not the other; a block over --max-block inside a partition is
compared all-to-all when it is smaller there; chained components joined across partitions are
not split again; the score is the best a partition gave.
"""

import json
import sys

import record_keys
from pyspark import StorageLevel

def keys_pass(dedupe):
    """The first run, at the end of each sanitize | geocode chain: every record with its keys."""
    return [arg for arg in dedupe if arg not in ("--drop", "--merge", "--mark")] + ["--block-keys"]


def completeness(line):
    """Members that are not null or empty text (sluice-dedupe's RecordFacts), repeated keys counted."""
    pairs = json.loads(line, object_pairs_hook=lambda members: members)
    return sum(1 for _, value in pairs if value is not None and value != "")


def blocked(records, dedupe, plan, partitions, input_index, keep_rejects, run_stages):
    """The records with their clusters (and the side items), as `sluice-dedupe --mark` or
    `--drop` would write them, found per partition of blocking keys. `records` carry the keys
    pass's member."""
    if plan.mode == "merge":
        sys.exit("sluice_spark.py: --fuzzy blocked writes --mark or --drop; --merge needs --fuzzy global")
    member = plan.member_name
    # Each record as (order, line without the keys pass's member, keys), beside the side items;
    # kept, because it is read twice (spread, output) and the stages run once.
    items = records.map(lambda item: (True, split(item, member, input_index)) if isinstance(item, str) else (False, item))
    items = items.persist(StorageLevel.MEMORY_AND_DISK)
    lines = items.filter(lambda t: t[0]).map(lambda t: t[1])
    incoming_sides = items.filter(lambda t: not t[0]).map(lambda t: t[1])
    argv = [arg for arg in dedupe if arg not in ("--drop", "--merge", "--mark")] + ["--mark"]

    # Each block whole in one partition, each partition in input order.
    def spread(item):
        order, line, keys = item
        buckets = {record_keys.bucket(f"{rule}\x00{key}", partitions) for rule, key in enumerate(keys) if key is not None}
        return [((b,) + order, line) for b in sorted(buckets or {record_keys.bucket(f"{order}", partitions)})]

    parts = lines.flatMap(spread).union(incoming_sides.map(lambda item: ((0, -1, 0), item)))
    parts = parts.repartitionAndSortWithinPartitions(partitions, partitionFunc=lambda key: key[0])
    marked = parts.values().mapPartitions(lambda part: run_stages(part, [("sluice-dedupe", argv)], keep_rejects)).cache()
    sides = marked.filter(lambda item: not isinstance(item, str))
    marked_lines = marked.filter(lambda item: isinstance(item, str))

    def local(line):
        value, _ = record_keys.dedupe_member(line, member)
        return (record_keys.order_key(line, input_index), (value["cluster"], value.get("score"), bool(value.get("weak"))))

    edges = marked_lines.map(local).cache()
    # Label propagation over records and the partitions' clusters: (record, cluster) edges.
    record_cluster = edges.map(lambda kv: (kv[0], kv[1][0])).cache()
    cluster_record = record_cluster.map(lambda kv: (kv[1], kv[0])).cache()
    labels = record_cluster.reduceByKey(min).cache()
    while True:
        cluster_labels = record_cluster.join(labels).map(lambda kv: kv[1]).reduceByKey(min)
        updated = cluster_record.join(cluster_labels).map(lambda kv: kv[1]).reduceByKey(min).cache()
        changed = updated.join(labels).filter(lambda kv: kv[1][0] != kv[1][1]).count()
        labels.unpersist()
        labels = updated
        if changed == 0:
            break

    scores = edges.map(lambda kv: (kv[0], (kv[1][1], kv[1][2]))).reduceByKey(lambda a, b: (best(a[0], b[0]), a[1] or b[1]))
    base = lines.map(lambda t: (t[0], (t[1], completeness(t[1]))))
    joined = base.join(labels).join(scores).map(lambda kv: (kv[1][0][1], (kv[0], kv[1][0][0], kv[1][1])))
    # joined: (cluster, (order, (line, completeness), (score, weak)))
    clusters = joined.groupByKey(numPartitions=partitions)
    written = clusters.flatMap(lambda kv: write_cluster(kv[0], list(kv[1]), member, plan.mode))
    return written.union(sides)


def split(line, member, input_index):
    """(order, the line without the keys pass's member, the keys)."""
    keys, base = record_keys.block_keys(line, member)
    return (record_keys.order_key(base, input_index), base, keys)


def best(a, b):
    if a is None:
        return b
    if b is None:
        return a
    return a if float(a) >= float(b) else b


def write_cluster(cluster, members, member_name, mode):
    """Each member's line with the dedupe member appended, as DedupeWriter writes it."""
    members.sort(key=lambda m: m[0])
    canonical = min(members, key=lambda m: (-m[1][1], m[0]))[0]
    weak = any(m[2][1] for m in members)
    size = len(members)
    for order, (line, _), (score, _) in members:
        if mode == "drop" and order != canonical:
            continue
        text = f'{{"cluster":"{cluster}","size":{size},"canonical":{"true" if order == canonical else "false"}'
        if size > 1 and score is not None:
            text += f',"score":{format_score(score)}'
        if weak:
            text += ',"weak":true'
        yield f'{line[:-1]},"{member_name}":{text}}}}}'


def format_score(score):
    text = f"{float(score):.4f}".rstrip("0").rstrip(".")
    return text
