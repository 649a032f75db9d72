/// A benchmark size written the short way: `10k` = 10,000 records, `1M` = 1,000,000.
///
///     DataSize("100k")?.records   // 100_000
///     DataSize(records: 1_000_000).label   // "1M"
public struct DataSize: Hashable, Comparable, Sendable {
    public var records: Int

    public init(records: Int) {
        self.records = records
    }

    public init?(_ text: String) {
        var digits = Substring(text)
        var scale = 1
        switch text.last {
        case "k", "K": scale = 1_000
        case "m", "M": scale = 1_000_000
        default: break
        }
        if scale > 1 { digits = digits.dropLast() }
        guard let value = Int(digits), value > 0, value <= 100_000_000 / scale else { return nil }
        records = value * scale
    }

    /// `10k`, `1M`, or the plain number when it is not a round thousand.
    public var label: String {
        if records % 1_000_000 == 0 { return "\(records / 1_000_000)M" }
        if records % 1_000 == 0 { return "\(records / 1_000)k" }
        return "\(records)"
    }

    public static func < (a: DataSize, b: DataSize) -> Bool { a.records < b.records }

    /// Parses a comma-separated list (`10k,100k,1M`), in the order given.
    public static func list(_ text: String) -> [DataSize]? {
        let sizes = text.split(separator: ",").map { DataSize(String($0)) }
        guard !sizes.isEmpty, sizes.allSatisfy({ $0 != nil }) else { return nil }
        return sizes.compactMap { $0 }
    }
}
