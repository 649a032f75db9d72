import Testing

@testable import SluiceCore

@Suite struct BoundedMemoTests {
    @Test func anEmptyMemoKnowsNothing() {
        var memo = BoundedMemo<String, Int>(capacity: 4)
        #expect(memo.value(for: "a") == nil)
        #expect(memo.count == 0)
    }

    /// Capacity 2: `a b` fill the newer generation, `c` starts a new one (`a b` older), `a` is
    /// found in the older and carried over, `d` starts another (`c a` older): `b` is forgotten.
    @Test func keepsTwoGenerationsAndCarriesWhatIsInUse() {
        var memo = BoundedMemo<String, Int>(capacity: 2)
        for (index, key) in ["a", "b", "c"].enumerated() { memo.remember(index, for: key) }
        #expect(memo.value(for: "a") == 0)
        memo.remember(3, for: "d")
        #expect(memo.peek("b") == nil)
        #expect(memo.value(for: "a") == 0 && memo.value(for: "c") == 2 && memo.value(for: "d") == 3)
        #expect(memo.count <= 4)
    }

    @Test func neverHoldsMoreThanTwoGenerations() {
        var memo = BoundedMemo<Int, Int>(capacity: 3)
        for key in 0..<100 {
            memo.remember(key * 2, for: key)
            #expect(memo.count <= 6)
        }
        #expect(memo.peek(99) == 198)
        #expect(memo.peek(0) == nil)
    }
}
