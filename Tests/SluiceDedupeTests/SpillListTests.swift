import Testing

@testable import SluiceDedupe

@Suite struct SpillListTests {
    /// Appends `n` pairs (k, k + 1, k % 7) and reads them back twice.
    func roundTrip(chunkSize: Int, n: Int) throws -> (list: PairList, firstPass: [[Int]], secondPass: [[Int]]) {
        var list = PairList(chunkSize: chunkSize)
        for k in 0..<n { try list.append(ComparedPair(a: Int32(k), b: Int32(k + 1), pattern: UInt32(k % 7))) }
        var first: [[Int]] = [], second: [[Int]] = []
        try list.forEach { first.append([Int($0.a), Int($0.b), Int($0.pattern)]) }
        try list.forEach { second.append([Int($0.a), Int($0.b), Int($0.pattern)]) }
        return (list, first, second)
    }

    @Test(arguments: [(1000, 7), (3, 10), (5, 10), (1, 4), (1 << 20, (1 << 20) + 3)])
    func keepsOrderInMemoryAndSpilled(chunkSize: Int, n: Int) throws {
        let (list, first, second) = try roundTrip(chunkSize: chunkSize, n: n)
        let expected = (0..<n).map { [$0, $0 + 1, $0 % 7] }
        #expect(list.count == n)
        #expect(first == expected)
        #expect(second == expected, "a second pass reads the same pairs")
        // Past one chunk, the full chunks are in the file and only the rest in memory.
        #expect((list.file != nil) == (n >= chunkSize))
        #expect(list.spilled == n / chunkSize * chunkSize && list.pending.count == n % chunkSize)
        // A chunk at a time: the same pairs, no chunk over the chunk size.
        var chunked: [[Int]] = []
        try list.forEachChunk { chunk in
            #expect(!chunk.isEmpty && chunk.count <= chunkSize)
            chunked += chunk.map { [Int($0.a), Int($0.b), Int($0.pattern)] }
        }
        #expect(chunked == expected)
    }

    @Test func removeAllForgetsTheFile() throws {
        var (list, _, _) = try roundTrip(chunkSize: 2, n: 5)
        list.removeAll()
        var seen = 0
        try list.forEach { _ in seen += 1 }
        #expect(list.count == 0 && seen == 0 && list.file == nil)
    }

    @Test func empty() throws {
        var seen = 0
        try PairList().forEach { _ in seen += 1 }
        #expect(seen == 0)
    }

    /// Any fixed-size element, read back whole by `all()` as by chunks, spilled or not.
    @Test(arguments: [(4, 0), (4, 3), (4, 4), (4, 11), (1, 5)])
    func allReadsEveryElementInOrder(chunkSize: Int, n: Int) throws {
        var list = SpillList<UInt16>(chunkSize: chunkSize, what: "numbers")
        for k in 0..<n { try list.append(UInt16(k * 3)) }
        let expected = (0..<n).map { UInt16($0 * 3) }
        #expect(try list.all() == expected)
        #expect(try list.all() == expected, "twice")
        #expect((list.file != nil) == (n >= chunkSize))
    }
}
