import SluiceCore

/// One `--compare` entry: a field (dotted path) and how two of its values are compared, with
/// the comparison levels the Fellegi–Sunter model learns a weight for.
///
///     try ComparisonSpec.parse("surname:jw")       // Jaro–Winkler on the normalised text
///     try ComparisonSpec.parse("geo:geo=50")       // geo.lat/geo.lon within 50 m, 250 m, 1250 m
///     try ComparisonSpec.parse("date_of_birth:date")
///
/// Level 0 is always `missing` (either value absent, null or empty): its weight is fixed at 0,
/// so a missing value is neither agreement nor disagreement. Level 1 is the closest agreement.
public struct ComparisonSpec: Equatable, Sendable {
    public enum Method: Equatable, Sendable {
        case exact
        case jaroWinkler
        case levenshtein
        case tokenSet
        /// Numbers within `tolerance` (and 3×), after exact equality.
        case numeric(tolerance: Double)
        /// Dates (`YYYYMMDD`, `YYYY-MM-DD`, an ISO timestamp): same day, one digit typed wrong
        /// or two swapped, within `days`.
        case date(days: Int)
        /// `FIELD.lat`/`FIELD.lon` points within `metres`, 5× and 25× that.
        case geo(metres: Double)
    }

    public var path: String
    public var method: Method

    /// The thresholds that split string similarities into levels 2 and 3 (level 1 is equality
    /// of the normalised text), as Splink's defaults do for Jaro–Winkler.
    var similarityCuts: (Double, Double) {
        switch method {
        case .jaroWinkler: (0.92, 0.84)
        case .levenshtein: (0.85, 0.7)
        default: (0.9, 0.75)
        }
    }

    /// The names of levels 0…n, for `--explain-model` and `--pairs`.
    public var levelNames: [String] {
        switch method {
        case .exact: ["missing", "exact", "different"]
        case .jaroWinkler, .levenshtein, .tokenSet:
            ["missing", "exact", "similarity>=\(similarityCuts.0)", "similarity>=\(similarityCuts.1)", "different"]
        case .numeric(let tolerance):
            ["missing", "exact", "within \(Self.format(tolerance))", "within \(Self.format(3 * tolerance))", "different"]
        case .date(let days): ["missing", "same day", "one typo", "within \(days) days", "different"]
        case .geo(let metres):
            ["missing", "within \(Self.format(metres)) m", "within \(Self.format(5 * metres)) m", "within \(Self.format(25 * metres)) m", "farther"]
        }
    }

    public var levelCount: Int { levelNames.count }

    /// How the spec is written on the command line.
    public var text: String {
        switch method {
        case .exact: "\(path):exact"
        case .jaroWinkler: "\(path):jw"
        case .levenshtein: "\(path):lev"
        case .tokenSet: "\(path):tokens"
        case .numeric(let tolerance): "\(path):num=\(Self.format(tolerance))"
        case .date(let days): "\(path):date=\(days)"
        case .geo(let metres): "\(path):geo=\(Self.format(metres))"
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Parses `FIELD[:METHOD[=PARAMETER]]`; the method defaults to `jw`.
    public static func parse(_ text: String) throws(StageFailure) -> ComparisonSpec {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let path = parts[0]
        guard !path.isEmpty, !path.hasPrefix("."), !path.hasSuffix("."), !path.contains("..") else {
            throw .usage("option '--compare' needs FIELD[:METHOD], got '\(text)'")
        }
        let methodText = parts.count > 1 ? parts[1] : "jw"
        let nameAndParameter = methodText.split(separator: "=", maxSplits: 1).map(String.init)
        let name = nameAndParameter.first ?? ""
        let parameter = nameAndParameter.count > 1 ? Double(nameAndParameter[1]) : nil
        if nameAndParameter.count > 1, parameter.map({ !$0.isFinite || $0 < 0 }) ?? true {
            throw .usage("option '--compare': '\(text)' needs a non-negative number after '='")
        }
        let method: Method
        switch name {
        case "exact": method = .exact
        case "jw", "jaro-winkler": method = .jaroWinkler
        case "lev", "levenshtein": method = .levenshtein
        case "tokens", "token-set": method = .tokenSet
        case "num", "numeric": method = .numeric(tolerance: parameter ?? 1)
        case "date": method = .date(days: Int(parameter ?? 365))
        case "geo": method = .geo(metres: max(parameter ?? 50, 0.001))
        default:
            throw .usage("option '--compare': unknown method '\(name)' in '\(text)' (exact, jw, lev, tokens, num, date, geo)")
        }
        if parameter != nil, [Method.exact, .jaroWinkler, .levenshtein, .tokenSet].contains(method) {
            throw .usage("option '--compare': method '\(name)' takes no parameter, got '\(text)'")
        }
        return ComparisonSpec(path: path, method: method)
    }

    /// The level of a string similarity that is not an exact match.
    func level(forSimilarity similarity: Double) -> UInt8 {
        let (high, low) = similarityCuts
        return similarity >= high ? 2 : similarity >= low ? 3 : 4
    }
}
