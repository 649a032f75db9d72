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

    /// Per command: the median of its CPU seconds, the largest of its peaks.
    @Test func eachCommandOfAPipelineHasItsCPUAndPeak() {
        let timing = Timing(
            seconds: [2, 3, 2.5], commandCPU: [[1, 4], [3, 2], [2, 3]], commandPeaks: [[10, 100], [30, 90], [20, 80]])
        #expect(timing.commands == [Timing.Command(cpuSeconds: 2, peakRSSBytes: 30), Timing.Command(cpuSeconds: 3, peakRSSBytes: 100)])
        #expect(timing.cpuSeconds == 5)
        #expect(timing.peakRSSBytes == 100)
        #expect(timing.median == 2.5)
    }

    /// The table of the pipelines, stage by stage, beside jq at the same size.
    @Test func thePipelinesAreShownStageByStage() {
        let jq = result("jq -c .", peer: true, seconds: [10, 12, 11])
        var exact = result("fetch|sanitize|dedupe --key", peer: false, seconds: [8, 9, 8.5])
        exact.benchCase.stage = "pipeline (dedupe --key)"
        exact.benchCase.commands = [["f"], ["s"], ["d"]]
        exact.timing = Timing(
            seconds: [8, 9, 8.5], commandCPU: [[0.5, 3, 2], [0.7, 3.2, 2.2], [0.6, 3.1, 2.1]],
            commandPeaks: [[26 << 20, 33 << 20, 40 << 20], [26 << 20, 33 << 20, 41 << 20], [26 << 20, 34 << 20, 40 << 20]])
        var fuzzy = exact
        fuzzy.benchCase.stage = "pipeline"
        fuzzy.benchCase.tool = "fetch|sanitize|dedupe"
        let report = BenchReport(results: [jq, fuzzy, exact])
        let (header, rows) = report.stageRows
        #expect(header == ["size", "case", "wall s", "× jq -c .", "CPU s", "largest RSS", "fetch", "sanitize", "dedupe"])
        #expect(rows.map { $0[1] } == ["jq -c .", "pipeline, fuzzy dedupe", "pipeline, dedupe --key"])
        #expect(rows[0][2] == "11.00 (10.00–12.00)" && rows[0][3] == "1.00×" && rows[0][6...].allSatisfy(\.isEmpty))
        #expect(
            rows[2] == [
                "1k", "pipeline, dedupe --key", "8.50 (8.00–9.00)", "0.77×", "5.80", "41 MB", "0.60 s, 26 MB", "3.10 s, 34 MB", "2.10 s, 41 MB",
            ])
        #expect(report.stageMarkdown.contains("| 1k | pipeline, dedupe --key | 8.50 (8.00–9.00) | 0.77× |"))
        // Without a pipeline there is no such table.
        #expect(BenchReport(results: [jq]).stageMarkdown.isEmpty)
    }

    /// jq and the pipelines of a size are measured in turn; everything else alone.
    @Test func jqAndThePipelinesOfASizeAreInterleaved() {
        func make(_ stage: String, _ tool: String, _ records: Int) -> BenchCase {
            BenchCase(
                stage: stage, tool: tool, isPeer: tool == "jq -c .", size: DataSize(records: records), commands: [[tool]], stdin: nil,
                inputBytes: 1, records: records)
        }
        let cases = [
            make("fetch", "sluice-fetch", 1000), make("fetch", "jq -c .", 1000), make("sanitize", "sluice-sanitize", 1000),
            make("pipeline", "a|b", 1000), make("pipeline (dedupe --key)", "a|b", 1000), make("fetch", "jq -c .", 2000),
            make("pipeline", "a|b", 3000), make("fetch", "jq -c .", 4000),
        ]
        #expect(BenchRunner.interleavedGroups(cases) == [[0], [1, 3, 4], [2], [5], [6], [7]])
    }

    @Test func theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        #expect(Timing(seconds: [4, 1, 3, 2], peakRSSBytes: []).median == 2.5)
        #expect(Timing(seconds: [], peakRSSBytes: []).median == 0)
    }
}
