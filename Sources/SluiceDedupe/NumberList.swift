/// Numbers, one per record, held in the fewest bytes that give every one back exactly: as
/// `Int16`s while each is a whole number of at most 5 digits (years, small counts: 2 bytes,
/// 20 MB a column at 10M records), then as `Float`s while each is exactly a `Float` (day
/// numbers: 4 bytes), then as `Double`s. Read back, they are the same `Double`s whatever the
/// width, so nothing compared changes.
///
///     var years = NumberList()
///     years.append(1958); years.append(.nan)
///     years[0]            // 1958.0, held in 2 bytes
///     years.append(0.5)   // not whole: from here on every number takes 4 bytes
///     years.append(0.1)   // not a Float: 8 bytes
///
/// - Complexity: append amortised O(1) (widening, at most twice, O(count)); memory 2, 4 or 8
///   bytes a number.
struct NumberList: RandomAccessCollection {
    private enum Width { case small, single, double }
    private var small: [Int16] = []
    private var narrow: [Float] = []
    private var wide: [Double] = []
    private var width = Width.small
    /// NaN (a missing number) among the small ones, which is then no number of its own.
    private static let smallNaN = Int16.min

    var startIndex: Int { 0 }
    var endIndex: Int {
        switch width {
        case .small: small.count
        case .single: narrow.count
        case .double: wide.count
        }
    }

    /// What a number takes now: 2, 4 or 8 bytes.
    var bytesPerNumber: Int {
        switch width {
        case .small: 2
        case .single: 4
        case .double: 8
        }
    }

    @inline(__always)
    subscript(position: Int) -> Double {
        switch width {
        case .small:
            let number = small[position]
            return number == Self.smallNaN ? .nan : Double(number)
        case .single: return Double(narrow[position])
        case .double: return wide[position]
        }
    }

    mutating func append(_ number: Double) {
        if width == .small {
            // -0.0 would read back as 0.0.
            if number.isNaN {
                small.append(Self.smallNaN)
                return
            }
            if let whole = Int16(exactly: number), whole != Self.smallNaN, number != 0 || number.sign == .plus {
                small.append(whole)
                return
            }
            narrow.reserveCapacity(small.count + 1)
            narrow.append(contentsOf: small.lazy.map { $0 == Self.smallNaN ? Float.nan : Float($0) })
            small = []
            width = .single
        }
        if width == .single {
            let float = Float(number)
            if Double(float) == number || number.isNaN {
                narrow.append(float)
                return
            }
            wide.reserveCapacity(narrow.count + 1)
            wide.append(contentsOf: narrow.lazy.map(Double.init))
            narrow = []
            width = .double
        }
        wide.append(number)
    }
}
