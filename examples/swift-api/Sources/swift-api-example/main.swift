// A Swift program using Sluice as a library (README: "As a Swift library"): the records of a
// film-locations app, as its own Codable values, read into addresses, placed on the bundled San
// Francisco gazetteer, deduplicated with a model, and loaded into SQLite. Each step checks what
// it got, so `make test` fails when the library stops doing what this shows.
//
//     swift run swift-api-example [REPOSITORY] [OUT]     (from examples/swift-api; defaults ../.. and .build/example)
import Foundation
import Sluice

/// A record of the app: what it would keep in Core Data or send to a server.
struct Shoot: Codable {
    var title: String
    var year: Int
    var locations: String
}

/// Stops with a message when a result is not what this example shows.
func expect(_ condition: Bool, _ message: String) {
    guard condition else {
        FileHandle.standardError.write(Data("swift-api-example: FAILED: \(message)\n".utf8))
        exit(1)
    }
}

let arguments = CommandLine.arguments.dropFirst()
let repository = arguments.first ?? "../.."
let out = arguments.dropFirst().first ?? ".build/example"
try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)

// 1. One address, parsed.
let parser = AddressParser(city: "San Francisco", state: "CA")
let address = parser.parse("Mason & California Streets (Nob Hill)")
print("address: \(address.kind.rawValue): \(address.clean)")
expect(address.kind == .intersection && address.neighborhood == "Nob Hill", "Mason & California Streets is a corner in Nob Hill")

// 2. The gazetteer, loaded once, and a query.
let gazetteer = try Gazetteer.load(path: "\(repository)/data/sf-gazetteer.csv")
let geocoder = Geocoder(gazetteer)
let corner = geocoder.geocode("Hyde St. at Greenwich")
if let best = corner.first, let point = best.point {
    print("geocode: Hyde St. at Greenwich → \(best.precision.rawValue) \(point.lat), \(point.lon) (score \(best.score))")
}
expect(corner.first?.precision == .intersection, "Hyde St. at Greenwich is an intersection of the gazetteer")

// 3. The app's records as NDJSON lines (sorted keys: the same record gives the same line).
let shoots = [
    Shoot(title: "Vertigo", year: 1958, locations: "Mission Dolores"),
    Shoot(title: "Vertigo", year: 1958, locations: "Mission Dolores (3321 16th St)"),
    Shoot(title: "Vertigo", year: 1958, locations: "Fort Point"),
    Shoot(title: "Vertigo", year: 1958, locations: "Fort Point, Presidio"),
    Shoot(title: "Bullitt", year: 1968, locations: "Taylor St & Vallejo St"),
    Shoot(title: "Bullitt", year: 1968, locations: "Taylor & Vallejo Streets"),
    Shoot(title: "Bullitt", year: 1968, locations: "Grace Cathedral"),
    Shoot(title: "The Rock", year: 1996, locations: "Alcatraz Island"),
    Shoot(title: "The Rock", year: 1996, locations: "Fairmont Hotel (950 Mason St)"),
    Shoot(title: "The Rock", year: 1996, locations: "Fairmont Hotel"),
    Shoot(title: "Mrs. Doubtfire", year: 1993, locations: "2640 Steiner Street"),
    Shoot(title: "Mrs. Doubtfire", year: 1993, locations: "2640 Steiner St."),
    Shoot(title: "Mrs. Doubtfire", year: 1993, locations: "Golden Gate Bridge"),
    Shoot(title: "The Maltese Falcon", year: 1941, locations: "Burritt St. off Bush St."),
    Shoot(title: "Dirty Harry", year: 1971, locations: "City Hall"),
    Shoot(title: "Dirty Harry", year: 1971, locations: "San Francisco City Hall"),
]
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
let records = try shoots.map { String(decoding: try encoder.encode($0), as: UTF8.self) }

// 4. Each record with its address (sluice-sanitize), then its geo (sluice-geocode's worker).
let sanitized = try sanitize(records, field: "locations", city: "San Francisco", state: "CA")
var recordGeocoder = RecordGeocoder(geocoder)
let geocoded = try sanitized.map { try recordGeocoder.geocode($0) }
print("geocoded: \(geocoded[0])")
for line in geocoded where !line.contains(#""geo":{"lat":"#) { print("unplaced: \(line)") }
expect(geocoded.count == records.count && geocoded.allSatisfy { $0.contains(#""geo":{"lat":"#) }, "every location placed")

// 5. A model learnt once and kept in a file, then the records deduplicated with it.
let model = try DedupeModel.learn(
    from: geocoded, compare: ["title", "address.key:address", "geo:geo=150"], block: ["geo:geohash6"])
try model.write(to: "\(out)/model.json")
let saved = try DedupeModel(contentsOf: "\(out)/model.json")
expect(saved == model, "a model read back is the model written")
let marked = try dedupe(geocoded, with: saved)
let kept = try dedupe(geocoded, with: saved, mode: .drop)
print("dedupe: \(marked.count) records, \(kept.count) distinct places")
expect(marked.count == records.count && kept.count < records.count, "some shoots were at the same place")
/// The cluster id `dedupe` gave the record at `index` (its "dedupe" member, read as any JSON).
func cluster(_ index: Int) -> String? {
    let object = try? JSONSerialization.jsonObject(with: Data(marked[index].utf8)) as? [String: Any]
    return (object?["dedupe"] as? [String: Any])?["cluster"] as? String
}
expect(cluster(10) != nil && cluster(10) == cluster(11), "2640 Steiner Street and 2640 Steiner St. are one place")

// 6. Loaded into SQLite, one row per record.
let database = "\(out)/shoots.db"
try? FileManager.default.removeItem(atPath: database)
let counts = try load(marked, into: database, table: "shoots", options: ["--index", "title"])
print("load: \(counts.summary)")
expect(counts.recordsOut == records.count, "every record is a row")
print("swift-api-example: ok")
