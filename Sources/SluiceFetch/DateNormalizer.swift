import Foundation
import SluiceCore

/// `--dates FIELD[,FIELD…][:FORMAT]`: rewrites date fields as ISO 8601 (`2019-03-04`). Parsing
/// and formatting both use the POSIX locale and UTC, so a date never moves a day with the
/// machine's time zone (the classic bug: midnight local time printed in UTC is the day before).
/// Without FORMAT the common written forms are tried in turn.
///
///     var dates = try DateNormalizer("air_date")
///     dates.normalize(.string("March 4, 2019"))   // .string("2019-03-04")
///     dates.normalize(.string("4 March 2019"))    // .string("2019-03-04")
///     dates.normalize(.string("TBA"))             // nil: left as it was, and counted
final class DateNormalizer {
    /// Tried in order without an explicit FORMAT; day-first before month-first only where the
    /// month is a word, so `03/04/2019` is read the American way, as most web sources mean it.
    static let automaticFormats = [
        "yyyy-MM-dd", "MMMM d, yyyy", "MMM d, yyyy", "MMMM d yyyy", "MMM d yyyy", "d MMMM yyyy", "d MMM yyyy",
        "EEEE, MMMM d, yyyy", "EEE, MMM d, yyyy", "MM/dd/yyyy", "M/d/yyyy", "yyyy/MM/dd", "MMM. d, yyyy",
        "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX",
    ]

    /// One `--dates` option: its fields and the formats to try on them.
    struct Rule {
        var fields: [String]
        var parsers: [DateFormatter]
        var withTime: [Bool]
    }

    let rules: [Rule]
    let dateOutput = DateNormalizer.formatter("yyyy-MM-dd")
    let timeOutput = DateNormalizer.formatter("yyyy-MM-dd'T'HH:mm:ss'Z'")
    /// Per field, how many values were not dates (left unchanged).
    private(set) var unparsed: [String: Int] = [:]

    convenience init(_ spec: String) throws(StageFailure) { try self.init([spec]) }

    init(_ specs: [String]) throws(StageFailure) {
        rules = try specs.map { spec throws(StageFailure) in
            let parts = spec.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let fields = parts[0].split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
            guard !fields.isEmpty else { throw .usage("option '--dates' needs FIELD[,FIELD…][:FORMAT], got '\(spec)'") }
            let formats = parts.count > 1 && !parts[1].isEmpty ? [String(parts[1])] : DateNormalizer.automaticFormats
            return Rule(
                fields: fields, parsers: formats.map(DateNormalizer.formatter), withTime: formats.map { $0.contains("H") || $0.contains("h") })
        }
    }

    var fields: [String] { rules.flatMap(\.fields) }

    static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.isLenient = false
        formatter.dateFormat = format
        return formatter
    }

    /// The ISO 8601 form of a date string, or nil when no format reads it.
    func normalize(_ value: JSONValue, field: String? = nil) -> JSONValue? {
        guard case .string(let raw) = value, let rule = rules.first(where: { field == nil || $0.fields.contains(field ?? "") }) else { return nil }
        let text = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for (index, parser) in rule.parsers.enumerated() {
            guard let date = parser.date(from: text) else { continue }
            return .string(rule.withTime[index] ? timeOutput.string(from: date) : dateOutput.string(from: date))
        }
        return nil
    }

    /// Rewrites the named top-level fields of a record; empty and null values stay as they are.
    func apply(to record: inout JSONValue) {
        guard case .object(var members) = record else { return }
        for index in members.indices where fields.contains(members[index].key) {
            let value = members[index].value
            if value == .null || value == .string("") { continue }
            if let iso = normalize(value, field: members[index].key) {
                members[index].value = iso
            } else {
                unparsed[members[index].key, default: 0] += 1
            }
        }
        record = .object(members)
    }

    /// One warning per field that had values which are not dates.
    var warnings: [String] {
        fields.compactMap { field in
            unparsed[field].map {
                "--dates: \($0) value\($0 == 1 ? "" : "s") of '\(field)' \($0 == 1 ? "is" : "are") not a date and kept as \($0 == 1 ? "it was" : "they were")"
            }
        }
    }
}
