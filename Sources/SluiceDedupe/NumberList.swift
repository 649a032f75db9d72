/// Numbers, one per record, held as `Float`s while every one is exactly a `Float` (years,
/// counts, day numbers: 4 bytes each, where `Double`s took 8, 40 MB a column at 10M records)
/// and as `Double`s from the first that is not. Read back, they are the same `Double`s either
/// way, so nothing compared changes.
///
///     var years = NumberList()
///     years.append(1958); years.append(.nan)
///     years[0]            // 1958.0, held in 4 bytes
///     years.append(0.1)   // not a Float: from here on every number takes 8 bytes
///
/// - Complexity: append amortised O(1) (widening, once, O(count)); memory 4 or 8 bytes a number.
struct NumberList: RandomAccessCollection {
    private var narrow: [Float] = []
    private var wide: [Double] = []
    private var isWide = false

    var startIndex: Int { 0 }
    var endIndex: Int { isWide ? wide.count : narrow.count }

    @inline(__always)
    subscript(position: Int) -> Double { isWide ? wide[position] : Double(narrow[position]) }

    mutating func append(_ number: Double) {
        if !isWide {
            let float = Float(number)
            if Double(float) == number || number.isNaN {
                narrow.append(float)
                return
            }
            wide.reserveCapacity(narrow.count + 1)
            wide.append(contentsOf: narrow.lazy.map(Double.init))
            narrow = []
            isWide = true
        }
        wide.append(number)
    }
}
