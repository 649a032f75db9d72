import Testing

@testable import SluiceDedupe

@Suite struct PairListTests {
    @Test func keepsOrderAcrossChunks() {
        var list = PairList()
        let n = PairList.chunkSize + 3
        for k in 0..<n { list.append(a: Int32(k), b: Int32(k + 1), pattern: UInt32(k % 7)) }
        #expect(list.count == n)
        var next: Int32 = 0
        var ordered = true
        list.forEach { pair in
            if pair.a != next || pair.b != next + 1 || pair.pattern != UInt32(Int(next) % 7) { ordered = false }
            next += 1
        }
        #expect(ordered && next == Int32(n))
        list.removeAll()
        #expect(list.count == 0)
    }

    @Test func empty() {
        var seen = 0
        PairList().forEach { _ in seen += 1 }
        #expect(seen == 0)
    }
}
