import SluiceCore
import SluiceGeocode

/// `sluice-eval geocode-films`: what `sluice-geocode` made of a file of records (the match
/// rate by precision, the expected share right, the most frequent unmatched texts);
/// `make pipeline` writes it to build/pipeline/geocode-report.txt.
struct GeocodeFilmsEval: ToolCommand {
    static let usage = Usage.tool(
        name: "sluice-eval geocode-films",
        overview: "what sluice-geocode made of a file: records by precision, the expected share right, the most frequent unmatched texts",
        synopsis: ["sluice-eval geocode-films GEOCODED.ndjson [--field PATH]"],
        options: [.value("field", "PATH", "the location text when a record has no address.raw (default locations)")],
        examples: [
            "sluice-geocode --gazetteer data/sf-gazetteer.csv --field locations films.ndjson > geo.ndjson && sluice-eval geocode-films geo.ndjson"
        ],
        memory: "the geocoded file, and one count per distinct unmatched or street-only text.")

    var path: String
    var field: String

    init(arguments: ParsedArguments) throws(StageFailure) {
        guard arguments.positionals.count == 1 else { throw .usage("geocode-films needs one geocoded NDJSON file") }
        path = arguments.positionals[0]
        field = arguments["field"] ?? "locations"
    }

    mutating func run(_ context: ToolContext) throws {
        let report = try GeocodeEval.films(ndjson: try FileInput.contents(of: path), textField: field, source: path)
        try context.write(report.lines().joined(separator: "\n"))
    }
}

extension GeocodeEval {
    /// What the film report found: records with a non-empty location text by precision, and the
    /// unmatched texts by frequency.
    public struct FilmReport {
        public var byPrecision: [Precision: Int] = [:]
        public var unmatched: [String: Int] = [:]
        public var streetOnly: [String: Int] = [:]
        /// Place matches that are whole neighbourhoods (coarse, though counted as place).
        public var neighbourhoods = 0
        /// The sum of the scores: the number of records expected within 250 m of the place meant.
        public var scores = 0.0
        /// Answers scoring under 0.5: more likely wrong than right.
        public var doubtful = 0
        public var total: Int { byPrecision.values.reduce(0, +) }

        /// The report as text: one line per precision, then the `top` unmatched strings.
        public func lines(top: Int = 30) -> [String] {
            var lines = ["\(total) records with a location text"]
            for precision in Precision.allCases {
                let count = byPrecision[precision] ?? 0
                lines.append("  \(GeocodeEval.pad(precision.rawValue, 14))\(GeocodeEval.pad(String(count), 6))\(GeocodeEval.percent(count, total))")
            }
            let expected = Int(scores.rounded())
            lines.append("expected within 250 m (the sum of the scores): \(expected) (\(GeocodeEval.percent(expected, total)))")
            lines.append("answers scoring under 0.5: \(doubtful); whole neighbourhoods: \(neighbourhoods)")
            lines.append("most frequent unmatched (precision none):")
            lines += Self.top(unmatched, top).map { "  \($0.count)  \($0.text)" }
            lines.append("most frequent street-only matches:")
            lines += Self.top(streetOnly, 10).map { "  \($0.count)  \($0.text)" }
            return lines
        }

        static func top(_ counts: [String: Int], _ n: Int) -> [(text: String, count: Int)] {
            counts.map { (text: $0.key, count: $0.value) }
                .sorted { $0.count != $1.count ? $0.count > $1.count : $0.text < $1.text }
                .prefix(n).map { $0 }
        }
    }

    /// Reads geocoded NDJSON (the output of `sluice-geocode`) and tallies it. The location text
    /// is `address.raw` when present, else the field `textField`. A line that is not a JSON
    /// object, or a `geo.score` that is not a number from 0 to 1, is a data error naming
    /// `source` and the line.
    public static func films(ndjson bytes: [UInt8], textField: String, source: String = "<input>") throws(StageFailure) -> FilmReport {
        var report = FilmReport()
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            let record: JSONValue
            do {
                record = try JSONParser.parse(Array(line))
            } catch {
                throw .data(source: source, line: index + 1, "invalid JSON: \(error)")
            }
            guard case .object = record else { throw .data(source: source, line: index + 1, "expected a JSON object, got \(record.typeName)") }
            let text = (record.value(atPath: "address.raw")?.stringValue ?? record.value(atPath: textField)?.stringValue ?? "").trimmingSpaces()
            guard !text.isEmpty else { continue }
            let precision = record.value(atPath: "geo.precision")?.stringValue.flatMap(Precision.init(rawValue:)) ?? .none
            report.byPrecision[precision, default: 0] += 1
            var score = 0.0
            if let value = record.value(atPath: "geo.score"), value != .null {
                guard let number = value.doubleValue, (0...1).contains(number) else {
                    throw .data(source: source, line: index + 1, "geo.score \(JSONWriter.string(value)) is not a score from 0 to 1")
                }
                score = number
            }
            report.scores += score
            if precision != .none, score < 0.5 { report.doubtful += 1 }
            if precision == .none { report.unmatched[text, default: 0] += 1 }
            if precision == .street { report.streetOnly[text, default: 0] += 1 }
            if precision == .place, record.value(atPath: "geo.matched")?.stringValue?.hasSuffix(" (neighborhood)") == true {
                report.neighbourhoods += 1
            }
        }
        return report
    }
}
