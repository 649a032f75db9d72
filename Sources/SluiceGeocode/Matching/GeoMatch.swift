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
    /// For weighing answers together: the street a street answer stands for and its length,
    /// and whether a place answer is a whole neighbourhood. Not written out.
    var street: Int?
    var length: Double?
    var isNeighbourhood = false
    var isArea = false
    /// The town of the feature matched (`GazetteerCoverage.noTown` when the row names none).
    var town = GazetteerCoverage.noTown
    /// A street answer standing in for a house number outside every known range of the street,
    /// or for a corner the gazetteer does not know on it.
    var offStreet = false

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

    /// True for a record refused because it names a town, state or ZIP code the gazetteer does
    /// not cover.
    public var isOutsideGazetteer: Bool { precision == .none && note?.hasPrefix(GazetteerCoverage.reason) == true }

    /// The `geo` object (without candidates).
    public var json: JSONValue {
        .object([
            GeoFields.lat: point.map { .number(GeoPoint.format($0.lat)) },
            GeoFields.lon: point.map { .number(GeoPoint.format($0.lon)) },
            GeoFields.precision: .string(precision.rawValue),
            GeoFields.score: .number(GeoPoint.fixed(score, decimals: 2)),
            GeoFields.matched: matched.isEmpty ? nil : .string(matched),
            GeoFields.method: .string(method),
            (precision == .none ? GeoFields.reason : GeoFields.note): note.map { .string($0) },
        ])
    }

    /// The `geo` object with up to `candidates` alternatives after the winner.
    public static func json(_ matches: [GeoMatch], candidates: Int) -> JSONValue {
        guard let best = matches.first else { return GeoMatch.none("nothing to match").json }
        guard candidates > 0, case .object(var members) = best.json else { return best.json }
        let others = matches.dropFirst().prefix(candidates).map(\.json)
        members.append(JSONMember(GeoFields.candidates, .array(Array(others))))
        return .object(members)
    }

    /// Writes the `geo` object of `matches` (as `JSONWriter.write(json(matches, candidates:))`).
    /// Without candidates the object is written straight from the fields, without building a
    /// `JSONValue` first: this is done for every record.
    public static func write(_ matches: [GeoMatch], candidates: Int, to out: inout [UInt8]) {
        guard candidates == 0 else { return JSONWriter.write(json(matches, candidates: candidates), to: &out) }
        (matches.first ?? .none("nothing to match")).writeJSON(to: &out)
    }

    /// The bytes of `json`, member by member in the same order, absent members left out.
    func writeJSON(to out: inout [UInt8]) {
        var first = true
        // Each key is given quoted and with its colon: one append per key (a byte array
        // literal appended per key cost as much as the rest of the key).
        func key(_ quoted: StaticString) {
            out.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
            first = false
            out.append(contentsOf: UnsafeBufferPointer(start: quoted.utf8Start, count: quoted.utf8CodeUnitCount))
        }
        if let point {
            key(#""lat":"#)
            GeoPoint.appendFixed(point.lat, decimals: 6, to: &out)
            key(#""lon":"#)
            GeoPoint.appendFixed(point.lon, decimals: 6, to: &out)
        }
        key(#""precision":"#)
        JSONWriter.writeString(precision.rawValue, to: &out)
        key(#""score":"#)
        GeoPoint.appendFixed(score, decimals: 2, to: &out)
        if !matched.isEmpty {
            key(#""matched":"#)
            JSONWriter.writeString(matched, to: &out)
        }
        key(#""method":"#)
        JSONWriter.writeString(method, to: &out)
        if let note {
            key(precision == .none ? #""reason":"# : #""note":"#)
            JSONWriter.writeString(note, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// Orders answers: higher score first, then more precise, then (`preferringTowns`, for a
    /// record naming its town) one whose row names a town before one whose row names none, then
    /// by name for stability. A gazetteer merged from a source with towns and one without has a
    /// street twice: `225 University Ave, BERKELEY, CA` was placed by the rows naming no town,
    /// beside 201 (the marina, 2.5 km off, at 0.9), not by Berkeley's, beside 235, as
    /// `(near 201)` sorts before `(near 235)`.
    static func better(_ a: GeoMatch, _ b: GeoMatch, preferringTowns: Bool = false) -> Bool {
        if a.score != b.score { return a.score > b.score }
        if a.precision != b.precision { return a.precision < b.precision }
        if preferringTowns, (a.town == GazetteerCoverage.noTown) != (b.town == GazetteerCoverage.noTown) {
            return b.town == GazetteerCoverage.noTown
        }
        return a.matched < b.matched
    }
}
