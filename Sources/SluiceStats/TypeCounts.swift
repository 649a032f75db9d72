/// A value's JSON type, as `sluice-stats` names and orders them (ties in the report are broken
/// in this order).
enum JSONType: Int, CaseIterable, Sendable {
    case string, number, boolean, null, object, array

    var name: String {
        switch self {
        case .string: "string"
        case .number: "number"
        case .boolean: "boolean"
        case .null: "null"
        case .object: "object"
        case .array: "array"
        }
    }
}

/// How many values of one field had each JSON type, and the first lines where each type was
/// seen: a field that is a number in 99% of records and a string in 1% points at the lines of
/// the 1%.
///
///     var types = TypeCounts()
///     types.add(.number, line: 1); types.add(.string, line: 2); types.add(.number, line: 3)
///     types.ranked.map(\.type)   // [.number, .string]
///     types.firstLines(.string)  // [2]
///
/// - Complexity: O(1) per value; no heap storage (fixed-size vectors), so counting a value
///   never checks an array's uniqueness.
struct TypeCounts {
    static let linesKept = 3

    /// Per type, by `JSONType.rawValue`.
    private var counts = SIMD8<Int>()
    /// The first `linesKept` distinct lines of each type, `linesKept` slots per type.
    private var lines = SIMD32<Int>()
    private var linesStored = SIMD8<Int>()

    @inline(__always)
    mutating func add(_ type: JSONType, line: Int) {
        let index = type.rawValue
        counts[index] += 1
        let stored = linesStored[index]
        if stored < TypeCounts.linesKept, stored == 0 || lines[index * TypeCounts.linesKept + stored - 1] != line {
            lines[index * TypeCounts.linesKept + stored] = line
            linesStored[index] = stored + 1
        }
    }

    func count(_ type: JSONType) -> Int { counts[type.rawValue] }

    /// The first lines where the type was seen, at most `linesKept`.
    func firstLines(_ type: JSONType) -> [Int] {
        let index = type.rawValue
        return (0..<linesStored[index]).map { lines[index * TypeCounts.linesKept + $0] }
    }

    /// All values counted.
    var total: Int { counts.wrappedSum() }

    /// The types seen, most frequent first.
    var ranked: [(type: JSONType, count: Int)] {
        JSONType.allCases.filter { counts[$0.rawValue] > 0 }.map { ($0, counts[$0.rawValue]) }.sorted {
            $0.count != $1.count ? $0.count > $1.count : $0.type.rawValue < $1.type.rawValue
        }
    }

    /// Adds another part's values, which came after this part's.
    mutating func merge(_ other: TypeCounts) {
        for type in JSONType.allCases {
            counts[type.rawValue] += other.counts[type.rawValue]
            for line in other.firstLines(type) {
                let stored = linesStored[type.rawValue]
                guard stored < TypeCounts.linesKept else { break }
                if stored > 0, lines[type.rawValue * TypeCounts.linesKept + stored - 1] == line { continue }
                lines[type.rawValue * TypeCounts.linesKept + stored] = line
                linesStored[type.rawValue] = stored + 1
            }
        }
    }

    mutating func removeAll() {
        counts = SIMD8()
        linesStored = SIMD8()
    }
}
