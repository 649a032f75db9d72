import Foundation

/// The reports for people: four aligned tables, fields in the order of the input (or of
/// `--fields`), each section left out when no field has anything for it.
///
///     FIELDS (2084 records)   PRESENT      %  NULL  EMPTY  TYPES                          DISTINCT
///     locations                  2084   100%    54      0  string 2030, null 54 (l. 5, …)     1634
///     NUMBERS            COUNT   MIN    P1    P50    P99    MAX     MEAN   STDDEV
///     STRINGS            COUNT   MIN LEN  MEAN LEN  MAX LEN  LONGEST ON LINES
///     TOP VALUES         VALUE            COUNT      %
///
/// Estimated figures start with `≈`; the notes at the end say how far off they can be.
enum StatsTable {
    static func render(_ reports: [FieldReport], records: Int, limits: StatsLimits) -> String {
        var sections: [String] = []
        var fields = TextTable([
            .init("FIELDS (\(records) records)", max: 40), .init("PRESENT", right: true), .init("%", right: true),
            .init("NULL", right: true), .init("EMPTY", right: true), .init("TYPES", max: 48), .init("DISTINCT", right: true),
        ])
        for report in reports {
            let distinct = report.distinct.map { (report.distinctExact ? "" : "≈") + String($0) } ?? ""
            fields.add([
                report.path, String(report.present), percent(report.present, of: records), String(report.nulls), String(report.empty),
                types(report), distinct,
            ])
        }
        sections.append(fields.render())

        var numbers = TextTable(
            [.init("NUMBERS", max: 40), .init("COUNT", right: true)]
                + ["MIN", "P1", "P50", "P99", "MAX", "MEAN", "STDDEV"].map { .init($0, right: true, max: 16) })
        for report in reports {
            guard let figures = report.numbers else { continue }
            let mark = figures.exact ? "" : "≈"
            numbers.add(
                [report.path, String(figures.count), figures.minimum]
                    + figures.percentiles.map { value in value.flatMap(FieldReport.number).map { mark + $0 } ?? "" }
                    + [figures.maximum, readable(figures.mean), readable(figures.standardDeviation)])
        }
        if !numbers.isEmpty { sections.append(numbers.render()) }

        var strings = TextTable([
            .init("STRINGS (length in characters)", max: 40), .init("COUNT", right: true), .init("MIN", right: true),
            .init("MEAN", right: true), .init("MAX", right: true), .init("LONGEST ON LINES"),
        ])
        for report in reports {
            guard let figures = report.strings else { continue }
            strings.add([
                report.path, String(figures.count), String(figures.minimumLength), readable(figures.meanLength), String(figures.maximumLength),
                figures.longestLines.map(String.init).joined(separator: ", "),
            ])
        }
        if !strings.isEmpty { sections.append(strings.render()) }

        var top = TextTable([.init("TOP VALUES", max: 40), .init("VALUE", max: 48), .init("COUNT", right: true), .init("%", right: true)])
        for report in reports where report.distinct != nil {
            if report.top.isEmpty {
                if !report.topExact { top.add([report.path, "(no value stands out: all within the error)", "", ""]) }
                continue
            }
            if report.topExact, report.distinctExact, report.top[0].count == 1, let distinct = report.distinct, distinct > 1 {
                top.add([report.path, "(all \(distinct) values distinct)", "", ""])
                continue
            }
            let mark = report.topExact ? "" : "≈"
            for (index, value) in report.top.enumerated() {
                top.add([index == 0 ? report.path : "", shown(value), mark + String(value.count), percent(value.count, of: report.values)])
            }
        }
        if !top.isEmpty { sections.append(top.render()) }
        let notes = self.notes(reports, limits: limits)
        if !notes.isEmpty { sections.append(notes.joined(separator: "\n") + "\n") }
        return sections.joined(separator: "\n")
    }

    /// `string`, or `number 2030, string 54 (l. 3, 17, 99)`: every type with its count, and the
    /// first lines of each type but the most frequent.
    static func types(_ report: FieldReport) -> String {
        guard report.types.count > 1 else { return report.types.first?.type.name ?? "" }
        return report.types.enumerated().map { index, line in
            let lines = index == 0 ? "" : " (l. " + line.firstLines.map(String.init).joined(separator: ", ") + ")"
            return "\(line.type.name) \(line.count)\(lines)"
        }.joined(separator: ", ")
    }

    /// A value as the table shows it: strings as they are (`""` when empty), numbers as written.
    static func shown(_ value: FieldReport.TopValue) -> String {
        let text = String(decoding: value.bytes, as: UTF8.self)
        return value.kind == .string && text.isEmpty ? "\"\"" : text
    }

    static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "" }
        if part == whole { return "100%" }
        let tenths = (part * 1000 + whole / 2) / whole
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// A mean or deviation with six significant digits, without an exponent for everyday sizes.
    static func readable(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        let magnitude = abs(value)
        if magnitude != 0, magnitude >= 1e12 || magnitude < 1e-4 { return FieldReport.number(value) ?? "" }
        let integerDigits = magnitude < 1 ? 1 : Int(log10(magnitude)) + 1
        var text = String(format: "%.\(max(0, 6 - integerDigits))f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// What `≈` means, for the kinds of estimate the report holds.
    static func notes(_ reports: [FieldReport], limits: StatsLimits) -> [String] {
        let limit = limits.exactValues.map(String.init) ?? "all"
        var notes: [String] = []
        if reports.contains(where: { $0.distinct != nil && !$0.distinctExact }) {
            notes.append(
                "≈ distinct: a HyperLogLog estimate past \(limit) distinct values, "
                    + "±0.81% (one standard error; measured: \(StatsCommand.measured.distinct))")
        }
        if reports.contains(where: { $0.numbers.map { !$0.exact } ?? false }) {
            notes.append("≈ p1/p50/p99: from a KLL sketch past \(limit) distinct values (rank error measured: \(StatsCommand.measured.rank))")
        }
        for report in reports where report.distinct != nil && !report.topExact {
            notes.append("≈ top values of \(report.path): Misra–Gries counts, each at most \(report.topUndercount) below the true count")
        }
        return notes
    }
}
