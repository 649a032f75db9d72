#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The results as a table (stdout and `results.md`) and as an SVG bar chart of the ratios
/// peer time / Sluice time, all from the same run.
///
///     | stage | size | tool | median s | min–max s | records/s | MB/s | peak RSS | peer/Sluice | time / jq -c . | precision / recall / F1 |
///     | fetch | 100k | jq -c . | 3.10 | 3.02–3.31 | 32,258 | 13.5 | 4 MB | 12.4× | 1.00× | |
public struct BenchReport {
    public var results: [BenchResult]

    public init(results: [BenchResult]) {
        self.results = results
    }

    /// The Sluice result a peer is compared with: same stage and size.
    func sluice(for peer: BenchResult) -> BenchResult? {
        results.first { !$0.benchCase.isPeer && $0.benchCase.stage == peer.benchCase.stage && $0.benchCase.size == peer.benchCase.size }
    }

    /// Peer time / Sluice time (above 1: Sluice is faster).
    public func ratio(_ peer: BenchResult) -> Double? {
        guard peer.benchCase.isPeer, let ours = sluice(for: peer), ours.timing.median > 0 else { return nil }
        return peer.timing.median / ours.timing.median
    }

    /// The row's time / the time of `jq -c .` (re-printing the generated file) at the same size in
    /// the same run: below 1, the row took less time than jq merely re-printing the data.
    public func jqRatio(_ result: BenchResult) -> Double? {
        let jq = results.first { $0.benchCase.stage == "fetch" && $0.benchCase.tool == "jq -c ." && $0.benchCase.size == result.benchCase.size }
        guard let jq, jq.timing.median > 0 else { return nil }
        return result.timing.median / jq.timing.median
    }

    static let header = [
        "stage", "size", "tool", "median s", "min–max s", "records/s", "MB/s", "peak RSS", "peer/Sluice", "time / jq -c .", "precision / recall / F1",
    ]

    public var rows: [[String]] {
        results.map { result in
            let timing = result.timing
            return [
                result.benchCase.stage, result.benchCase.size.label, result.benchCase.tool,
                fixed(timing.median, 2), "\(fixed(timing.min, 2))–\(fixed(timing.max, 2))",
                grouped(Int(result.recordsPerSecond.rounded())), fixed(result.megabytesPerSecond, 1),
                "\(timing.peakRSSBytes / 1_048_576) MB", ratio(result).map { fixed($0, 1) + "×" } ?? "",
                jqRatio(result).map { fixed($0, 2) + "×" } ?? "",
                result.quality.map { "\(fixed($0.precision, 3)) / \(fixed($0.recall, 3)) / \(fixed($0.f1, 3))" } ?? "",
            ]
        }
    }

    /// A Markdown table (also readable as plain text on a terminal).
    public var markdown: String {
        var lines = ["| " + BenchReport.header.joined(separator: " | ") + " |"]
        lines.append("|" + BenchReport.header.map { _ in "---" }.joined(separator: "|") + "|")
        // A pipe inside a cell (the pipeline's stage list) would end the cell.
        lines += rows.map { "| " + $0.map { $0.replacing("|", with: "\\|") }.joined(separator: " | ") + " |" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The piped pipelines stage by stage, beside `jq -c .` at the same size (measured in
    /// turn with them): wall time, its ratio to jq's, CPU (user + system) of all the stages,
    /// the largest stage's peak RSS, then each stage's median CPU seconds and peak RSS.
    ///
    ///     | size | case | wall s | × jq -c . | CPU s | largest RSS | fetch | sanitize | … |
    ///     | 1M | pipeline, dedupe --key | 9.09 (8.82–9.40) | 0.78× | 14.20 | 103 MB | 0.60 s, 26 MB | 3.40 s, 33 MB | … |
    public var stageRows: (header: [String], rows: [[String]]) {
        let pipelines = results.filter { $0.benchCase.stage.hasPrefix("pipeline") && !$0.timing.commands.isEmpty }
        guard let widest = pipelines.max(by: { $0.benchCase.commands.count < $1.benchCase.commands.count }) else { return ([], []) }
        let stages = widest.benchCase.tool.split(separator: "|").map { String($0.split(separator: " ")[0]) }
        let header = ["size", "case", "wall s", "× jq -c .", "CPU s", "largest RSS"] + stages
        func megabytes(_ bytes: Int) -> String { "\(grouped(bytes / 1_048_576)) MB" }
        var rows: [[String]] = []
        for size in Set(pipelines.map(\.benchCase.size)).sorted() {
            let jq = results.first { $0.benchCase.size == size && $0.benchCase.stage == "fetch" && $0.benchCase.tool == "jq -c ." }
            for result in (jq.map { [$0] } ?? []) + pipelines.filter({ $0.benchCase.size == size }) {
                let timing = result.timing
                let name = BenchReport.caseName(result.benchCase)
                let range = timing.seconds.count > 1 ? " (\(fixed(timing.min, 2))–\(fixed(timing.max, 2)))" : ""
                var row = [
                    size.label, name, fixed(timing.median, 2) + range, jqRatio(result).map { fixed($0, 2) + "×" } ?? "",
                    timing.commands.isEmpty ? "" : fixed(timing.cpuSeconds, 2), megabytes(timing.peakRSSBytes),
                ]
                let cells = result.benchCase.isPeer ? [] : timing.commands.map { "\(fixed($0.cpuSeconds, 2)) s, \(megabytes($0.peakRSSBytes))" }
                row += (0..<stages.count).map { $0 < cells.count ? cells[$0] : "" }
                rows.append(row)
            }
        }
        return (header, rows)
    }

    /// `jq -c .`, `pipeline, fuzzy dedupe` or `pipeline, dedupe --key` (from the stage `pipeline (dedupe --key)`).
    static func caseName(_ benchCase: BenchCase) -> String {
        if benchCase.isPeer { return benchCase.tool }
        guard let open = benchCase.stage.firstIndex(of: "("), benchCase.stage.hasSuffix(")") else { return "pipeline, fuzzy dedupe" }
        return "pipeline, " + benchCase.stage[benchCase.stage.index(after: open)...].dropLast()
    }

    /// `stageRows` as a Markdown table (empty when no pipeline ran).
    public var stageMarkdown: String {
        let (header, rows) = stageRows
        guard !rows.isEmpty else { return "" }
        var lines = ["| " + header.joined(separator: " | ") + " |", "|" + header.map { _ in "---" }.joined(separator: "|") + "|"]
        lines += rows.map { "| " + $0.joined(separator: " | ") + " |" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Aligned columns for a terminal.
    public var table: String {
        let all = [BenchReport.header] + rows
        let widths = BenchReport.header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            zip(row, widths).map { cell, width in cell + String(repeating: " ", count: width - cell.count) }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// A horizontal bar per peer result, length log-scaled by its ratio, with a line at 1×.
    public var svg: String {
        let bars = results.compactMap { result in ratio(result).map { (label: "\(result.benchCase.key): \(result.benchCase.tool)", ratio: $0) } }
        let width = 720.0, left = 260.0, barHeight = 22.0, top = 40.0
        let maxLog = max(1.0, bars.map { log10(max($0.ratio, 0.1)) }.max() ?? 1)
        let minLog = min(0.0, bars.map { log10(max($0.ratio, 0.1)) }.min() ?? 0)
        let scale = (width - left - 80) / (maxLog - minLog)
        func x(_ ratio: Double) -> Double { left + (log10(max(ratio, 0.1)) - minLog) * scale }
        let height = top + Double(bars.count) * (barHeight + 6) + 30
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" font-family="sans-serif" font-size="12">
            <text x="10" y="20" font-size="14">peer time / Sluice time (log scale; right of the line: Sluice is faster)</text>

            """
        for (index, bar) in bars.enumerated() {
            let y = top + Double(index) * (barHeight + 6)
            let start = min(x(1), x(bar.ratio)), end = max(x(1), x(bar.ratio))
            let colour = bar.ratio >= 1 ? "#2b7a3d" : "#b03a2e"
            svg += "<text x=\"\(Int(left - 8))\" y=\"\(fixed(y + 15, 0))\" text-anchor=\"end\">\(escaped(bar.label))</text>\n"
            svg +=
                "<rect x=\"\(fixed(start, 1))\" y=\"\(fixed(y, 1))\" width=\"\(fixed(max(end - start, 1), 1))\" height=\"\(Int(barHeight))\" fill=\"\(colour)\"/>\n"
            svg += "<text x=\"\(fixed(end + 4, 1))\" y=\"\(fixed(y + 15, 0))\">\(fixed(bar.ratio, 1))×</text>\n"
        }
        svg += "<line x1=\"\(fixed(x(1), 1))\" y1=\"\(Int(top - 6))\" x2=\"\(fixed(x(1), 1))\" y2=\"\(Int(height - 24))\" stroke=\"#333\"/>\n"
        svg += "<text x=\"\(fixed(x(1), 1))\" y=\"\(Int(height - 8))\" text-anchor=\"middle\">1×</text>\n</svg>\n"
        return svg
    }

    func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }
}

/// `value` with `decimals` digits after the point (no Foundation formatting).
func fixed(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "–" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((abs(value) * scale).rounded())
    let whole = scaled / Int(scale)
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard decimals > 0 else { return sign + "\(whole)" }
    let fraction = String(scaled % Int(scale))
    return sign + "\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
}

/// 1234567 → "1,234,567".
func grouped(_ value: Int) -> String {
    let digits = Array(String(abs(value)))
    var out = ""
    for (index, digit) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { out += "," }
        out.append(digit)
    }
    return (value < 0 ? "-" : "") + out
}
