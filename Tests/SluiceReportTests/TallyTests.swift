import Testing

@testable import SluiceReport

@Suite struct TallyTests {
    @Test func countsAndRanksByCountThenValue() {
        var tally = Tally(capacity: 10)
        for value in ["b", "a", "c", "a", "b", "a"] { tally.add(value) }
        #expect(tally.top(2).map(\.value) == ["a", "b"])
        #expect(tally.top(5).map(\.count) == [3, 2, 1])
        #expect(tally.total == 6 && tally.distinct == 3 && tally.untallied == 0)
        #expect(tally.count(of: "b") == 2 && tally.count(of: "z") == 0)
    }

    @Test func tiesAreOrderedTheSameWhateverTheInputOrder() {
        var forwards = Tally(capacity: 10)
        var backwards = Tally(capacity: 10)
        let values = ["x", "y", "z", "w"]
        for value in values { forwards.add(value) }
        for value in values.reversed() { backwards.add(value) }
        #expect(forwards.top(4) == backwards.top(4))
        #expect(forwards.top(4).map(\.value) == ["w", "x", "y", "z"])
    }

    @Test func keepsTheFirstNote() {
        var tally = Tally(capacity: 10)
        tally.add("Pier 7", note: "no street")
        tally.add("Pier 7", note: "other")
        #expect(tally.top(1).first?.note == "no street")
    }

    @Test func stopsKeepingNewValuesAtCapacityButCountsThem() {
        var tally = Tally(capacity: 2)
        for value in ["a", "b", "c", "a", "d"] { tally.add(value) }
        #expect(tally.top(5).map(\.value) == ["a", "b"])
        #expect(tally.untallied == 2)
        #expect(tally.total == 5)
    }

    @Test func addsAnotherTally() {
        var first = Tally(capacity: 2)
        first.add("a")
        var second = Tally(capacity: 2)
        second.add("a", count: 2)
        second.add("b")
        second.add("c")
        first.add(second)
        #expect(first.count(of: "a") == 3 && first.count(of: "b") == 1)
        #expect(first.total == 5 && first.untallied == 1)
    }
}
