import SluiceCore
import Testing

@testable import SluiceStats

/// Summarizes `lines` (numbered from 1) as one batch.
func summarize(_ lines: [String], selection: Set<String>? = nil) throws -> StatsSummarizer {
    var summarizer = StatsSummarizer(id: 0, selection: selection)
    summarizer.startBatch()
    for (index, line) in lines.enumerated() {
        let bytes = Array(line.utf8)
        try bytes.withUnsafeBufferPointer { buffer throws(RecordError) in try summarizer.add(buffer, line: index + 1) }
    }
    return summarizer
}

extension StatsSummarizer {
    func part(_ name: String) -> Part? {
        guard let id = (0..<paths.count).first(where: { paths.names[$0] == name }), id < parts.count else { return nil }
        return parts[id]
    }

    func values(_ name: String) -> [String: Int] {
        guard let id = (0..<paths.count).first(where: { paths.names[$0] == name }) else { return [:] }
        var counts: [String: Int] = [:]
        for entry in values.entries where entry.group == Int32(id) {
            counts[String(decoding: values.bytes(of: entry), as: UTF8.self)] = entry.count
        }
        return counts
    }
}

@Suite struct StatsSummarizerTests {
    @Test func countsEveryValueUnderItsPath() throws {
        let summarizer = try summarize([
            #"{"a":{"b":[1,"x",null]},"s":"ab","e":""}"#,
            #"{"a":{"b":[]},"s":"\u00e9t\u00e9","e":{}}"#,
        ])
        #expect(summarizer.touched.map { summarizer.paths.names[Int($0)] } == ["a", "a.b", "a.b[]", "s", "e"])
        let elements = try #require(summarizer.part("a.b[]"))
        #expect(elements.counts.records == 1 && elements.counts.values == 3)
        #expect(elements.counts.types.ranked.map(\.type) == [.string, .number, .null])
        #expect(summarizer.part("a.b")?.counts.empty == 1)
        #expect(summarizer.part("e")?.counts.empty == 2)
        // Escaped strings are counted decoded: "été" is 3 characters.
        #expect(summarizer.part("s")?.counts.strings.maximum == 3)
        #expect(summarizer.values("s") == ["ab": 1, "été": 1])
        #expect(summarizer.values("a.b[]") == ["1": 1, "x": 1])
        #expect(summarizer.part("a.b[]")?.counts.numbers.count == 1)
    }

    @Test func escapedKeysAreTheirDecodedNames() throws {
        let summarizer = try summarize([#"{"k\u0065y":1}"#, #"{"key":2}"#])
        #expect(summarizer.touched.map { summarizer.paths.names[Int($0)] } == ["key"])
        #expect(summarizer.part("key")?.counts.records == 2)
    }

    @Test func aBadLineThrowsAndCountsNothing() throws {
        var summarizer = try summarize([#"{"a":1}"#])
        let bad = Array(#"{"a":2,"b":}"#.utf8)
        #expect(throws: RecordError.self) { try bad.withUnsafeBufferPointer { try summarizer.add($0, line: 2) } }
        #expect(summarizer.part("a")?.counts.values == 1)
        #expect(summarizer.part("b") == nil)
    }

    @Test func aNewBatchStartsFromNothing() throws {
        var summarizer = try summarize([#"{"a":1}"#, #"{"b":1}"#])
        summarizer.startBatch()
        let line = Array(#"{"b":"x"}"#.utf8)
        try line.withUnsafeBufferPointer { buffer throws(RecordError) in try summarizer.add(buffer, line: 3) }
        #expect(summarizer.touched.map { summarizer.paths.names[Int($0)] } == ["b"])
        #expect(summarizer.part("b")?.counts.types.ranked.map(\.type) == [.string])
        #expect(summarizer.values.count == 1)
    }

    @Test func onlySelectedPathsAreCounted() throws {
        let summarizer = try summarize([#"{"title":"x","address":{"kind":"place","raw":"y"}}"#], selection: ["address.kind"])
        #expect(summarizer.touched.map { summarizer.paths.names[Int($0)] } == ["address.kind"])
    }
}
