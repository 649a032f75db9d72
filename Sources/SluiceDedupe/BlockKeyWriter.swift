import SluiceCore

/// `--block-keys`: every record written unchanged with its key under each `--block` rule, as
/// fuzzy mode computes it (`BlockingRule.key`), instead of being clustered. Nothing is learnt,
/// compared or held: a record in, the same record with the keys out. It lets a program outside
/// the stage (the Spark driver's `--fuzzy blocked`) put records that share a block together
/// without a second implementation of the normaliser, fingerprints, geohash or phonetic keys.
///
///     sluice-dedupe --compare title --block title:prefix3 --block year --block-keys
///     {"title":"Vertigo","year":1958}  →  {"title":"Vertigo","year":1958,"dedupe":{"block_keys":["ver","1958"]}}
///
/// A key of several parts joins them with U+001F (`"\u001f"` in the JSON text); a record that
/// lacks a part of a rule has null for that rule (it is in no block of it). Two records are
/// in one block of a rule exactly when their keys there are equal text.
///
/// - Complexity: O(rules) key computations per record; memory one record.
struct BlockKeyWriter {
    let rules: [BlockingRule]
    let member: ResultMember

    /// The keys of `record` under each rule, in `--block` order (nil: no key).
    func keys(_ record: NDJSONRecord) -> [String?] {
        rules.map { rule in rule.key { record.value(atPath: $0) } }
    }

    /// The member's value: `{"block_keys":[…]}`.
    func value(_ keys: [String?]) -> JSONValue {
        .object([DedupeFields.blockKeys: .array(keys.map { $0.map(JSONValue.string) ?? .null })])
    }

    /// Reads every record of `inputs` and writes it with its keys.
    func run(_ context: StageContext, inputs: [String]) throws {
        try context.forEachRecord(in: inputs) { record, location in
            try member.check(record, at: location)
            record.write(adding: member.name, value(keys(record)), to: &context.output.buffer)
            try context.output.endLine()
            context.accounting.recordsOut += 1
        }
    }
}
