import SluiceCore

/// Where a member added to a spooled record goes: over the value of the record's first member
/// of that key, or after its last member. Noted while the record is parsed on the way in, so
/// writing it back is copying bytes around the new value, with no second parse.
///
///     let place = MemberPlace(record, key: "dedupe")     // record: {"title":"Vertigo"}
///     place.write(line, keyText: MemberPlace.keyText("dedupe"), value: one, to: &out)    // one: the bytes of 1
///     // {"title":"Vertigo","dedupe":1}, as record.write(adding: "dedupe", …) writes it
public struct MemberPlace: Sendable {
    /// The existing value's bytes in the line, or nil when the record has no such member.
    var existingValue: Range<Int>?
    var hasMembers: Bool

    public init(_ record: NDJSONRecord, key: String) {
        existingValue = record.member(named: key)?.value
        hasMembers = !record.members.isEmpty
    }

    init(existingValue: Range<Int>?, hasMembers: Bool) {
        self.existingValue = existingValue
        self.hasMembers = hasMembers
    }

    /// Whether a checked record's line (ending with its closing brace) has members: what
    /// precedes that brace, spaces aside, is not the opening one (`{ }` has none).
    static func hasMembers(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = line.count - 2
        while index >= 0, line[index] == 0x20 || line[index] == 0x09 || line[index] == 0x0D || line[index] == 0x0A { index -= 1 }
        return index >= 0 && line[index] != UInt8(ascii: "{")
    }

    /// Writes `line` (the record as spooled: it ends with its closing brace) with the member
    /// whose `keyText(_:)` is `keyText` set to `value` (JSON text), byte for byte as
    /// `NDJSONRecord.write(adding:)`.
    public func write(
        _ line: UnsafeBufferPointer<UInt8>, keyText: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]
    ) {
        if let existingValue {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: line[..<existingValue.lowerBound]))
            out.append(contentsOf: value)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: line[existingValue.upperBound...]))
            return
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: line[..<(line.count - 1)]))
        if hasMembers { out.append(UInt8(ascii: ",")) }
        out.append(contentsOf: keyText)
        out.append(contentsOf: value)
        out.append(UInt8(ascii: "}"))
    }

    /// A member's key as written before its value (`"dedupe":`), made once for every record.
    public static func keyText(_ key: String) -> [UInt8] {
        var text: [UInt8] = []
        JSONWriter.writeString(key, to: &text)
        text.append(UInt8(ascii: ":"))
        return text
    }
}
