import Foundation
import SluiceCore
import SluiceGeocode
import SluiceSanitize

/// `sluice-eval geocode-reference`: geocodes each string of a labelled development set as
/// `make pipeline` does and reports the figures users care about (see `referenceReport`).
struct GeocodeReferenceEval: ToolCommand {
    static let usage = Usage.tool(
        name: "sluice-eval geocode-reference",
        overview: "sluice-geocode on a reference set: answers within 250 m, median error, calibration of the scores",
        synopsis: ["sluice-eval geocode-reference --gazetteer FILE [--folds K [--seed S]] REFERENCE.csv"],
        options: [
            .input("gazetteer", "FILE", "the gazetteer CSV to geocode with (data/sf-gazetteer.csv)"),
            .value("folds", "K", "also cross-validate the scores: refit each rule's score on K-1 folds, measure the fold left out"),
            .value("seed", "S", "which split into folds (default 0): the folds follow a hash of the seed and each string"),
        ],
        examples: [
            "sluice-eval geocode-reference --gazetteer data/sf-gazetteer.csv --folds 5 ../shared/data/sf-geocode-dev/sf-film-geocode-dev.csv"
        ],
        memory: "the gazetteer's index (about 50 MB) and the reference set.",
        sections: [("REFERENCE", "  A CSV with the columns raw_location, lat and lon: the text and where it is.")])

    var gazetteer: String
    var reference: String
    var folds: Int?
    var seed: UInt64

    init(arguments: ParsedArguments) throws(StageFailure) {
        guard arguments.positionals.count == 1, let gazetteer = arguments["gazetteer"] else {
            throw .usage("geocode-reference needs --gazetteer FILE and one reference CSV")
        }
        self.gazetteer = gazetteer
        reference = arguments.positionals[0]
        folds = arguments["folds"] == nil ? nil : try arguments.int("folds", default: 5, range: 2...100)
        guard folds != nil || arguments["seed"] == nil else { throw .usage("--seed chooses the split into folds: it needs --folds K") }
        seed = UInt64(try arguments.int("seed", default: 0))
    }

    mutating func run(_ context: ToolContext) throws {
        let geocoder = Geocoder(try Gazetteer.load(path: gazetteer))
        let samples = GeocodeEval.references(try GeocodeEval.references(path: reference), geocoder: geocoder)
        let crossValidation = folds.map { GeocodeEval.crossValidationReport(samples, folds: $0, seed: seed) } ?? []
        try context.write(GeocodeEval.referenceReport(samples, crossValidation: crossValidation).joined(separator: "\n"))
    }
}

extension GeocodeEval {
    /// One reference string of a development set: the text as a record holds it and where two
    /// independent geocodings agree it is.
    public struct Reference {
        public var text: String
        public var point: GeoPoint
    }

    /// Reads a reference CSV (`raw_location,lat,lon,…`, as `../shared/data/sf-geocode-dev/`).
    public static func references(path: String) throws -> [Reference] {
        let table = try SourceTable(path: path)
        try table.require(["raw_location", "lat", "lon"])
        return table.rows.compactMap { row in
            guard let lat = Double(table["lat", row]), let lon = Double(table["lon", row]), abs(lat) <= 90, abs(lon) <= 180 else { return nil }
            return Reference(text: table["raw_location", row], point: GeoPoint(lat: lat, lon: lon))
        }
    }

    /// Geocodes each reference text as `make pipeline` does (sanitize's address object, then
    /// the cascade) and measures the distance to the reference point.
    public static func references(_ references: [Reference], geocoder: Geocoder) -> [Sample] {
        let parser = AddressParser(city: "San Francisco", state: "CA")
        return references.map { reference in
            let best = geocoder.geocode(GeocodeQuery(address: parser.parse(reference.text).json)).first ?? .none("nothing")
            return Sample(
                precision: best.precision, score: best.score, error: best.point.map { $0.distance(to: reference.point) },
                text: reference.text, matched: best.matched + " (" + best.method + ")" + (best.note.map { "; " + $0 } ?? ""),
                method: best.method)
        }
    }

    /// The figures users care about: how many answers land within 250 m, the median error,
    /// confident answers far away, and whether the score means the chance of being right; the
    /// cross-validation section, when given, after the whole set's calibration and precisions.
    public static func referenceReport(_ samples: [Sample], crossValidation: [String] = []) -> [String] {
        let answered = samples.filter { $0.error != nil }
        let errors = answered.compactMap(\.error).sorted()
        let right = answered.filter { ($0.error ?? .infinity) <= Self.rightWithin }.count
        let farConfident = answered.filter { ($0.error ?? 0) > 1000 && $0.score >= 0.5 }
        var lines = [
            "strings: \(samples.count); answered: \(answered.count) (\(percent(answered.count, samples.count)))",
            "within 250 m: \(percent(right, answered.count)) of answers, \(percent(right, samples.count)) of all strings",
            "median error: \(errors.isEmpty ? "-" : metres(quantile(errors, 0.5)))",
            "answers more than 1 km off with score >= 0.5: \(farConfident.count)",
        ]
        lines += farConfident.sorted { ($0.error ?? 0) > ($1.error ?? 0) }.map {
            "  \(metres($0.error ?? 0))  score \(GeoPoint.fixed($0.score, decimals: 2))  \($0.text) → \($0.matched)"
        }
        let confident = answered.filter { $0.score >= 0.8 }
        lines.append(
            "answers with score >= 0.8 right: \(percent(confident.filter { ($0.error ?? .infinity) <= Self.rightWithin }.count, confident.count)) of \(confident.count)"
        )
        lines.append("calibration (right = within 250 m):")
        lines += calibrationTable(answered)
        lines.append("by precision:")
        lines += errorTable(samples) { $0.precision.rawValue }
        lines += crossValidation
        lines.append("wrong answers (more than 250 m off), largest first:")
        lines += answered.filter { ($0.error ?? 0) > Self.rightWithin }.sorted { ($0.error ?? 0) > ($1.error ?? 0) }.map {
            "  \(metres($0.error ?? 0))  score \(GeoPoint.fixed($0.score, decimals: 2))  \($0.text) → \($0.matched)"
        }
        lines.append("answers scoring under 0.8, for review (error, score, text → match):")
        lines += answered.filter { $0.score < 0.95 }.sorted { ($0.score, $0.text) < ($1.score, $1.text) }.map {
            "  \(metres($0.error ?? 0))  score \(GeoPoint.fixed($0.score, decimals: 2))  \($0.text) → \($0.matched)"
        }
        lines.append("not found:")
        lines += samples.filter { $0.error == nil }.map { "  \($0.text)" }
        return lines
    }

    /// An answer this close to the reference is right: what a score is the chance of.
    static let rightWithin = GeocodeScore.rightWithin

    /// Score buckets: answers, mean score, observed share right with its 95% Wilson interval,
    /// and the gap between the two. A bucket of fewer than `minimumBucket` answers is pooled
    /// with the one above it, so no share rests on a handful of answers.
    public static func calibrationTable(_ samples: [Sample]) -> [String] {
        var lines = [pad("score", 12) + pad("n", 6) + pad("mean score", 12) + pad("right", 8) + pad("95% interval", 16) + "gap"]
        for bucket in calibrationBuckets(samples) {
            let n = Double(bucket.samples.count)
            let mean = bucket.samples.reduce(0) { $0 + $1.score } / n
            let right = Double(bucket.samples.filter { ($0.error ?? .infinity) <= Self.rightWithin }.count)
            let (low, high) = wilson(right, n)
            lines.append(
                pad(String(format: "%.2f-%.2f", bucket.low, min(bucket.high, 1)), 12) + pad(String(bucket.samples.count), 6)
                    + pad(String(format: "%.3f", mean), 12) + pad(String(format: "%.3f", right / n), 8)
                    + pad(String(format: "%.3f-%.3f", low, high), 16) + String(format: "%+.1f", (right / n - mean) * 100))
        }
        return lines
    }

    /// The buckets of `calibrationEdges` holding answers, small ones pooled upwards.
    static func calibrationBuckets(_ samples: [Sample]) -> [(low: Double, high: Double, samples: [Sample])] {
        var buckets: [(low: Double, high: Double, samples: [Sample])] = []
        var pending: (low: Double, samples: [Sample])?
        for (low, high) in zip(calibrationEdges, calibrationEdges.dropFirst()) {
            let inside = samples.filter { $0.score >= low && ($0.score < high || high > 1) }
            if inside.isEmpty && pending == nil { continue }
            let start = pending?.low ?? low
            let pooled = (pending?.samples ?? []) + inside
            if pooled.count < minimumBucket && high <= 1 {
                pending = (start, pooled)
                continue
            }
            pending = nil
            if !pooled.isEmpty { buckets.append((start, high, pooled)) }
        }
        return buckets
    }

    /// The 95% Wilson score interval of `right` successes in `n`.
    static func wilson(_ right: Double, _ n: Double) -> (Double, Double) {
        guard n > 0 else { return (0, 1) }
        let z = 1.96, p = right / n
        let centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        let spread = z * ((p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()) / (1 + z * z / n)
        return (max(0, centre - spread), min(1, centre + spread))
    }

    static let minimumBucket = 10
    /// Bucket edges; the last bucket holds scores of 1 too.
    static let calibrationEdges = [0, 0.5, 0.8, 0.9, 0.95, 1.01]
}
