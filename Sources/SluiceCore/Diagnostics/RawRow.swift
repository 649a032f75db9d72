/// A row's bytes as its source wrote them, kept for a rejects file: all of them, or the first
/// `RawRow.kept` of a longer row (`length` then says how long it was, and the reject is marked
/// `raw_truncated`). Bytes, not text, so a row that is not UTF-8 is written as it was
/// (`raw_base64`), where decoding it first put U+FFFD in place of its bytes.
///
///     RawRow(Array("12,MAIN ST".utf8)).isWhole        // true
///     RawRow(feature, length: 250_000).isWhole        // false: its first 64 KiB
public struct RawRow: Sendable, Equatable {
    /// The most bytes a row keeps: readers that hold their skipped rows until the end (a
    /// GeoJSON file's features) hold at most this much each. Address rows are far shorter;
    /// a park's polygon may be longer.
    public static let kept = 64 << 10

    public let bytes: [UInt8]
    /// The whole row's length in bytes.
    public let length: Int

    public init(_ bytes: some Collection<UInt8>, length: Int? = nil) {
        self.bytes = Array(bytes.prefix(Self.kept))
        self.length = max(length ?? bytes.count, self.bytes.count)
    }

    public init(_ text: String) { self.init(Array(text.utf8)) }

    public static let empty = RawRow([UInt8]())

    public var isWhole: Bool { bytes.count == length }

    /// The bytes as text (invalid UTF-8 replaced), for messages and tests.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
