import Testing

@testable import SluiceDedupe

@Suite struct RawValueMemoTests {
    @Test func remembersTheFirstHolder() {
        var memo = RawValueMemo(capacity: 10)
        #expect(memo.holder(of: "\"Vertigo\"") == nil)
        memo.remember("\"Vertigo\"", record: 3)
        #expect(memo.holder(of: "\"Vertigo\"") == 3)
        #expect(memo.holder(of: "\"vertigo\"") == nil, "bytes, not normalised text")
        #expect(memo.holder(of: "") == nil)
        memo.remember("", record: 4)
        #expect(memo.holder(of: "") == 4)
    }

    @Test func twoBoundedGenerationsKeepWhatIsInUse() {
        var memo = RawValueMemo(capacity: 2)
        memo.remember("a", record: 0)
        memo.remember("b", record: 1)
        memo.remember("c", record: 2)  // the newer was full: a and b are now the older
        #expect(memo.count == 3)
        #expect(memo.holder(of: "a") == 0)  // found in the older, carried into the newer (c, a)
        memo.remember("d", record: 3)  // full again: (c, a) older, b forgotten
        #expect(memo.holder(of: "b") == nil)
        #expect(memo.holder(of: "a") == 0 && memo.holder(of: "c") == 2 && memo.holder(of: "d") == 3)
        #expect(memo.count <= 2 * memo.capacity)
    }
}
