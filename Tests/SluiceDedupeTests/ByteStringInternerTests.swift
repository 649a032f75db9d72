import Testing

@testable import SluiceDedupe

@Suite struct ByteStringInternerTests {
    @Test func equalTextsShareAnIdInOrderOfFirstAppearance() {
        var interner = ByteStringInterner()
        #expect(interner.intern("\"Ferry Building\"") == (0, true))
        #expect(interner.intern("2023") == (1, true))
        #expect(interner.intern("\"Ferry Building\"") == (0, false))
        #expect(interner.intern("\"ferry building\"") == (2, true))  // bytes, not normalised text
        #expect(interner.intern("\"Ferry Buildin\"") == (3, true))
        #expect(interner.count == 4)
    }

    @Test func emptyAndLongTextsAndGrowth() {
        var interner = ByteStringInterner()
        #expect(interner.intern("") == (0, true))
        #expect(interner.intern("") == (0, false))
        let long = "{\"lat\":37.79155,\"lon\":-122.41098,\"note\":\"Grace Cathedral, 1100 California St\"}"
        #expect(interner.intern(long) == (1, true))
        #expect(interner.intern(long + " ") == (2, true))
        // Enough texts to grow the table several times; every id stays put.
        for year in 1900..<3000 { #expect(interner.intern("\"\(year) Market St\"").isNew) }
        for year in 1900..<3000 { #expect(interner.intern("\"\(year) Market St\"") == (Int32(year - 1900 + 3), false)) }
        #expect(interner.intern(long) == (1, false))
    }
}
