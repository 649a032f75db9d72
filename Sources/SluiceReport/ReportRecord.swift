import SluiceCore
import SluiceDedupe
import SluiceGeocode
import SluiceSanitize

/// What the report reads of one record, from whatever members it has: the sanitizer's
/// `address`, the geocoder's `geo`, dedupe's `dedupe`. Each is read defensively (any member may
/// be missing, of another type, or carry fields added since), so any stage's output will do.
/// The names are the stages' own (`AddressFields`, `GeoFields`, `DedupeFields`).
///
///     {"title":"Vertigo","address":{"raw":"Mason & California","kind":"intersection"},
///      "geo":{"lat":37.79183,"lon":-122.41082,"precision":"intersection","score":0.9,…}}
///     // label "Vertigo", text "Mason & California", kind "intersection", geo.point (37.79183, -122.41082)
struct ReportRecord {
    /// The location text (`address.raw` unless `--text`), nil when absent, blank or not a string.
    var text: String?
    /// What names the record in lists: `--label` (title), else its provenance, else its line.
    var label: String
    /// `address.kind`, when there is an address.
    var kind: String?
    var hasAddress = false
    var geo: Geo?
    var dedupe: Dedupe?

    struct Geo {
        /// `precision` as written (a new one is fine); `unknown` when missing or not a string.
        var precision: String
        var score: Double?
        /// The score as written, for GeoJSON.
        var scoreText: String?
        var matched: String?
        var method: String?
        /// `reason`, else `note`: why nothing matched, or a warning.
        var reason: String?
        /// Where, for an answer other than `none` with both coordinates in range.
        var point: Point?
    }

    /// A position with the coordinates' JSON text, written to GeoJSON as they came.
    struct Point: Hashable {
        var lat: Double
        var lon: Double
        var latText: String
        var lonText: String
        /// The place's key: the coordinates as written (6 decimals from the geocoder).
        var key: String { latText + "," + lonText }
    }

    struct Dedupe {
        var cluster: String
        var size: Int
        var canonical: Bool
    }

    /// How the facts are found: the paths of the text and of the label.
    struct Paths {
        var text = AddressFields.member + "." + AddressFields.raw
        var label = "title"
    }

    init(_ record: NDJSONRecord, paths: Paths, location: StageContext.Location) {
        // Each member is parsed once, also when a path leads into it (`address.raw`).
        let address = record.value(forKey: AddressFields.member)
        func value(atPath path: String) -> JSONValue? {
            guard path.hasPrefix(Self.addressPrefix) else { return record.value(atPath: path) }
            return address?.value(atPath: path.dropFirst(Self.addressPrefix.count))
        }
        // An empty text says no more than a missing one.
        text = value(atPath: paths.text)?.stringValue.flatMap { $0.trimmingSpaces().isEmpty ? nil : $0 }
        label = Self.label(value(atPath: paths.label), record: record) ?? "\(location.source):\(location.line)"
        if let address, case .object = address {
            hasAddress = true
            kind = address[AddressFields.kind]?.stringValue
        }
        if let value = record.value(forKey: GeoFields.member), case .object = value { geo = Self.geo(value) }
        if let value = record.value(forKey: DedupeFields.member), case .object = value, let cluster = value[DedupeFields.cluster]?.stringValue {
            dedupe = Dedupe(
                cluster: cluster, size: value[DedupeFields.size]?.doubleValue.flatMap { Int(exactly: $0) } ?? 1,
                canonical: value[DedupeFields.canonical] == .bool(true))
        }
    }

    /// A path into the address object: `address.`.
    static let addressPrefix = AddressFields.member + "."

    /// The label's text, a number as written, else the record's provenance (`films.csv:17`).
    static func label(_ value: JSONValue?, record: NDJSONRecord) -> String? {
        switch value {
        case .string(let text)? where !text.isEmpty: return text
        case .number(let text)?: return text
        default: break
        }
        guard let provenance = record.value(forKey: "provenance"), let source = provenance["source"]?.stringValue else { return nil }
        return provenance["row"].map { source + ":" + JSONWriter.string($0) } ?? source
    }

    static func geo(_ value: JSONValue) -> Geo {
        var geo = Geo(precision: value[GeoFields.precision]?.stringValue ?? "unknown")
        if case .number(let text)? = value[GeoFields.score], let score = Double(text) {
            geo.score = score
            geo.scoreText = text
        }
        geo.matched = value[GeoFields.matched]?.stringValue
        geo.method = value[GeoFields.method]?.stringValue
        geo.reason = value[GeoFields.reason]?.stringValue ?? value[GeoFields.note]?.stringValue
        if geo.precision != Precision.none.rawValue, case .number(let latText)? = value[GeoFields.lat],
            case .number(let lonText)? = value[GeoFields.lon],
            let lat = Double(latText), let lon = Double(lonText), (-90...90).contains(lat), (-180...180).contains(lon)
        {
            geo.point = Point(lat: lat, lon: lon, latText: latText, lonText: lonText)
        }
        return geo
    }
}

extension ReportRecord.Geo {
    init(precision: String) { self.precision = precision }
}
