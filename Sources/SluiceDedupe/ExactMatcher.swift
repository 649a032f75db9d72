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
    public let fields: KeyFields
    public private(set) var labels: [Int] = []
    /// Each distinct key's text, its label its id (0, 1, 2… in order of first appearance).
    var keys = ByteTable()
    /// The stable id hash of each key, by label.
    public private(set) var keyHashes: [UInt64] = []
    public private(set) var withoutKey = 0

    public init(paths: [String], fold: Bool) {
        fields = KeyFields(paths: paths, fold: fold)
    }

    public mutating func append(_ record: NDJSONRecord) {
        var text: [UInt8] = []
        guard fields.key(of: record, into: &text) else { return append(key: nil) }
        text.withUnsafeBufferPointer { append(key: $0) }
    }

    /// Adds a record by its key text (`KeyFields.key(of:into:)`), nil when it has none.
    public mutating func append(key: UnsafeBufferPointer<UInt8>?) {
        guard let key else {
            withoutKey += 1
            // A label no key can take: negative and unique.
            labels.append(-1 - labels.count)
            return
        }
        let (id, isNew) = keys.intern(key)
        if isNew { keyHashes.append(StableHash.of(key)) }
        labels.append(Int(id))
    }

    static func isNullOrEmpty(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        (raw.count == 4 && raw[0] == UInt8(ascii: "n")) || (raw.count == 2 && raw[0] == UInt8(ascii: "\""))
    }
}

extension ExactMatcher {
    /// The key fields of exact mode, with each path split into member names once: splitting
    /// `address.key` per record was a sixth of the stage's instructions.
    ///
    ///     let fields = ExactMatcher.KeyFields(paths: ["title", "address.key"], fold: false)
    ///     fields.key(of: record, into: &out)    // "Vertigo"␟"mason st" appended, true
    public struct KeyFields: Sendable {
        public let paths: [String]
        public let fold: Bool
        /// Each path's member names (`["address", "key"]`), and whether all are ASCII.
        let parts: [[String]]
        let isASCII: [Bool]

        public init(paths: [String], fold: Bool) {
            self.paths = paths
            self.fold = fold
            parts = paths.map { $0.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
            isASCII = paths.map { $0.utf8.allSatisfy { $0 < 0x80 } }
        }

        /// Appends the record's key text to `out`: each field's JSON text (or normalised text),
        /// joined by a unit separator. False, leaving `out` as it was, when a field is missing,
        /// null or empty. A string without escapes, a number or a boolean is its text in the line
        /// as it stands (what `JSONWriter` writes of it); anything else is parsed and written.
        public func key(of record: NDJSONRecord, into out: inout [UInt8]) -> Bool {
            let start = out.count
            for index in paths.indices {
                if index > 0 { out.append(0x1F) }
                guard append(record, field: index, to: &out) else {
                    out.removeSubrange(start...)
                    return false
                }
            }
            return true
        }

        private func append(_ record: NDJSONRecord, field: Int, to out: inout [UInt8]) -> Bool {
            // Names compare as Swift strings on the parsed path; as bytes on the fast one, which
            // is the same comparison for ASCII names only.
            guard isASCII[field] else {
                guard let value = record.value(atPath: paths[field]), value != .null, value != .string("") else { return false }
                return append(value, to: &out)
            }
            guard let raw = record.rawValue(atPath: parts[field]), !isNullOrEmpty(raw) else { return false }
            if !fold, raw.first != UInt8(ascii: "{"), raw.first != UInt8(ascii: "["), !raw.contains(UInt8(ascii: "\\")) {
                out.append(contentsOf: raw)
                return true
            }
            return append((try? JSONParser.parse(raw)) ?? .null, to: &out)
        }

        private func append(_ value: JSONValue, to out: inout [UInt8]) -> Bool {
            guard fold else {
                JSONWriter.write(value, to: &out)
                return true
            }
            guard let text = TextNormalizer.text(of: value).flatMap(TextNormalizer.normalize) else { return false }
            out.append(contentsOf: text.utf8)
            return true
        }
    }
}
