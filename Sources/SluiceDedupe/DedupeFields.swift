import SluiceCore

/// `sluice-dedupe`'s part of the record contract: the member `--mark` adds to each record (and
/// `--drop`/`--merge` to each kept one) and that object's fields, in the order `DedupeWriter`
/// writes them (its fast writer spells them pre-quoted and is held to its `JSONValue` form by
/// `DedupeWriterTests`). The report, `sluice-eval`, the bench and the Swift library read
/// clusters through these; the Spark driver and the Python scripts through `output`
/// (`--describe-output`).
///
///     {"title":"Vertigo",…,"dedupe":{"cluster":"3b61f30f2cbf45f4","size":2,"canonical":true,"score":0.9937}}
public enum DedupeFields {
    /// The member added to each record (`--as NAME` chooses another).
    public static let member = "dedupe"
    /// The cluster's id: 16 hex digits, the same on every run over the same records.
    public static let cluster = "cluster"
    public static let size = "size"
    /// True on the one record of its cluster that `--drop` keeps.
    public static let canonical = "canonical"
    /// The best match probability that linked the record (fuzzy mode; absent when unlinked).
    public static let score = "score"
    /// True on a large cluster whose chains were not checked.
    public static let weak = "weak"
    /// `--merge`: each member's record.
    public static let members = "members"

    /// `--block-keys` writes this instead of a cluster: per `--block` rule, the record's key
    /// (null when it has none), `{"block_keys":["vertigo",null]}` (`BlockKeyWriter`). It is not
    /// a field of a cluster, so `output` (what `--mark`, `--drop` and `--merge` write) leaves it out.
    public static let blockKeys = "block_keys"

    /// The member and its fields as `sluice-dedupe --describe-output` prints them.
    public static let output = OutputDescription(
        member: member, meaning: "the record's cluster of duplicates",
        fields: [
            .always(cluster, .string, meaning: "the cluster's id: 16 hex digits, the same on every run over the same records"),
            .always(size, .integer, meaning: "how many records the cluster holds"),
            .always(canonical, .boolean, meaning: "true on the one record of its cluster that --drop keeps"),
            .sometimes(score, .number, meaning: "fuzzy mode: the best match probability that linked the record (absent when unlinked)"),
            .sometimes(weak, .boolean, meaning: "true on a large cluster whose chains were not checked"),
            .sometimes(members, .array, meaning: "--merge: the provenance of every record merged into this one, in input order"),
        ])

    /// Every field, in the order written; `cluster`, `size` and `canonical` are always there.
    public static let all = output.names
    public static let required = output.required
}
