import SluiceCore

/// Exact mode: records whose key fields are all equal form a cluster. It keeps one entry per
/// distinct key (its hash and a label) and one label per record, never the records.
///
///     var matcher = ExactMatcher(paths: ["title", "address.key"], fold: false)
///     matcher.append(record)    // {"title":"Vertigo","address":{"key":"california st & mason st"}}
///     matcher.append(other)     // the same title and key: same label
///
/// Key values are compared as their JSON text (`"Vertigo"`, `1.0` ≠ `1`), or with `fold` as
/// normalised text (case, accents, punctuation and spacing ignored). A record with a key
/// field missing, null or empty is in no cluster but its own.
///
/// - Complexity: memory O(distinct keys + records × 8 bytes).
public struct ExactMatcher {
    public let paths: [String]
    public let fold: Bool
    public private(set) var labels: [Int] = []
    var labelOfKey: [String: Int] = [:]
    /// The stable id hash of each key's label.
    public private(set) var keyHashes: [Int: UInt64] = [:]
    public private(set) var withoutKey = 0

    public init(paths: [String], fold: Bool) {
        self.paths = paths
        self.fold = fold
    }

    public mutating func append(_ record: NDJSONRecord) {
        guard let key = key(of: record) else {
            withoutKey += 1
            // A label no key can take: negative and unique.
            labels.append(-1 - labels.count)
            return
        }
        if let label = labelOfKey[key] {
            labels.append(label)
        } else {
            let label = labelOfKey.count
            labelOfKey[key] = label
            keyHashes[label] = StableHash.of(key)
            labels.append(label)
        }
    }

    /// The record's key text: each field's JSON text (or normalised text), joined by a unit
    /// separator; nil when one is missing.
    func key(of record: NDJSONRecord) -> String? {
        var parts: [String] = []
        for path in paths {
            guard let value = record.value(atPath: path), value != .null, value != .string("") else { return nil }
            if fold {
                guard let text = TextNormalizer.text(of: value).flatMap(TextNormalizer.normalize) else { return nil }
                parts.append(text)
            } else {
                parts.append(JSONWriter.string(value))
            }
        }
        return parts.joined(separator: "\u{1F}")
    }
}
