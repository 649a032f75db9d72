import Testing

@testable import SluiceDedupe

@Suite struct RecordIdsTests {
    /// Ids below 65,535 and -1 read back as appended in 2 bytes; the first id past them widens
    /// the list, and every id still reads back the same.
    @Test func readsBackEveryIdAppended() {
        var ids = RecordIds()
        var appended: [Int32] = []
        func append(_ more: [Int32]) {
            for id in more { ids.append(id) }
            appended += more
            #expect(Array(ids) == appended)
        }
        append([0, -1, 65_534, 7, -1])
        #expect(ids.bytesPerId == 2)
        append([65_535, -1, 3, Int32.max])
        #expect(ids.bytesPerId == 4)
        #expect(ids.count == 9 && ids[1] == -1 && ids[5] == 65_535)
    }

    @Test func equalWhenTheirIdsAre() {
        var narrow = RecordIds(), wide = RecordIds()
        for id: Int32 in [4, -1, 9] { narrow.append(id) }
        wide.append(70_000)
        #expect(narrow != wide && narrow == narrow && RecordIds().isEmpty)
    }
}
