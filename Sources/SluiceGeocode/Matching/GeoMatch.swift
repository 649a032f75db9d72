import SluiceCore

/// How precisely a match locates the record, most precise first.
public enum Precision: String, Sendable, CaseIterable, Comparable {
    case address, interpolated, intersection, segment, place, street, none

    var rank: Int { Precision.allCases.firstIndex(of: self) ?? 0 }
    public static func < (a: Precision, b: Precision) -> Bool { a.rank < b.rank }
}

/// One answer of the cascade: where, how precisely, how sure, what matched and by which rule.
///
///     GeoMatch(point: GeoPoint(lat: 37.762019, lon: -122.427306), precision: .address,
///              score: 0.98, matched: "3750 18th st", method: "address_point").json
///     // {"lat":37.762019,"lon":-122.427306,"precision":"address","score":0.98,...}
public struct GeoMatch: Equatable, Sendable {
    public var point: GeoPoint?
    public var precision: Precision
    public var score: Double
    public var matched: String
    public var method: String
    /// Why nothing matched, or a warning (place and address disagree).
    public var note: String?

    public init(point: GeoPoint?, precision: Precision, score: Double, matched: String, method: String, note: String? = nil) {
        self.point = point
        self.precision = precision
        self.score = score
        self.matched = matched
        self.method = method
        self.note = note
    }

    public static func none(_ reason: String) -> GeoMatch {
        GeoMatch(point: nil, precision: .none, score: 0, matched: "", method: "none", note: reason)
    }

    /// The `geo` object (without candidates).
    public var json: JSONValue {
        .object([
            "lat": point.map { .number(GeoPoint.format($0.lat)) },
            "lon": point.map { .number(GeoPoint.format($0.lon)) },
            "precision": .string(precision.rawValue),
            "score": .number(GeoPoint.fixed(score, decimals: 2)),
            "matched": matched.isEmpty ? nil : .string(matched),
            "method": .string(method),
            (precision == .none ? "reason" : "note"): note.map { .string($0) },
        ])
    }

    /// The `geo` object with up to `candidates` alternatives after the winner.
    public static func json(_ matches: [GeoMatch], candidates: Int) -> JSONValue {
        guard let best = matches.first else { return GeoMatch.none("nothing to match").json }
        guard candidates > 0, case .object(var members) = best.json else { return best.json }
        let others = matches.dropFirst().prefix(candidates).map(\.json)
        members.append(JSONMember("candidates", .array(Array(others))))
        return .object(members)
    }

    /// Orders answers: higher score first, then more precise, then by name for stability.
    static func better(_ a: GeoMatch, _ b: GeoMatch) -> Bool {
        if a.score != b.score { return a.score > b.score }
        if a.precision != b.precision { return a.precision < b.precision }
        return a.matched < b.matched
    }
}
