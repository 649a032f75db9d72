import SluiceCore
import Testing

@testable import SluiceStats

/// The reports of `lines` read as one batch, every path, in input order.
func reports(_ lines: [String], limit: Int? = 100, top: Int = 10) throws -> [FieldReport] {
    var summarizer = try summarize(lines)
    var collector = StatsCollector(limits: StatsLimits(exactValues: limit), selection: nil)
    collector.merge(&summarizer)
    return collector.reports(records: lines.count, fields: nil, top: top)
}

@Suite struct FieldReportTests {
    @Test func figuresOfAMixedField() throws {
        let report = try reports([#"{"v":2}"#, #"{"v":"x"}"#, #"{"v":null}"#, #"{"v":1.5}"#, #"{"w":0}"#, #"{"v":""}"#])[0]
        #expect(report.path == "v" && report.records == 6 && report.present == 5 && report.values == 5)
        #expect(report.nulls == 1 && report.empty == 1)
        #expect(report.types.map(\.type) == [.string, .number, .null])
        #expect(report.types.map(\.firstLines) == [[2, 6], [1, 4], [3]])
        #expect(report.distinct == 4 && report.distinctExact)
        #expect(report.numbers?.minimum == "1.5" && report.numbers?.maximum == "2" && report.numbers?.mean == 1.75)
        #expect(report.numbers?.percentiles == [1.5, 1.5, 2])
        #expect(report.strings?.minimumLength == 0 && report.strings?.longestLines == [2, 6])
    }

    @Test func topValuesAreMostFrequentFirstThenFirstSeen() throws {
        let report = try reports(["b", "a", "c", "a", "c", "d"].map { #"{"k":"\#($0)"}"# }, top: 3)[0]
        #expect(report.top.map { String(decoding: $0.bytes, as: UTF8.self) } == ["a", "c", "b"])
        #expect(report.top.map(\.count) == [2, 2, 1] && report.topExact && report.topUndercount == 0)
    }

    /// Past the limit, a count no larger than its possible error is not listed.
    @Test func estimatedTopValuesLeaveOutCountsWithinTheError() throws {
        var lines = (0..<3_000).map { #"{"k":"rare\#($0)"}"# }
        lines += Array(repeating: #"{"k":"common"}"#, count: 500)
        let report = try reports(lines, limit: 50)[0]
        #expect(!report.topExact && !report.distinctExact)
        #expect(report.top.map { String(decoding: $0.bytes, as: UTF8.self) } == ["common"])
        #expect(report.top[0].count <= 500 && report.top[0].count + report.topUndercount >= 500)
    }

    @Test func containersHaveNoValuesToCount() throws {
        let report = try reports([#"{"o":{}}"#])[0]
        #expect(report.distinct == nil && report.numbers == nil && report.strings == nil && report.empty == 1)
    }

    @Test(arguments: [(2004.0, "2004"), (-0.0, "0"), (37.791234, "37.791234"), (1e-5, "1e-05"), (1e20, "1e+20"), (0.1 + 0.2, "0.30000000000000004")])
    func doublesAreWrittenShortAndExact(value: Double, text: String) {
        #expect(FieldReport.number(value) == text)
        #expect(Double(text) == value)
    }

    @Test func nonFiniteDoublesAreNotNumbers() {
        #expect(FieldReport.number(.infinity) == nil)
        #expect(FieldReport.number(.nan) == nil)
    }
}
