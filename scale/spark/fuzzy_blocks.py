"""Fuzzy dedupe spread over partitions by blocking key (`--fuzzy blocked`): approximate.

Each record goes to the partition of each of its blocking keys (a record in several blocks goes
to each), every partition is sorted in input order and piped through `sluice-dedupe --mark`, and
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
not split again; the score is the best a partition gave. Partitioning keys are computed here in
Python (normalised text as sluice-dedupe does it for ASCII; accents folded by Unicode
decomposition, which may differ from Foundation's folding for some letters; `soundex` coarsened
to its first letter; `metaphone` refused).
"""

import json
import math
import sys
import unicodedata

import record_keys
from pyspark import StorageLevel

GEOHASH = "0123456789bcdefghjkmnpqrstuvwxyz"


def normalize(text):
    """sluice-dedupe's TextNormalizer: lower case, accents removed, an apostrophe dropped,
    anything else that is not a letter or digit a word break."""
    if not text.isascii():
        text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    words, current = [], []
    for char in text.lower():
        if char in "'\u2019":
            continue
        if char.isalnum():
            current.append(char)
        elif current:
            words.append("".join(current))
            current = []
    if current:
        words.append("".join(current))
    return " ".join(words) or None


def value_text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return json.dumps(value)
    return None


def geohash(lat, lon, precision):
    if not (isinstance(lat, (int, float)) and isinstance(lon, (int, float))) or isinstance(lat, bool):
        return None
    if not (math.isfinite(lat) and math.isfinite(lon) and abs(lat) <= 90 and abs(lon) <= 180):
        return None
    lat_range, lon_range, out, bits, value, even = [-90.0, 90.0], [-180.0, 180.0], [], 0, 0, True
    while len(out) < max(1, min(12, precision)):
        point, span = (lon, lon_range) if even else (lat, lat_range)
        mid = (span[0] + span[1]) / 2
        if point >= mid:
            value, span[0] = value << 1 | 1, mid
        else:
            value, span[1] = value << 1, mid
        even, bits = not even, bits + 1
        if bits == 5:
            out.append(GEOHASH[value])
            bits, value = 0, 0
    return "".join(out)


def field(value, path):
    """The value at a dotted path (`address.key`), None when a step is missing or not an object."""
    for part in path.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


def part_key(record, path, transform):
    """One part of a blocking key, coarse enough that equal sluice-dedupe keys give equal keys."""
    value = field(record, path)
    if transform.startswith("geohash"):
        return geohash(value.get("lat"), value.get("lon"), int(transform[7:])) if isinstance(value, dict) else None
    text = value_text(value)
    text = normalize(text) if text is not None else None
    if text is None:
        return None
    if transform == "exact":
        return text
    if transform.startswith("prefix"):
        return text[: int(transform[6:])]
    if transform == "fingerprint":
        return " ".join(sorted(set(text.split(" "))))
    if transform == "soundex":
        first = next((c for c in text.split(" ")[0] if "a" <= c <= "z"), None)
        return first
    raise ValueError(f"blocking transform {transform}")


def block_keys(record, rules):
    """The record's key under each rule (None when a part is missing)."""
    keys = []
    for rule in rules:
        parts = []
        for part in rule.split("+"):
            path, _, transform = part.partition(":")
            key = part_key(record, path, transform or "exact")
            if key is None:
                break
            parts.append(key)
        keys.append("\x1f".join(parts) if len(parts) == len(rule.split("+")) else None)
    return keys


def completeness(line):
    """Members that are not null or empty text (sluice-dedupe's RecordFacts), repeated keys counted."""
    pairs = json.loads(line, object_pairs_hook=lambda members: members)
    return sum(1 for _, value in pairs if value is not None and value != "")


def blocked(records, dedupe, plan, partitions, input_index, keep_rejects, run_stages):
    """The records with their clusters (and the side items), as `sluice-dedupe --mark` or
    `--drop` would write them, found per partition of blocking keys."""
    if plan.mode == "merge":
        sys.exit("sluice_spark.py: --fuzzy blocked writes --mark or --drop; --merge needs --fuzzy global")
    if any(":metaphone" in rule for rule in plan.rules):
        sys.exit("sluice_spark.py: --fuzzy blocked cannot partition by metaphone keys; use --fuzzy global")
    member = plan.dedupe
    # Read twice (spread to blocks, and joined back with the clusters): the stages run once.
    records = records.persist(StorageLevel.MEMORY_AND_DISK)
    argv = [arg for arg in dedupe if arg not in ("--drop", "--merge")] + ["--mark"]

    def spread(item):
        if not isinstance(item, str):
            return [((0, -1, 0), item)]
        order = plan.keys.order_key(item, input_index)
        buckets = {record_keys.bucket(f"{rule}\x00{key}", partitions) for rule, key in enumerate(block_keys(json.loads(item), plan.rules)) if key is not None}
        return [((b,) + order, item) for b in sorted(buckets or {record_keys.bucket(f"{order}", partitions)})]

    parts = records.flatMap(spread).repartitionAndSortWithinPartitions(partitions, partitionFunc=lambda key: key[0])
    marked = parts.values().mapPartitions(lambda part: run_stages(part, [("sluice-dedupe", argv)], keep_rejects)).cache()
    sides = marked.filter(lambda item: not isinstance(item, str))
    lines = marked.filter(lambda item: isinstance(item, str))

    def local(line):
        value, _ = plan.keys.dedupe_member(line)
        return (plan.keys.order_key(line, input_index), (value[member.cluster], value.get(member.score), bool(value.get(member.weak))))

    edges = lines.map(local).cache()
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
    base = records.filter(lambda item: isinstance(item, str)).map(lambda line: (plan.keys.order_key(line, input_index), (line, completeness(line))))
    joined = base.join(labels).join(scores).map(lambda kv: (kv[1][0][1], (kv[0], kv[1][0][0], kv[1][1])))
    # joined: (cluster, (order, (line, completeness), (score, weak)))
    clusters = joined.groupByKey(numPartitions=partitions)
    written = clusters.flatMap(lambda kv: write_cluster(kv[0], list(kv[1]), member, plan.mode))
    return written.union(sides)


def best(a, b):
    if a is None:
        return b
    if b is None:
        return a
    return a if float(a) >= float(b) else b


def write_cluster(cluster, members, dedupe, mode):
    """Each member's line with the dedupe member (`dedupe`, a sluice_contract.Member) appended,
    as DedupeWriter writes it."""
    members.sort(key=lambda m: m[0])
    canonical = min(members, key=lambda m: (-m[1][1], m[0]))[0]
    weak = any(m[2][1] for m in members)
    size = len(members)
    for order, (line, _), (score, _) in members:
        if mode == "drop" and order != canonical:
            continue
        text = f'{{"{dedupe.cluster}":"{cluster}","{dedupe.size}":{size},"{dedupe.canonical}":{"true" if order == canonical else "false"}'
        if size > 1 and score is not None:
            text += f',"{dedupe.score}":{format_score(score)}'
        if weak:
            text += f',"{dedupe.weak}":true'
        yield f'{line[:-1]},"{dedupe.name}":{text}}}}}'


def format_score(score):
    text = f"{float(score):.4f}".rstrip("0").rstrip(".")
    return text
