import Testing

@testable import SluiceDedupe

@Suite struct PatternInternerTests {
    @Test func indexesFollowFirstAppearance() {
        var interner = PatternInterner()
        // surname exact, given name similar, suburb missing, date different (fields 0-3).
        let agreeing: UInt64 = 0x4021, missing: UInt64 = 0x0000, disagreeing: UInt64 = 0x4444
        #expect(interner.index(of: agreeing) == 0)
        #expect(interner.index(of: missing) == 1)
        #expect(interner.index(of: agreeing) == 0)
        #expect(interner.index(of: disagreeing) == 2)
        #expect(interner.patterns == [agreeing, missing, disagreeing])
    }

    @Test func manyPatternsGrowTheTable() {
        // Every pattern of four five-level fields, then all again in reverse: indexes stay put.
        var all: [UInt64] = []
        for a in 0..<5 { for b in 0..<5 { for c in 0..<5 { for d in 0..<5 { all.append(UInt64(a | b << 4 | c << 8 | d << 12)) } } } }
        var interner = PatternInterner()
        for (index, pattern) in all.enumerated() { #expect(interner.index(of: pattern) == index) }
        for (index, pattern) in all.enumerated().reversed() { #expect(interner.index(of: pattern) == index) }
        #expect(interner.count == 625 && interner.patterns == all)
        #expect(interner.index(of: UInt64.max) == 625)
    }
}
