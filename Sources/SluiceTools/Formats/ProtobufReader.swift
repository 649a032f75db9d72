/// Protocol Buffers' wire format, as much as OpenStreetMap's PBF needs: field keys, varints,
/// zigzag-coded signed numbers, fixed-width fields (skipped) and length-delimited fields (bytes,
/// strings, sub-messages, packed repeated numbers). No schema: each reader asks for the fields
/// it knows and skips the rest, as protobuf allows.
///
///     var reader = ProtobufReader([0x08, 0x96, 0x01])
///     try reader.field()     // (number: 1, wireType: .varint)
///     try reader.varint()    // 150
///
/// Every read is bounds-checked against the message's end: a varint longer than 10 bytes, a
/// length past the end, a group or an unknown wire type is a `ProtobufError` with its offset.
struct ProtobufReader {
    enum WireType: UInt64 { case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5 }

    /// Why a message cannot be read, and at which byte of its buffer.
    struct Failure: Error, Equatable {
        var offset: Int
        var reason: String
    }

    let bytes: [UInt8]
    private(set) var position: Int
    let end: Int

    /// A reader of `range` of `bytes` (the whole array by default).
    init(_ bytes: [UInt8], range: Range<Int>? = nil) {
        self.bytes = bytes
        position = range?.lowerBound ?? 0
        end = range?.upperBound ?? bytes.count
    }

    var atEnd: Bool { position >= end }

    /// A base-128 varint: 7 bits a byte, low first, at most 10 bytes (64 bits).
    mutating func varint() throws(Failure) -> UInt64 {
        let start = position
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw Failure(offset: start, reason: "truncated varint") }
            let byte = bytes[position]
            position += 1
            // The tenth byte holds bit 63 only.
            if shift == 63, byte > 1 { throw Failure(offset: start, reason: "varint longer than 64 bits") }
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// A zigzag-coded signed varint (`sint64`): 0, -1, 1, -2 ... as 0, 1, 2, 3 ...
    mutating func signedVarint() throws(Failure) -> Int64 { Self.zigzag(try varint()) }

    static func zigzag(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }

    /// The next field's key; nil at the end of the message.
    mutating func field() throws(Failure) -> (number: Int, wireType: WireType)? {
        guard !atEnd else { return nil }
        let start = position
        let key = try varint()
        guard let type = WireType(rawValue: key & 7) else {
            throw Failure(offset: start, reason: "unsupported wire type \(key & 7)")
        }
        guard key >> 3 > 0, key >> 3 <= 0x1fff_ffff else { throw Failure(offset: start, reason: "bad field number \(key >> 3)") }
        return (Int(key >> 3), type)
    }

    /// A length-delimited field's bytes, as a range of `bytes`.
    mutating func lengthDelimited() throws(Failure) -> Range<Int> {
        let start = position
        let length = try varint()
        guard length <= UInt64(end - position) else {
            throw Failure(offset: start, reason: "length \(length) runs past the end of the message (\(end - position) bytes left)")
        }
        let range = position..<(position + Int(length))
        position = range.upperBound
        return range
    }

    /// A length-delimited field as text (invalid UTF-8 repaired: names are for people).
    mutating func string() throws(Failure) -> String { String(decoding: bytes[try lengthDelimited()], as: UTF8.self) }

    /// A sub-message's reader.
    mutating func message() throws(Failure) -> ProtobufReader { ProtobufReader(bytes, range: try lengthDelimited()) }

    /// Skips a field of another number.
    mutating func skip(_ type: WireType) throws(Failure) {
        switch type {
        case .varint: _ = try varint()
        case .lengthDelimited: _ = try lengthDelimited()
        case .fixed64, .fixed32:
            let size = type == .fixed64 ? 8 : 4
            guard end - position >= size else { throw Failure(offset: position, reason: "truncated fixed-width field") }
            position += size
        }
    }

    /// A packed repeated varint field (also accepts one unpacked element, as protobuf must).
    mutating func packedVarints(_ type: WireType, into values: inout [UInt64]) throws(Failure) {
        guard type == .lengthDelimited else {
            guard type == .varint else { throw Failure(offset: position, reason: "expected a packed varint field") }
            values.append(try varint())
            return
        }
        var inner = try message()
        while !inner.atEnd { values.append(try inner.varint()) }
    }

    /// A packed repeated `sint64` field whose values are deltas from the one before: the
    /// running sums (OSM's ids, coordinates and way refs).
    mutating func packedDeltas(_ type: WireType, into values: inout [Int64]) throws(Failure) {
        var raw: [UInt64] = []
        try packedVarints(type, into: &raw)
        var sum: Int64 = values.last ?? 0
        values.reserveCapacity(values.count + raw.count)
        for value in raw {
            sum &+= Self.zigzag(value)
            values.append(sum)
        }
    }
}
