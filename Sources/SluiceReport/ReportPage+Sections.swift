/// The cards of "the cleaning at a glance": each one table or bar, built from the counts.
extension ReportPage {
    static func card(_ heading: String, _ body: String, wide: Bool = false) -> String {
        #"<section class="card\#(wide ? " wide" : "")"><h3>\#(heading)</h3>\#(body)</section>"#
    }

    /// A table whose cells are already escaped; numbers right-aligned by the `num` class.
    static func table(_ headers: [String], _ rows: [[String]], numeric: Set<Int> = []) -> String {
        var out = "<table><thead><tr>"
        for (index, header) in headers.enumerated() { out += numeric.contains(index) ? #"<th class="num">\#(header)</th>"# : "<th>\(header)</th>" }
        out += "</tr></thead><tbody>"
        for row in rows {
            out += "<tr>"
            for (index, cell) in row.enumerated() { out += numeric.contains(index) ? #"<td class="num">\#(cell)</td>"# : "<td>\(cell)</td>" }
            out += "</tr>"
        }
        return out + "</tbody></table>"
    }

    static func none(_ text: String) -> String { #"<p class="empty">\#(text)</p>"# }

    /// Counts per stage from the logs' accounting lines: in, out, rejected, split, merged.
    func stagesCard() -> String {
        guard !logs.isEmpty else { return Self.card("Stages", Self.none("No stage logs given (<code>--stage-log FILE</code>).")) }
        let rows: [[String]] = logs.map { log in
            guard let counts = log.accounting else {
                return [HTML.escape(log.stage), "–", "–", "–", "–", "–", "no accounting line in " + HTML.escape(log.path)]
            }
            var notes = counts.details.map(HTML.escape)
            if log.warnings > 0 { notes.append(Figure.count(log.warnings, "warning")) }
            if log.otherLines > 0 { notes.append(Figure.count(log.otherLines, "other line") + " in the log") }
            return [
                HTML.escape(log.stage), "\(counts.recordsIn)", "\(counts.recordsOut)", "\(counts.rejected)", "\(counts.split)", "\(counts.merged)",
                notes.joined(separator: ", "),
            ]
        }
        var body = Self.table(["stage", "in", "out", "rejected", "split", "merged", "and"], rows, numeric: [1, 2, 3, 4, 5])
        for log in logs where !log.firstWarnings.isEmpty {
            body += "<details><summary>\(HTML.escape(log.stage)): \(Figure.count(log.warnings, "warning"))</summary><pre>"
            body +=
                log.firstWarnings.map(HTML.escape).joined(separator: "\n") + (log.warnings > log.firstWarnings.count ? "\n…" : "")
                + "</pre></details>"
        }
        return Self.card("Stages", body, wide: true)
    }

    /// What this file's records carry.
    func recordsCard() -> String {
        let records = summary.records
        var rows: [[String]] = [
            ["records", "\(records)", ""],
            ["with <code>address</code>", "\(summary.withAddress)", Figure.percent(summary.withAddress, of: records)],
            ["with <code>geo</code>", "\(summary.withGeo)", Figure.percent(summary.withGeo, of: records)],
            ["placed (a point on the map)", "\(summary.placed)", Figure.percent(summary.placed, of: records)],
            ["with <code>dedupe</code>", "\(summary.clusters.records)", Figure.percent(summary.clusters.records, of: records)],
        ]
        if summary.withoutPoint > 0 { rows.append(["a precision but no usable coordinates", "\(summary.withoutPoint)", ""]) }
        return Self.card("Records in this file", Self.table(["", "records", "share"], rows, numeric: [1, 2]))
    }

    /// The precision mix as one stacked bar and a table.
    func precisionCard() -> String {
        let precisions = summary.precisions
        guard !precisions.isEmpty else { return Self.card("Precision mix", Self.none("No record has a <code>geo</code> member.")) }
        let order = PrecisionPalette.ordered(precisions.entries.map(\.value))
        var bar = #"<div class="bar">"#
        var rows: [[String]] = []
        for precision in order {
            let count = precisions.count(of: precision)
            let share = Figure.percent(count, of: precisions.total)
            let swatch = precision == "none" ? "cn" : PrecisionPalette.cssClass(of: precision)
            bar += #"<span class="\#(swatch)" style="width:\#(share)" title="\#(HTML.escape(precision)) \#(count) (\#(share))"></span>"#
            rows.append([#"<span class="sw \#(swatch)"></span>"# + HTML.escape(precision), "\(count)", share])
        }
        let located = precisions.total - precisions.count(of: "none") - precisions.count(of: "street")
        let note =
            "<p>More precise than a street: \(Figure.percent(located, of: precisions.total)) of \(precisions.total) records with <code>geo</code>.</p>"
        return Self.card("Precision mix", bar + "</div>" + Self.table(["precision", "records", "share"], rows, numeric: [1, 2]) + note)
    }

    /// Scores of placed records, in tenths.
    func scoreCard() -> String {
        let bins = summary.scoreBins
        guard let highest = bins.max(), highest > 0 else { return Self.card("Score distribution", Self.none("No placed record has a score.")) }
        var out = #"<div class="histogram">"#
        for (index, count) in bins.enumerated() {
            let height = Figure.percent(count, of: highest)
            out +=
                #"<div><span class="count">\#(count)</span><span class="col" style="height:\#(height)"></span><span class="label">\#(Figure.fixed(Double(index) / 10, decimals: 1))</span></div>"#
        }
        out += "</div><p>Scores of the \(summary.placed) placed records (0 to 1; each column from its value to the next tenth)."
        if summary.unscored > 0 { out += " \(summary.unscored) without a score." }
        return Self.card("Score distribution", out + "</p>")
    }

    /// `address.kind` counts, as bars.
    func kindsCard() -> String {
        let kinds = summary.kinds
        guard !kinds.isEmpty else { return Self.card("Address kinds", Self.none("No record has an <code>address</code> member.")) }
        let top = kinds.top(30)
        let highest = top.first?.count ?? 1
        let rows = top.map { entry in
            [HTML.escape(entry.value), "\(entry.count)", Figure.percent(entry.count, of: kinds.total), Self.meter(entry.count, of: highest)]
        }
        return Self.card("Address kinds", Self.table(["kind", "records", "share", ""], rows, numeric: [1, 2]))
    }

    static func meter(_ count: Int, of highest: Int) -> String {
        #"<span class="meter" style="width:\#(Figure.percent(count, of: highest))"></span>"#
    }
}
