import SluiceCore
import Testing

@testable import SluiceStats

@Suite struct StatsCollectorTests {
    /// Two summarizers that met the paths in different orders: the collector numbers paths in
    /// the order of the input's batches, whichever summarizer read them.
    @Test func numbersPathsInInputOrderWhateverTheSummarizer() throws {
        var early = StatsSummarizer(id: 1, selection: nil)
        var late = StatsSummarizer(id: 0, selection: nil)
        late.startBatch()
        for line in [#"{"z":1}"#, #"{"b":1,"a":2}"#] {
            let bytes = Array(line.utf8)
            try bytes.withUnsafeBufferPointer { buffer throws(RecordError) in try late.add(buffer, line: 1) }
        }
        late.startBatch()
        for line in [#"{"a":"x","b":{"c":true}}"#] {
            let bytes = Array(line.utf8)
            try bytes.withUnsafeBufferPointer { buffer throws(RecordError) in try late.add(buffer, line: 5) }
        }
        early.startBatch()
        for line in [#"{"b":2,"a":3}"#] {
            let bytes = Array(line.utf8)
            try bytes.withUnsafeBufferPointer { buffer throws(RecordError) in try early.add(buffer, line: 4) }
        }
        var collector = StatsCollector(limits: StatsLimits(exactValues: 100), selection: nil)
        collector.merge(&early)
        collector.merge(&late)
        let reports = collector.reports(records: 2, fields: nil, top: 5)
        #expect(reports.map(\.path) == ["b", "b.c", "a"])
        #expect(reports[0].types.map(\.type) == [.number, .object])
        #expect(reports[0].distinct == 1)
        #expect(reports[2].top.map { String(decoding: $0.bytes, as: UTF8.self) } == ["3", "x"])
    }

    @Test func fieldsAreReportedInTheOrderAskedEvenWhenNeverSeen() throws {
        var summarizer = try summarize([#"{"a":{"b":1},"c":2}"#], selection: ["c", "nope", "a.b"])
        var collector = StatsCollector(limits: StatsLimits(exactValues: 100), selection: ["c", "nope", "a.b"])
        collector.merge(&summarizer)
        let reports = collector.reports(records: 1, fields: ["c", "nope", "a.b"], top: 5)
        #expect(reports.map(\.path) == ["c", "nope", "a.b"])
        #expect(reports.map(\.present) == [1, 0, 1])
        #expect(reports[1].types.isEmpty && reports[1].distinct == nil)
    }

    @Test func countsHeldValues() throws {
        var summarizer = try summarize([#"{"a":1,"b":"x"}"#, #"{"a":1,"b":"y"}"#])
        var collector = StatsCollector(limits: StatsLimits(exactValues: nil), selection: nil)
        collector.merge(&summarizer)
        #expect(collector.heldValues == 3)
        #expect(collector.memoryBytes > 0)
    }
}
