extension NDJSONRecord {
    /// The JSON text of the member named `key` (the first, if repeated) in `object`, the text
    /// of an object inside a checked record (a member's `rawValue`), or nil when it has none.
    ///
    ///     NDJSONRecord.rawValue(ofMember: "key", inCheckedObject: #"{"raw":"Mason St","key":"mason st"}"#)
    ///     // "mason st" with its quotes
    ///
    /// The record's check already covered these bytes, so strings and brackets are only
    /// skipped (`CheckedJSON`), not checked again and no member list is built: reading `address.key` this way
    /// took `sluice-dedupe --key address.key` 5.5% fewer instructions than `NDJSONRecord(raw)`.
    ///
    /// - Complexity: O(n) in the object's length up to the member.
    public static func rawValue(ofMember key: String, inCheckedObject object: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        var wanted = key
        return wanted.withUTF8 { wanted -> UnsafeBufferPointer<UInt8>? in
            var index = CheckedJSON.skipSpace(object, from: 0)
            guard index < object.count, object[index] == UInt8(ascii: "{") else { return nil }
            index += 1
            while true {
                index = CheckedJSON.skipSpace(object, from: index)
                guard index < object.count, object[index] == UInt8(ascii: "\"") else { return nil }
                let (quote, escaped) = CheckedJSON.stringEnd(object, from: index + 1)
                guard quote < object.count else { return nil }
                let name = UnsafeBufferPointer(rebasing: object[(index + 1)..<quote])
                index = CheckedJSON.skipSpace(object, from: quote + 1) + 1  // the colon
                let valueStart = CheckedJSON.skipSpace(object, from: min(index, object.count))
                let valueEnd = CheckedJSON.valueEnd(object, from: valueStart)
                if isKey(name, escaped: escaped, wanted) { return UnsafeBufferPointer(rebasing: object[valueStart..<valueEnd]) }
                index = CheckedJSON.skipSpace(object, from: valueEnd)
                guard index < object.count, object[index] == UInt8(ascii: ",") else { return nil }
                index += 1
            }
        }
    }

    /// The JSON text at a dotted path given as its parts (`["address", "key"]`), as
    /// `value(atPath:)` finds the value, without parsing the objects on the way; nil when a part
    /// is missing or what it reaches into is not an object.
    ///
    ///     record.rawValue(atPath: ["address", "key"])   // "mason st" with its quotes
    public func rawValue(atPath parts: [String]) -> UnsafeBufferPointer<UInt8>? {
        guard let first = parts.first, let member = member(named: first) else { return nil }
        var raw = rawValue(member)
        for part in parts.dropFirst() {
            guard raw.first == UInt8(ascii: "{"), let inner = Self.rawValue(ofMember: part, inCheckedObject: raw) else { return nil }
            raw = inner
        }
        return raw
    }

    /// A string's text, unescaped, from its JSON text inside a checked record (a member's
    /// `rawValue`, or what `rawValue(ofMember:inCheckedObject:)` found); nil for any other
    /// value. What `JSONValue.stringValue` gives for the parsed value, without parsing it.
    ///
    ///     NDJSONRecord.stringValue(ofChecked: #""caf\u00e9""#)   // "café"
    ///     NDJSONRecord.stringValue(ofChecked: "12")              // nil
    public static func stringValue(ofChecked raw: UnsafeBufferPointer<UInt8>) -> String? {
        guard raw.count >= 2, raw[0] == UInt8(ascii: "\""), raw[raw.count - 1] == UInt8(ascii: "\"") else { return nil }
        let body = UnsafeBufferPointer(rebasing: raw[1..<(raw.count - 1)])
        return body.contains(UInt8(ascii: "\\")) ? JSONParser.unescape(body) : String(decoding: body, as: UTF8.self)
    }
}
