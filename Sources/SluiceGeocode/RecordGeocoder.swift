import SluiceCore
import SluiceSanitize

/// `sluice-geocode`'s work on one record at a time, for a program that loads its gazetteer once
/// and geocodes records as they come (the `Sluice` library). It runs the stage's own
/// `GeocodeWorker` and checks the record as the stage does, so a record comes back byte for byte
/// as `sluice-geocode` writes it.
///
///     var geocoder = RecordGeocoder(Geocoder(try Gazetteer.load(path: "data/sf-gazetteer.csv")), field: "locations")
///     try geocoder.geocode(#"{"locations":"City Hall"}"#)
///     // {"locations":"City Hall","geo":{"lat":37.779322,"lon":-122.419284,"precision":"place","score":0.95,
///     //  "matched":"San Francisco City Hall","method":"place_exact+field"}}
public struct RecordGeocoder {
    var worker: GeocodeWorker
    let member: ResultMember
    /// The line being written, kept to reuse its storage.
    var line: [UInt8] = []

    /// - Parameters:
    ///   - field: for records without an `address` object (sanitize's), the text field to read
    ///     as `sluice-sanitize` would (`--field`), in `city`/`state` (`--city`, `--state`).
    ///   - candidates: the next-best answers to add under `geo.candidates` (`--candidates`).
    ///   - minScore: answers scoring under it become precision none (`--min-score`).
    public init(_ geocoder: Geocoder, field: String? = nil, city: String? = nil, state: String? = nil, candidates: Int = 0, minScore: Double = 0) {
        worker = GeocodeWorker(geocoder: geocoder, fields: field.map { LocationFields([$0]) }, candidates: candidates, minScore: minScore, threads: 1)
        if city != nil || state != nil { worker.parsers = TownParsers(AddressParser(city: city, state: state)) }
        member = ResultMember(name: worker.resultKey, shape: GeocodeWorker.shape)
    }

    /// The record (one line of JSON, an object) with its `geo` member added, without a newline.
    /// Throws a `StageFailure` (exit status 65 in the stage) when the text is not a JSON object
    /// or already has a `geo` member, as `sluice-geocode` would stop on it.
    public mutating func geocode(_ record: String) throws(StageFailure) -> String {
        let location = StageContext.Location(source: "<record>", line: 1)
        let bytes = Array(record.utf8)
        line.removeAll(keepingCapacity: true)
        try bytes.withUnsafeBufferPointer { (buffer) throws(StageFailure) in
            let parsed: NDJSONRecord
            do throws(RecordError) { parsed = try NDJSONRecord(buffer) } catch {
                throw .data(source: location.source, line: location.line, error.detail)
            }
            try member.check(parsed, at: location)
            _ = worker.process(parsed, into: &line)
        }
        if line.last == 0x0A { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
    }
}
