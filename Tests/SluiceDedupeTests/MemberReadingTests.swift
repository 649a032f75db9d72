import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct MemberReadingTests {
    static let specs = ["title:jw", "address.key:tokens", "year:num", "phone:phone"]
    static let rules = ["address.key:fingerprint", "title:soundex+year", "phone"]

    func matcher() throws -> FuzzyMatcher {
        FuzzyMatcher(specs: try Self.specs.map(ComparisonSpec.parse), rules: try Self.rules.map(BlockingRule.parse), settings: .init())
    }

    /// Records with repeated, missing and null members, more than two reading batches of them.
    static var lines: [String] {
        (0..<(FuzzyMatcher.readingBatch * 2 + 77)).map { k in
            let title = k % 11 == 0 ? "" : #""title":"Film \#(k % 37)","#
            let address = k % 13 == 0 ? #""address":null,"# : #""address":{"key":"\#(k % 23) main st & oak ave"},"#
            let phone = k % 5 == 0 ? "" : #""phone":"415-555-\#(1000 + k % 17)","#
            return #"{\#(title)\#(address)\#(phone)"year":\#(1950 + k % 9)}"#
        }
    }

    @Test func membersOnThreadsGiveTheColumnsAndKeysOfOneRecordAtATime() throws {
        var serial = try matcher()
        for line in Self.lines { try withRecord(line) { serial.append($0) } }
        for threads in [1, 2, 3] {
            var threaded = try matcher()
            let lines = Self.lines
            try threaded.append(threads: threads) { append in
                for line in lines { try withRecord(line) { append($0) } }
            }
            #expect(threaded.recordCount == lines.count)
            #expect(threaded.blocker.keys == serial.blocker.keys, "threads \(threads)")
            // The columns compare every record the same (held however they are held), once
            // finished as comparing does.
            for column in threaded.columns + serial.columns { try column.finish() }
            let n = lines.count
            for (a, b) in zip(threaded.columns, serial.columns) {
                #expect(a.count == n && b.count == n)
                for i in 0..<n {
                    for j in [(i + 1) % n, (i + 37) % n, (i * 7) % n] {
                        #expect(a.level(i, j) == b.level(i, j))
                    }
                    #expect(a.termFrequency(i) == b.termFrequency(i))
                    #expect(a.display(i) == b.display(i))
                }
            }
        }
        // The mixed rule (title and year) is read apart from the members.
        #expect(try matcher().reading.mixedRules == [1])
        #expect(try matcher().reading.taskCount == 5)
    }

    @Test func batchesHandRecordsOverWithTheirMembers() throws {
        let batch = RecordCopies()
        for line in [#"{"a":1}"#, #"{"b": "x" , "a":[2]}  "#] { try withRecord(line) { batch.append($0) } }
        var seen: [String] = []
        batch.forEach { offset, record in
            seen.append("\(offset) \(record.members.count) \(String(decoding: record.rawValue(record.member(named: "a")!), as: UTF8.self))")
        }
        #expect(seen == ["0 1 1", "1 2 [2]"])
        batch.removeAll()
        #expect(batch.count == 0 && batch.byteCount == 0)
    }
}
