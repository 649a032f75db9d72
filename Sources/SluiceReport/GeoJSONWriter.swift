import SluiceCore
import SluiceLoad

/// Writes geocoded records as an RFC 7946 GeoJSON FeatureCollection, one feature per record with
/// a point, streamed: each feature is written as its record is read, so memory is one record
/// whatever the input. QGIS, geojson.io and kepler.gl read it as it is.
///
///     {"type":"FeatureCollection","features":[
///     {"type":"Feature","geometry":{"type":"Point","coordinates":[-122.41082,37.79183]},
///      "properties":{"title":"Vertigo",…,"geo_lat":37.79183,…,"precision":"intersection","score":0.9}}
///     ]}
///
/// Coordinates are longitude then latitude (RFC 7946 §3.1.1), in WGS84, as the geocoder wrote
/// them. Properties are the record's fields flattened as `sluice-load` makes columns
/// (`geo.lat` → `geo_lat`, arrays as JSON text, booleans as 1/0), then `precision` and
/// `score`; a name already taken gets `_2`, `_3`… so that no value is lost to a duplicate key.
final class GeoJSONWriter {
    let sink: ByteSink
    private(set) var features = 0

    init(_ sink: ByteSink) {
        self.sink = sink
        sink.append(#"{"type":"FeatureCollection","features":["#)
    }

    /// Writes the record as a feature when it has a point; records without one are left out.
    func write(_ record: NDJSONRecord, _ facts: ReportRecord) throws {
        guard let geo = facts.geo, let point = geo.point else { return }
        sink.append(features == 0 ? "\n" : ",\n")
        features += 1
        sink.append(#"{"type":"Feature","geometry":{"type":"Point","coordinates":["# + point.lonText + "," + point.latText + #"]},"properties":"#)
        var members = FlattenedRecord.members(of: record)
        members.append(JSONMember("precision", .string(geo.precision)))
        members.append(JSONMember("score", geo.scoreText.map { .number($0) } ?? .null))
        JSONWriter.write(.object(Self.uniquelyNamed(members)), to: &sink.buffer)
        sink.append("}")
        try sink.flushIfFull()
    }

    /// Ends the collection and writes out what is left.
    func finish() throws {
        sink.append(features == 0 ? "]}\n" : "\n]}\n")
        try sink.flush()
    }

    /// The members with every name distinct: a repeated name gets the first free `_2`, `_3`…
    static func uniquelyNamed(_ members: [JSONMember]) -> [JSONMember] {
        var taken = Set<String>(minimumCapacity: members.count)
        return members.map { member in
            var renamed = member
            var suffix = 2
            while !taken.insert(renamed.key).inserted {
                renamed.key = member.key + "_\(suffix)"
                suffix += 1
            }
            return renamed
        }
    }
}
