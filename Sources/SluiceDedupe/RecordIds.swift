/// Per record, the id of its value among a column's distinct values, or -1 when it has none:
/// held as `UInt16`s while every id is below 65,535 (a field of few values: a film's director,
/// 39k distinct at 10M bench records, 20 MB where `Int32`s took 40), and as `Int32`s from the
/// first that is not. Read back, the ids are the same either way.
///
///     var ids = RecordIds()
///     ids.append(3); ids.append(-1)
///     ids[1]                 // -1, held in 2 bytes
///     ids.append(70_000)     // from here on every id takes 4 bytes
///
/// - Complexity: append amortised O(1) (widening, once, O(count)); memory 2 or 4 bytes an id.
struct RecordIds: RandomAccessCollection, Equatable {
    private var narrow: [UInt16] = []
    private var wide: [Int32] = []
    private var isWide = false
    /// -1 (no value) among the narrow ids.
    private static let narrowNone = UInt16.max

    var startIndex: Int { 0 }
    var endIndex: Int { isWide ? wide.count : narrow.count }
    /// What an id takes now: 2 or 4 bytes.
    var bytesPerId: Int { isWide ? 4 : 2 }

    @inline(__always)
    subscript(position: Int) -> Int32 {
        if isWide { return wide[position] }
        let id = narrow[position]
        return id == Self.narrowNone ? -1 : Int32(id)
    }

    mutating func append(_ id: Int32) {
        if !isWide {
            if id < Int32(Self.narrowNone) {
                narrow.append(id < 0 ? Self.narrowNone : UInt16(id))
                return
            }
            wide.reserveCapacity(narrow.count + 1)
            wide.append(contentsOf: narrow.lazy.map { $0 == Self.narrowNone ? -1 : Int32($0) })
            narrow = []
            isWide = true
        }
        wide.append(id)
    }

    static func == (a: RecordIds, b: RecordIds) -> Bool { a.elementsEqual(b) }
}
