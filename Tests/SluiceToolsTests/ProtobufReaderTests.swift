import Testing

@testable import SluiceTools

@Suite struct ProtobufReaderTests {
    func varint(_ bytes: [UInt8]) throws(ProtobufReader.Failure) -> UInt64 {
        var reader = ProtobufReader(bytes)
        return try reader.varint()
    }

    @Test func varintsAtTheirLimits() throws {
        #expect(try varint([0]) == 0)
        #expect(try varint([0x7f]) == 127)
        #expect(try varint([0x80, 0x01]) == 128)
        #expect(try varint([0x96, 0x01]) == 150)
        #expect(try varint([0xff, 0xff, 0xff, 0xff, 0x0f]) == UInt64(UInt32.max))
        #expect(try varint(Array(repeating: 0xff, count: 9) + [0x01]) == UInt64.max)
        // A redundant continuation is still one varint (protobuf allows padding to 10 bytes).
        #expect(try varint([0x80, 0x80, 0x00]) == 0)
    }

    @Test func varintsPastSixtyFourBitsOrTheEndAreErrors() {
        #expect(throws: ProtobufReader.Failure(offset: 0, reason: "varint longer than 64 bits")) {
            try varint(Array(repeating: 0xff, count: 9) + [0x02])
        }
        #expect(throws: ProtobufReader.Failure(offset: 0, reason: "varint longer than 64 bits")) {
            try varint(Array(repeating: 0x80, count: 10) + [0x01])
        }
        #expect(throws: ProtobufReader.Failure(offset: 0, reason: "truncated varint")) { try varint([0x80, 0x80]) }
        #expect(throws: ProtobufReader.Failure(offset: 0, reason: "truncated varint")) { try varint([]) }
    }

    @Test func zigzag() {
        #expect(ProtobufReader.zigzag(0) == 0)
        #expect(ProtobufReader.zigzag(1) == -1)
        #expect(ProtobufReader.zigzag(2) == 1)
        #expect(ProtobufReader.zigzag(3) == -2)
        #expect(ProtobufReader.zigzag(UInt64.max - 1) == Int64.max)
        #expect(ProtobufReader.zigzag(UInt64.max) == Int64.min)
    }

    @Test func fieldsAndLengths() throws {
        // Field 1 varint 150, field 2 "hi", field 3 fixed32, field 4 fixed64, field 5 packed [1, 300].
        let bytes: [UInt8] = [0x08, 0x96, 0x01, 0x12, 0x02, 0x68, 0x69, 0x1d, 1, 2, 3, 4, 0x21, 1, 2, 3, 4, 5, 6, 7, 8, 0x2a, 0x03, 0x01, 0xac, 0x02]
        var reader = ProtobufReader(bytes)
        #expect(try reader.field()! == (1, .varint))
        #expect(try reader.varint() == 150)
        #expect(try reader.field()! == (2, .lengthDelimited))
        #expect(try reader.string() == "hi")
        let fixed32 = try #require(try reader.field())
        try reader.skip(fixed32.wireType)
        let fixed64 = try #require(try reader.field())
        try reader.skip(fixed64.wireType)
        let packed = try #require(try reader.field())
        var values: [UInt64] = []
        try reader.packedVarints(packed.wireType, into: &values)
        #expect(values == [1, 300])
        #expect(try reader.field() == nil)
    }

    @Test func packedDeltasAreRunningSums() throws {
        // Zigzag 40, 3, 6 are the deltas 20, -2, 3.
        var reader = ProtobufReader([0x03, 40, 3, 6])
        var values: [Int64] = []
        try reader.packedDeltas(.lengthDelimited, into: &values)
        #expect(values == [20, 18, 21])
    }

    @Test func badMessagesAreErrorsWithTheirOffset() {
        #expect(throws: ProtobufReader.Failure(offset: 1, reason: "length 5 runs past the end of the message (1 bytes left)")) {
            var reader = ProtobufReader([0x12, 0x05, 0x68])
            _ = try reader.field()
            _ = try reader.lengthDelimited()
        }
        #expect(throws: ProtobufReader.Failure(offset: 0, reason: "unsupported wire type 3")) {
            var reader = ProtobufReader([0x0b])
            _ = try reader.field()
        }
        #expect(throws: ProtobufReader.Failure(offset: 0, reason: "bad field number 0")) {
            var reader = ProtobufReader([0x00, 0x00])
            _ = try reader.field()
        }
        #expect(throws: ProtobufReader.Failure(offset: 1, reason: "truncated fixed-width field")) {
            var reader = ProtobufReader([0x0d, 1, 2])
            let field = try reader.field()!
            try reader.skip(field.wireType)
        }
        // A sub-reader cannot read past its own end into the bytes after it.
        #expect(throws: ProtobufReader.Failure(offset: 2, reason: "truncated varint")) {
            var reader = ProtobufReader([0x0a, 0x01, 0x80, 0x01])
            _ = try reader.field()
            var inner = try reader.message()
            _ = try inner.varint()
        }
    }
}
