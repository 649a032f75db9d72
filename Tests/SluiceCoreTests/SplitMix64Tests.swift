import Testing

@testable import SluiceCore

@Suite struct SplitMix64Tests {
    @Test func theSequenceIsTheReferenceOne() {
        // The reference SplitMix64 from seed 0 (Vigna's splitmix64.c) starts with these.
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test func boundedNumbersStayInRange() {
        var random = SplitMix64(seed: 9)
        for _ in 0..<1_000 {
            #expect((0..<7).contains(random.int(below: 7)))
            #expect((3...5).contains(random.int(in: 3...5)))
            let unit = random.unit()
            #expect(unit >= 0 && unit < 1)
        }
    }

    @Test func streamsAreIndependentOfOrder() {
        var first = SplitMix64(seed: 1, stream: 1, item: 5)
        var again = SplitMix64(seed: 1, stream: 1, item: 5)
        var other = SplitMix64(seed: 1, stream: 1, item: 6)
        let value = first.next()
        #expect(value == again.next())
        #expect(value != other.next())
    }
}
