/// The compared pairs kept for scoring, 12 bytes each, in chunks of a fixed size: one growing
/// array would briefly need twice its size each time it doubles, which at tens of millions of
/// pairs is hundreds of megabytes.
///
///     var list = PairList()
///     list.append(a: 0, b: 7, pattern: 3)
///     list.forEach { a, b, pattern in … }   // in the order appended
///
/// - Complexity: append amortised O(1); memory 12 bytes per pair plus at most one chunk unused.
public struct PairList {
    public struct Pair: Sendable {
        public var a: Int32
        public var b: Int32
        /// An index into the distinct patterns.
        public var pattern: UInt32
    }

    static let chunkSize = 1 << 20
    var chunks: [[Pair]] = []
    public private(set) var count = 0

    public init() {}

    public mutating func append(a: Int32, b: Int32, pattern: UInt32) {
        if chunks.isEmpty || chunks[chunks.count - 1].count == Self.chunkSize {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
        }
        chunks[chunks.count - 1].append(Pair(a: a, b: b, pattern: pattern))
        count += 1
    }

    public func forEach(_ body: (Pair) throws -> Void) rethrows {
        for chunk in chunks { for pair in chunk { try body(pair) } }
    }

    public mutating func removeAll() {
        chunks = []
        count = 0
    }
}
