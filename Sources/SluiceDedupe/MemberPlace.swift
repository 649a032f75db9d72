import SluiceCore

/// Where a member added to a spooled record goes: over the value of the record's first member
/// of that key, or after its last member. Noted while the record is parsed on the way in, so
/// writing it back is copying bytes around the new value, with no second parse.
///
///     let place = MemberPlace(record, key: "dedupe")     // record: {"title":"Vertigo"}
///     place.write(line, key: "dedupe", to: &out) { $0 += Array("1".utf8) }
///     // {"title":"Vertigo","dedupe":1}, as record.write(adding: "dedupe", …) writes it
public struct MemberPlace: Sendable {
    /// The existing value's bytes in the line, or nil when the record has no such member.
    var existingValue: Range<Int>?
    var hasMembers: Bool

    public init(_ record: NDJSONRecord, key: String) {
        existingValue = record.member(named: key)?.value
        hasMembers = !record.members.isEmpty
    }

    /// Writes `line` (the record as spooled: it ends with its closing brace) with the member
    /// `key` set to what `writeValue` writes, byte for byte as `NDJSONRecord.write(adding:)`.
    public func write(_ line: UnsafeBufferPointer<UInt8>, key: String, to out: inout [UInt8], value writeValue: (inout [UInt8]) -> Void) {
        if let existingValue {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: line[..<existingValue.lowerBound]))
            writeValue(&out)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: line[existingValue.upperBound...]))
            return
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: line[..<(line.count - 1)]))
        if hasMembers { out.append(UInt8(ascii: ",")) }
        JSONWriter.writeString(key, to: &out)
        out.append(UInt8(ascii: ":"))
        writeValue(&out)
        out.append(UInt8(ascii: "}"))
    }
}
