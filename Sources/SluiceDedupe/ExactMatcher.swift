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
    /// Each distinct key's text, its label its id (0, 1, 2… in order of first appearance).
    var keys = ByteStringInterner()
    /// The stable id hash of each key's label.
    public private(set) var keyHashes: [Int: UInt64] = [:]
    public private(set) var withoutKey = 0

    public init(paths: [String], fold: Bool) {
        self.paths = paths
        self.fold = fold
    }

    public mutating func append(_ record: NDJSONRecord) {
        var text: [UInt8] = []
        guard ExactMatcher.key(of: record, paths: paths, fold: fold, into: &text) else { return append(key: nil) }
        text.withUnsafeBufferPointer { append(key: $0) }
    }

    /// Adds a record by its key text (`key(of:paths:fold:into:)`), nil when it has none.
    public mutating func append(key: UnsafeBufferPointer<UInt8>?) {
        guard let key else {
            withoutKey += 1
            // A label no key can take: negative and unique.
            labels.append(-1 - labels.count)
            return
        }
        let (id, isNew) = keys.intern(key)
        if isNew { keyHashes[Int(id)] = StableHash.of(key) }
        labels.append(Int(id))
    }

    /// Appends the record's key text to `out`: each field's JSON text (or normalised text),
    /// joined by a unit separator. False, leaving `out` as it was, when a field is missing,
    /// null or empty. A string without escapes, a number or a boolean is its text in the line
    /// as it stands (what `JSONWriter` writes of it); anything else is parsed and written.
    public static func key(of record: NDJSONRecord, paths: [String], fold: Bool, into out: inout [UInt8]) -> Bool {
        let start = out.count
        for (index, path) in paths.enumerated() {
            if index > 0 { out.append(0x1F) }
            guard append(record, path, fold: fold, to: &out) else {
                out.removeSubrange(start...)
                return false
            }
        }
        return true
    }

    private static func append(_ record: NDJSONRecord, _ path: String, fold: Bool, to out: inout [UInt8]) -> Bool {
        // Names compare as Swift strings on the parsed path; as bytes on the fast one, which
        // is the same comparison for ASCII names only.
        guard path.utf8.allSatisfy({ $0 < 0x80 }) else {
            guard let value = record.value(atPath: path), value != .null, value != .string("") else { return false }
            return append(value, fold: fold, to: &out)
        }
        guard let raw = rawValue(of: record, atPath: path), !isNullOrEmpty(raw) else { return false }
        if !fold, raw.first != UInt8(ascii: "{"), raw.first != UInt8(ascii: "["), !raw.contains(UInt8(ascii: "\\")) {
            out.append(contentsOf: raw)
            return true
        }
        return append((try? JSONParser.parse(raw)) ?? .null, fold: fold, to: &out)
    }

    private static func append(_ value: JSONValue, fold: Bool, to out: inout [UInt8]) -> Bool {
        guard fold else {
            JSONWriter.write(value, to: &out)
            return true
        }
        guard let text = TextNormalizer.text(of: value).flatMap(TextNormalizer.normalize) else { return false }
        out.append(contentsOf: text.utf8)
        return true
    }

    static func isNullOrEmpty(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        (raw.count == 4 && raw[0] == UInt8(ascii: "n")) || (raw.count == 2 && raw[0] == UInt8(ascii: "\""))
    }

    /// The JSON text at a dotted path (`address.key`), as `NDJSONRecord.value(atPath:)` finds
    /// the value, without parsing the objects on the way.
    static func rawValue(of record: NDJSONRecord, atPath path: String) -> UnsafeBufferPointer<UInt8>? {
        var parts = path.split(separator: ".", omittingEmptySubsequences: false)[...]
        guard let first = parts.popFirst(), let member = record.member(named: String(first)) else { return nil }
        var raw = record.rawValue(member)
        for part in parts {
            guard raw.first == UInt8(ascii: "{"), let nested = try? NDJSONRecord(raw), let inner = nested.member(named: String(part)) else {
                return nil
            }
            raw = nested.rawValue(inner)
        }
        return raw
    }
}
