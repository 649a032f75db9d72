/// The fields of one record of `SortedRuns`, as bytes: whole numbers and doubles as 8 bytes
/// (little-endian), 32-bit numbers as 4, text as its length (4 bytes) and UTF-8. Written and
/// read in the same order by the one type that owns the record.
///
///     var record = RunRecord()
///     record.append(42); record.append("MAIN ST")
///     var reader = RunRecord.Reader(record.bytes[...])
///     (reader.int(), reader.string())   // (42, "MAIN ST")
public struct RunRecord {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// Empties the record for the next, keeping its storage.
    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    public mutating func append(_ value: Int) { append(raw: UInt64(bitPattern: Int64(value)).littleEndian) }
    public mutating func append(_ value: Int32) { append(raw: UInt32(bitPattern: value).littleEndian) }
    public mutating func append(_ value: Double) { append(raw: value.bitPattern.littleEndian) }

    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            append(Int32(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// A row kept for a rejects file: its whole length, then the bytes kept, as text is.
    public mutating func append(_ row: RawRow) {
        append(row.length)
        append(Int32(row.bytes.count))
        bytes.append(contentsOf: row.bytes)
    }

    private mutating func append<T>(raw value: T) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }

    /// Reads the fields back, in the order they were appended.
    public struct Reader {
        let bytes: ArraySlice<UInt8>
        var offset: Int

        public init(_ bytes: ArraySlice<UInt8>) { (self.bytes, offset) = (bytes, bytes.startIndex) }

        public mutating func int() -> Int { Int(Int64(bitPattern: UInt64(littleEndian: load(UInt64.self)))) }
        public mutating func int32() -> Int32 { Int32(bitPattern: UInt32(littleEndian: load(UInt32.self))) }
        public mutating func double() -> Double { Double(bitPattern: UInt64(littleEndian: load(UInt64.self))) }

        public mutating func string() -> String {
            let count = Int(int32())
            defer { offset += count }
            return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
        }

        public mutating func rawRow() -> RawRow {
            let length = int()
            let count = Int(int32())
            defer { offset += count }
            return RawRow(bytes[offset..<(offset + count)], length: length)
        }

        private mutating func load<T>(_ type: T.Type) -> T {
            defer { offset += MemoryLayout<T>.size }
            return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset - bytes.startIndex, as: type) }
        }
    }
}
