import Testing

@testable import SluiceBench

@Suite struct BenchReportTests {
    func result(_ tool: String, peer: Bool, seconds: [Double]) -> BenchResult {
        let benchCase = BenchCase(
            stage: "fetch", tool: tool, isPeer: peer, size: DataSize(records: 1_000), commands: [[tool]], stdin: "in.ndjson",
            inputBytes: 2_000_000, records: 1_000)
        return BenchResult(benchCase: benchCase, timing: Timing(seconds: seconds, peakRSSBytes: [4 << 20, 8 << 20]), quality: nil)
    }

    @Test func theRatioIsPeerTimeOverSluiceTime() throws {
        let ours = result("sluice-fetch", peer: false, seconds: [1, 2, 3, 2, 2])
        let jq = result("jq -c .", peer: true, seconds: [10, 12, 11, 9, 13])
        let report = BenchReport(results: [ours, jq])
        #expect(report.ratio(jq) == 5.5)
        #expect(report.ratio(ours) == nil)
        let row = report.rows[1]
        #expect(row[3] == "11.00")
        #expect(row[4] == "9.00–13.00")
        #expect(row[7] == "8 MB")
        #expect(row[8] == "5.5×")
        #expect(report.rows[0][5] == "500")
        // Each row's time over jq's median at the same size: 2 / 11, and jq itself 1.
        #expect(report.rows[0][9] == "0.18×")
        #expect(row[9] == "1.00×")
        #expect(report.markdown.contains("| fetch | 1k | jq -c . | 11.00 |"))
        #expect(report.svg.contains("5.5×"))
        #expect(report.svg.hasPrefix("<svg"))
    }

    @Test func theJqColumnIsBlankWithoutAJqRowAtThatSize() {
        let ours = result("sluice-fetch", peer: false, seconds: [2])
        var jq = result("jq -c .", peer: true, seconds: [4])
        jq.benchCase.size = DataSize(records: 10_000)
        let report = BenchReport(results: [ours, jq])
        #expect(report.rows[0][9] == "")
        #expect(report.rows[1][9] == "1.00×")
        #expect(BenchReport(results: [ours]).rows[0][9] == "")
    }

    @Test func pipesInCellsAreEscapedInMarkdown() {
        var pipeline = result("fetch|load", peer: false, seconds: [1])
        pipeline.benchCase.stage = "pipeline"
        #expect(BenchReport(results: [pipeline]).markdown.contains("| pipeline | 1k | fetch\\|load |"))
    }

    @Test func numbersAreFormattedWithoutFoundation() {
        #expect(fixed(3.14159, 2) == "3.14")
        #expect(fixed(0.06, 1) == "0.1")
        #expect(fixed(-2.5, 0) == "-3")
        #expect(grouped(1_234_567) == "1,234,567")
        #expect(grouped(999) == "999")
    }

    @Test func theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        #expect(Timing(seconds: [4, 1, 3, 2], peakRSSBytes: []).median == 2.5)
        #expect(Timing(seconds: [], peakRSSBytes: []).median == 0)
    }
}
