/// The lengths of one field's strings, in characters as Python counts them (Unicode scalars:
/// `é` written as one code point is 1, `"\u00e9"` decoded is 1 too): the shortest, longest and
/// mean, and the lines holding the longest ones — where to look first for a pasted paragraph.
///
///     var lengths = StringLengths()
///     lengths.add(length: 7, line: 1)
///     lengths.add(length: 40, line: 2)
///     lengths.longestLines   // [2, 1]
///
/// A line is listed once, for its longest string; equal lengths list the earlier line first.
/// - Complexity: O(1) per string, without heap storage.
struct StringLengths {
    static let linesKept = 3

    private(set) var count = 0
    private(set) var minimum = 0
    private(set) var maximum = 0
    private(set) var total = 0
    /// The longest strings' lengths and lines, longest first, `kept` of them.
    private var longestLengths = SIMD4<Int>()
    private var longestAt = SIMD4<Int>()
    private var kept = 0

    @inline(__always)
    mutating func add(length: Int, line: Int) {
        if count == 0 || length < minimum { minimum = length }
        if count == 0 || length > maximum { maximum = length }
        count += 1
        total += length
        if kept < StringLengths.linesKept || length > longestLengths[kept - 1] { keep(length: length, line: line) }
    }

    private mutating func keep(length: Int, line: Int) {
        var position = 0
        while position < kept, longestAt[position] != line { position += 1 }
        if position < kept {
            guard length > longestLengths[position] else { return }
            // The line moves up: take it out, then insert it again.
            for index in position..<(kept - 1) {
                longestLengths[index] = longestLengths[index + 1]
                longestAt[index] = longestAt[index + 1]
            }
            kept -= 1
        }
        var insert = 0
        while insert < kept, !(length > longestLengths[insert] || (length == longestLengths[insert] && line < longestAt[insert])) { insert += 1 }
        guard insert < StringLengths.linesKept else { return }
        var index = min(kept, StringLengths.linesKept - 1)
        while index > insert {
            longestLengths[index] = longestLengths[index - 1]
            longestAt[index] = longestAt[index - 1]
            index -= 1
        }
        longestLengths[insert] = length
        longestAt[insert] = line
        kept = min(kept + 1, StringLengths.linesKept)
    }

    /// Adds another part's strings (lines after this part's).
    mutating func merge(_ other: StringLengths) {
        guard other.count > 0 else { return }
        if count == 0 || other.minimum < minimum { minimum = other.minimum }
        if count == 0 || other.maximum > maximum { maximum = other.maximum }
        count += other.count
        total += other.total
        for index in 0..<other.kept { keep(length: other.longestLengths[index], line: other.longestAt[index]) }
    }

    mutating func removeAll() {
        count = 0
        total = 0
        kept = 0
    }

    var mean: Double? { count > 0 ? Double(total) / Double(count) : nil }
    /// The lines of the longest strings, longest first.
    var longestLines: [Int] { (0..<kept).map { longestAt[$0] } }

    /// The number of Unicode scalars in valid UTF-8: the bytes that do not continue a sequence
    /// (`10xxxxxx`), eight at a time.
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var continuations = 0
        var index = 0
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let high: UInt64 = 0x8080_8080_8080_8080
            if word & high != 0 { continuations += (word & high & ~(word << 1)).nonzeroBitCount }
            index += 8
        }
        while index < bytes.count {
            if bytes[index] & 0xC0 == 0x80 { continuations += 1 }
            index += 1
        }
        return bytes.count - continuations
    }
}
