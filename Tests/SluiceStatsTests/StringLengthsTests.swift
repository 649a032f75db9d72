import Testing

@testable import SluiceStats

@Suite struct StringLengthsTests {
    @Test(arguments: [("", 0), ("Vertigo", 7), ("é", 1), ("Café de la Paix, 19 rue", 23), ("日本語のテキスト", 8), ("😀 ok", 4)])
    func countsUnicodeScalars(text: String, expected: Int) {
        var text = text
        #expect(text.withUTF8 { StringLengths.scalarCount($0) } == expected)
        #expect(text.unicodeScalars.count == expected)
    }

    @Test func keepsMinimumMeanMaximumAndTheLongestLines() {
        var lengths = StringLengths()
        for (length, line) in [(5, 1), (9, 2), (9, 3), (2, 4), (12, 5), (3, 6)] { lengths.add(length: length, line: line) }
        #expect(lengths.minimum == 2 && lengths.maximum == 12)
        #expect(lengths.mean == 40.0 / 6)
        #expect(lengths.longestLines == [5, 2, 3])
    }

    /// A line holding several strings (an array) is listed once, for its longest.
    @Test func listsALineOnce() {
        var lengths = StringLengths()
        for (length, line) in [(4, 1), (6, 1), (5, 2), (8, 1), (1, 3)] { lengths.add(length: length, line: line) }
        #expect(lengths.longestLines == [1, 2, 3])
    }

    @Test func mergingPartsGivesTheWhole() {
        let items = (1...50).map { (($0 * 37) % 23, $0) }
        var whole = StringLengths()
        for (length, line) in items { whole.add(length: length, line: line) }
        var first = StringLengths()
        var second = StringLengths()
        for (length, line) in items.prefix(20) { first.add(length: length, line: line) }
        for (length, line) in items.dropFirst(20) { second.add(length: length, line: line) }
        first.merge(second)
        #expect(first.longestLines == whole.longestLines)
        #expect(first.minimum == whole.minimum && first.maximum == whole.maximum && first.mean == whole.mean)
    }
}
