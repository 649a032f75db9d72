import Testing

@testable import SluiceStats

@Suite struct ValueTableTests {
    func text(_ table: ValueTable, _ entry: ValueTable.Entry) -> String { String(decoding: table.bytes(of: entry), as: UTF8.self) }

    @Test func countsValuesInTheOrderFirstAdded() {
        var table = ValueTable()
        for word in ["b", "a", "b", "c", "b"] { table.add(kind: .string, bytes: Array(word.utf8)) }
        #expect(table.entries.map { text(table, $0) } == ["b", "a", "c"])
        #expect(table.entries.map(\.count) == [3, 1, 1])
    }

    @Test func kindsAndGroupsAreSeparateValues() {
        var table = ValueTable()
        table.add(kind: .string, bytes: Array("1".utf8))
        table.add(kind: .number, bytes: Array("1".utf8))
        table.add(group: 7, kind: .number, bytes: Array("1".utf8), count: 2)
        table.add(kind: .number, bytes: Array("1".utf8))
        #expect(table.count == 3)
        #expect(table.entries.map(\.count) == [1, 2, 2])
        #expect(table.entries.map(\.group) == [0, 0, 7])
    }

    @Test func emptyValuesCount() {
        var table = ValueTable()
        table.add(kind: .string, bytes: [])
        table.add(kind: .string, bytes: [])
        #expect(table.count == 1 && table.entries[0].count == 2)
    }

    @Test func growsAndFindsEveryValueAgain() {
        var table = ValueTable(capacity: 4)
        for round in 0..<2 {
            for number in 0..<10_000 { table.add(kind: .number, bytes: Array(String(number).utf8)) }
            #expect(table.count == 10_000, "round \(round)")
        }
        #expect(table.entries.allSatisfy { $0.count == 2 })
        #expect(text(table, table.entries[9_999]) == "9999")
    }

    @Test func removeAllEmptiesAndFilterKeepsOrder() {
        var table = ValueTable()
        for word in ["x", "y", "z", "y"] { table.add(kind: .string, bytes: Array(word.utf8)) }
        table.filter { $0.count > 1 ? $0.count * 10 : ($0.kind == .string && $0.length == 1 && $0.offset == 0 ? 1 : nil) }
        #expect(table.entries.map { text(table, $0) } == ["x", "y"])
        #expect(table.entries.map(\.count) == [1, 20])
        table.add(kind: .string, bytes: Array("y".utf8))
        #expect(table.entries[1].count == 21)
        table.removeAll()
        #expect(table.count == 0 && table.byteCount == 0)
        table.add(kind: .string, bytes: Array("y".utf8))
        #expect(table.entries.map(\.count) == [1])
    }

    @Test func addsToAKnownEntryOnlyWhenItHoldsTheSameValue() {
        var table = ValueTable()
        table.add(kind: .string, bytes: Array("Vertigo".utf8))
        table.add(kind: .string, bytes: [])
        func same(_ index: Int, _ kind: ValueKind, _ text: String) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer { table.addIfSame(index, kind: kind, bytes: $0, count: 1) }
        }
        #expect(same(0, .string, "Vertigo"))
        #expect(!same(0, .string, "Vertigx") && !same(0, .number, "Vertigo") && !same(0, .string, "Vert"))
        #expect(same(1, .string, ""))
        #expect(table.entries.map(\.count) == [2, 2])
    }
}
