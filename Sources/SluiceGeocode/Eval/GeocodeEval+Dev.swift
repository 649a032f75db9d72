import Foundation
import SluiceCore
import SluiceSanitize

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
            guard let lat = Double(table["lat", row]), let lon = Double(table["lon", row]) else { return nil }
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
                text: reference.text, matched: best.matched + " (" + best.method + ")" + (best.note.map { "; " + $0 } ?? ""))
        }
    }

    /// The figures users care about: how many answers land within 250 m, the median error,
    /// confident answers far away, and whether the score means the chance of being right.
    public static func referenceReport(_ samples: [Sample]) -> [String] {
        let answered = samples.filter { $0.error != nil }
        let errors = answered.compactMap(\.error).sorted()
        let right = answered.filter { ($0.error ?? .infinity) <= Self.rightWithin }.count
        let farConfident = answered.filter { ($0.error ?? 0) > 1000 && $0.score >= 0.5 }
        var lines = [
            "strings: \(samples.count); answered: \(answered.count) (\(percent(answered.count, samples.count)))",
            "within 250 m: \(percent(right, answered.count)) of answers, \(percent(right, samples.count)) of all strings",
            "median error: \(errors.isEmpty ? "-" : "\(Int(quantile(errors, 0.5).rounded())) m")",
            "answers more than 1 km off with score >= 0.5: \(farConfident.count)",
        ]
        lines += farConfident.sorted { ($0.error ?? 0) > ($1.error ?? 0) }.map {
            "  \(Int(($0.error ?? 0).rounded())) m  score \(GeoPoint.fixed($0.score, decimals: 2))  \($0.text) → \($0.matched)"
        }
        let confident = answered.filter { $0.score >= 0.8 }
        lines.append(
            "answers with score >= 0.8 right: \(percent(confident.filter { ($0.error ?? .infinity) <= Self.rightWithin }.count, confident.count)) of \(confident.count)"
        )
        lines.append("calibration (right = within 250 m):")
        lines += calibrationTable(answered)
        lines.append("by precision:")
        lines += errorTable(samples) { $0.precision.rawValue }
        lines.append("wrong answers (more than 250 m off), largest first:")
        lines += answered.filter { ($0.error ?? 0) > Self.rightWithin }.sorted { ($0.error ?? 0) > ($1.error ?? 0) }.map {
            "  \(Int(($0.error ?? 0).rounded())) m  score \(GeoPoint.fixed($0.score, decimals: 2))  \($0.text) → \($0.matched)"
        }
        lines.append("answers scoring under 0.8, for review (error, score, text → match):")
        lines += answered.filter { $0.score < 0.95 }.sorted { ($0.score, $0.text) < ($1.score, $1.text) }.map {
            "  \(Int(($0.error ?? 0).rounded())) m  score \(GeoPoint.fixed($0.score, decimals: 2))  \($0.text) → \($0.matched)"
        }
        lines.append("not found:")
        lines += samples.filter { $0.error == nil }.map { "  \($0.text)" }
        return lines
    }

    /// An answer this close to the reference is right.
    public static let rightWithin = 250.0

    /// Score buckets: answers, mean score, observed share right, and the gap between the two.
    public static func calibrationTable(_ samples: [Sample]) -> [String] {
        var lines = [pad("score", 12) + pad("n", 6) + pad("mean score", 12) + pad("right", 8) + "gap"]
        for (low, high) in Self.calibrationBuckets {
            let bucket = samples.filter { $0.score >= low && $0.score < high }
            guard !bucket.isEmpty else { continue }
            let mean = bucket.reduce(0) { $0 + $1.score } / Double(bucket.count)
            let share = Double(bucket.filter { ($0.error ?? .infinity) <= Self.rightWithin }.count) / Double(bucket.count)
            lines.append(
                pad(String(format: "%.2f-%.2f", low, min(high, 1)), 12) + pad(String(bucket.count), 6) + pad(String(format: "%.3f", mean), 12)
                    + pad(String(format: "%.3f", share), 8) + String(format: "%+.1f", (share - mean) * 100))
        }
        return lines
    }

    static let calibrationBuckets: [(Double, Double)] = [(0, 0.5), (0.5, 0.8), (0.8, 0.9), (0.9, 0.95), (0.95, 1.01)]
}
