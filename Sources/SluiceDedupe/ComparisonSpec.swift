import SluiceCore

/// One `--compare` entry: a field (dotted path) and how two of its values are compared, with
/// the comparison levels the Fellegi–Sunter model learns a weight for.
///
///     try ComparisonSpec.parse("surname:jw")             // Jaro–Winkler on the normalised text
///     try ComparisonSpec.parse("name:jw=0.95/0.88/0.7")  // exact / ≥0.95 / ≥0.88 / ≥0.7 / different
///     try ComparisonSpec.parse("geo:geo=50")             // geo.lat/geo.lon within 50 m, 250 m, 1250 m
///     try ComparisonSpec.parse("phone:phone")            // digits: same number / last 7 / one typo / last 4
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
        /// Telephone numbers by their digits (see `DigitText.phone`).
        case phone
        /// House numbers by their digits and letters (see `DigitText.houseNumber`).
        case houseNumber
        /// Names, words weighed by how rare they are in the field (see `NameWordTable`).
        case name
        /// `address.key` texts (`1200 van ness`): number and street apart (see `AddressKey`).
        case address

        /// Methods that intern each distinct normalised text (equal text is level 1 and gets
        /// term-frequency adjustment).
        public var isText: Bool {
            switch self {
            case .numeric, .date, .geo: false
            default: true
            }
        }

        /// Whether a level of two distinct values costs more than looking it up: texts compared
        /// by their characters, words or digits (not `exact`, `address`'s keys, numbers, dates or
        /// places). `PairComparer` remembers these.
        var isCostly: Bool {
            switch self {
            case .jaroWinkler, .levenshtein, .tokenSet, .name, .phone, .houseNumber: true
            case .exact, .address, .numeric, .date, .geo: false
            }
        }
    }

    public var path: String
    public var method: Method
    /// Thresholds written out (`jw=0.95/0.88`), replacing the method's default levels.
    public var cuts: [Double]?

    public init(path: String, method: Method, cuts: [Double]? = nil) {
        self.path = path
        self.method = method
        self.cuts = cuts
    }

    /// The path whose value is read: the path, except for `address` on an address's street key
    /// (`address.key`, sanitize's, which leaves the town out), whose whole address is read, so
    /// that its town is compared too (`FieldColumn.towns`).
    public var readPath: String {
        guard method == .address, path.hasSuffix(".key") else { return path }
        return String(path.dropLast(".key".count))
    }

    /// The thresholds between levels: similarities (falling) for text, differences (rising)
    /// for numbers, days after the typo level for dates, metres for points; Splink's default
    /// Jaro–Winkler cuts. Empty for methods with fixed levels.
    public var levelCuts: [Double] {
        if let cuts { return cuts }
        switch method {
        case .jaroWinkler: return [0.92, 0.84]
        case .levenshtein: return [0.85, 0.7]
        case .tokenSet: return [0.9, 0.75]
        case .name: return [0.85, 0.6, 0.35]
        case .numeric(let tolerance): return [tolerance, 3 * tolerance]
        case .date(let days): return [Double(days)]
        case .geo(let metres): return [metres, 5 * metres, 25 * metres]
        case .exact, .phone, .houseNumber, .address: return []
        }
    }

    /// The names of levels 0…n, for `--explain-model` and `--pairs`.
    public var levelNames: [String] {
        let cuts = levelCuts
        switch method {
        case .exact: return ["missing", "exact", "different"]
        case .jaroWinkler, .levenshtein, .tokenSet, .name:
            return ["missing", "exact"] + cuts.map { "similarity>=\(Self.format($0))" } + ["different"]
        case .numeric: return ["missing", "exact"] + cuts.map { "within \(Self.format($0))" } + ["different"]
        case .date: return ["missing", "same day", "one typo"] + cuts.map { "within \(Self.format($0)) days" } + ["different"]
        case .geo: return ["missing"] + cuts.map { "within \(Self.format($0)) m" } + ["farther"]
        case .phone: return ["missing", "same number", "same last 7 digits", "one digit typo", "same last 4 digits", "different"]
        case .houseNumber: return ["missing", "exact", "same digits", "one digit typo", "different"]
        case .address: return ["missing", "exact", "same number, street close", "same street, number typo", "same street", "different"]
        }
    }

    public var levelCount: Int { levelNames.count }

    /// How the spec is written on the command line.
    public var text: String {
        let written = cuts.map { "=" + $0.map(Self.format).joined(separator: "/") }
        switch method {
        case .exact: return "\(path):exact"
        case .jaroWinkler: return "\(path):jw" + (written ?? "")
        case .levenshtein: return "\(path):lev" + (written ?? "")
        case .tokenSet: return "\(path):tokens" + (written ?? "")
        case .name: return "\(path):name" + (written ?? "")
        case .numeric(let tolerance): return "\(path):num" + (written ?? "=\(Self.format(tolerance))")
        case .date(let days): return "\(path):date" + (written ?? "=\(days)")
        case .geo(let metres): return "\(path):geo" + (written ?? "=\(Self.format(metres))")
        case .phone: return "\(path):phone"
        case .houseNumber: return "\(path):housenumber"
        case .address: return "\(path):address"
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Parses `FIELD[:METHOD[=PARAMETER[/PARAMETER…]]]`; the method defaults to `jw`.
    public static func parse(_ text: String) throws(StageFailure) -> ComparisonSpec {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let path = parts[0]
        guard !path.isEmpty, !path.hasPrefix("."), !path.hasSuffix("."), !path.contains("..") else {
            throw .usage("option '--compare' needs FIELD[:METHOD], got '\(text)'")
        }
        let methodText = parts.count > 1 ? parts[1] : "jw"
        let nameAndParameter = methodText.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let name = nameAndParameter.first ?? ""
        var parameters: [Double]?
        if nameAndParameter.count > 1 {
            let values = nameAndParameter[1].split(separator: "/", omittingEmptySubsequences: false).map { Double($0) }
            guard !values.isEmpty, values.allSatisfy({ $0.map { $0.isFinite && $0 >= 0 } ?? false }) else {
                throw .usage("option '--compare': '\(text)' needs non-negative numbers after '=' (several separated by '/')")
            }
            parameters = values.compactMap { $0 }
        }
        let first = parameters?.first
        let method: Method
        switch name {
        case "exact": method = .exact
        case "jw", "jaro-winkler": method = .jaroWinkler
        case "lev", "levenshtein": method = .levenshtein
        case "tokens", "token-set": method = .tokenSet
        case "name": method = .name
        case "num", "numeric": method = .numeric(tolerance: first ?? 1)
        case "date":
            // Whole days; past a million years every date is within reach anyway.
            guard let days = Int(exactly: (first ?? 365).rounded(.down)), days <= 365_000_000 else {
                throw .usage("option '--compare': '\(text)' needs at most 365000000 days")
            }
            method = .date(days: days)
        case "geo": method = .geo(metres: max(first ?? 50, 0.001))
        case "phone": method = .phone
        case "housenumber", "house-number": method = .houseNumber
        case "address": method = .address
        default:
            throw .usage(
                "option '--compare': unknown method '\(name)' in '\(text)' (exact, jw, lev, tokens, name, num, date, geo, phone, housenumber, address)"
            )
        }
        var spec = ComparisonSpec(path: path, method: method)
        guard let parameters else { return spec }
        switch method {
        case .exact, .phone, .houseNumber, .address:
            throw .usage("option '--compare': method '\(name)' takes no parameter, got '\(text)'")
        case .jaroWinkler, .levenshtein, .tokenSet, .name:
            guard parameters.allSatisfy({ $0 > 0 && $0 <= 1 }), zip(parameters, parameters.dropFirst()).allSatisfy({ $0 > $1 }) else {
                throw .usage("option '--compare': '\(text)' needs similarities in (0, 1], highest first, like jw=0.95/0.88/0.7")
            }
            spec.cuts = parameters
        case .numeric, .date, .geo:
            guard zip(parameters, parameters.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw .usage("option '--compare': '\(text)' needs distances smallest first, like num=1/5/20")
            }
            // One parameter keeps the method's own levels (num=2: within 2 and 6).
            if parameters.count > 1 { spec.cuts = parameters }
        }
        // Four bits a level, level 0 being missing.
        guard spec.levelCount <= 16 else {
            throw .usage("option '--compare': '\(text)' makes \(spec.levelCount - 1) levels; at most 15")
        }
        return spec
    }

    /// The level of a string similarity that is not an exact match: 2 for the first cut it
    /// reaches, and so on; the last level when it reaches none.
    @inline(__always)
    static func level(forSimilarity similarity: Double, cuts: [Double]) -> UInt8 {
        for (index, cut) in cuts.enumerated() where similarity >= cut { return UInt8(2 + index) }
        return UInt8(2 + cuts.count)
    }

    /// The level of a distance (numbers, days, metres) given the first level the cuts give.
    @inline(__always)
    static func level(forDistance distance: Double, cuts: [Double], firstLevel: Int) -> UInt8 {
        for (index, cut) in cuts.enumerated() where distance <= cut { return UInt8(firstLevel + index) }
        return UInt8(firstLevel + cuts.count)
    }
}
