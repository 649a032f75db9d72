import SluiceCore
import SluiceDedupe
import SluiceGeocode
import SluiceSanitize

// The `Sluice` library: the stages for a Swift program, offline, in a handful of names. One
// product over the stage modules rather than one per stage: a program imports one module and
// names only what is written here (the aliased types bring their own public members), while the
// stage modules' other `public` declarations, there for the executables, the tools and the
// tests, stay free to change without breaking a program.
//
// Each name calls the code the executables run: `Stage.run` with the stage's own command for
// sanitize, dedupe and load (`StageRunner`), and geocode's own worker for records
// (`RecordGeocoder`), so a record comes out byte for byte as the executable writes it.
//
//     import Sluice
//
//     let address = AddressParser(city: "San Francisco", state: "CA").parse("Mason & California Streets (Nob Hill)")
//     address.clean                                   // "Mason St & California St, Nob Hill, San Francisco, CA"
//
//     let geocoder = Geocoder(try Gazetteer.load(path: "data/sf-gazetteer.csv"))
//     geocoder.geocode("Hyde St. at Greenwich").first?.precision  // .intersection
//
//     let model = try DedupeModel.learn(from: records, compare: ["title", "locations:tokens"], block: ["locations:fingerprint"])
//     let marked = try dedupe(records, with: model)  // each record with its "dedupe" member
//     try load(marked, into: "films.db", table: "films")
//
// Records are NDJSON lines, as between the executables: each a JSON object on one line (no
// line break inside), in and out, so a record passes through unchanged but for the member a
// stage adds.

/// Reads free-text locations into structured addresses (`sluice-sanitize`'s parser).
public typealias AddressParser = SluiceSanitize.AddressParser
/// An address read from a text: its `kind`, `clean` text, components and `key`.
public typealias ParsedAddress = SluiceSanitize.ParsedAddress
/// An offline gazetteer (the CSV `sluice-gazetteer` builds), loaded once: `Gazetteer.load(path:)`.
public typealias Gazetteer = SluiceGeocode.Gazetteer
/// Answers queries from a gazetteer (`sluice-geocode`'s matcher).
public typealias Geocoder = SluiceGeocode.Geocoder
/// What to look up: the parts of an address (`GeocodeQuery(address:)` reads a parsed one).
public typealias GeocodeQuery = SluiceGeocode.GeocodeQuery
/// One answer: a point, its precision, its score (the chance of being within 250 m), what matched.
public typealias GeoMatch = SluiceGeocode.GeoMatch
/// A WGS84 latitude and longitude.
public typealias GeoPoint = SluiceGeocode.GeoPoint
/// How precise an answer is: `address`, `intersection`, …, `none`.
public typealias Precision = SluiceGeocode.Precision
/// Geocodes NDJSON records one at a time with a gazetteer loaded once.
public typealias RecordGeocoder = SluiceGeocode.RecordGeocoder
/// What a stage stops with: its message (`message`) and the exit status its executable would give.
public typealias StageFailure = SluiceCore.StageFailure
/// A stage's counts: records in, out, rejected, merged, and the details of its summary line.
public typealias Accounting = SluiceCore.Accounting
/// The names of the `address` member sanitize adds and of its fields (the record contract).
public typealias AddressFields = SluiceSanitize.AddressFields
/// The names of the `geo` member geocode adds and of its fields.
public typealias GeoFields = SluiceGeocode.GeoFields
/// The names of the `dedupe` member dedupe adds and of its fields.
public typealias DedupeFields = SluiceDedupe.DedupeFields
