import SluiceCore
import SluiceSanitize

/// Geocode's work on one record, on any of `--threads` threads: the record with its `geo`
/// added. It says the answer's precision and score, for the counts at the end.
struct GeocodeWorker: RecordWorker {
    /// Answers remembered at most, by all threads together (`BoundedMemo`'s two generations): bounds
    /// memory on endless input. 20,000 here and 4,096 look-ups took 1M records to 255 MB.
    static let memoLimit = 4096

    /// The members a `geo` object may have (`precision`, `score` and `method` always): how the
    /// stage knows its own earlier result when it runs again on its output.
    static let shape = ResultMember.Shape(required: GeoFields.required, optional: GeoFields.all.filter { !GeoFields.required.contains($0) })

    let geocoder: Geocoder
    let fields: LocationFields?
    /// Reads the `--field` text (with `--city`/`--state`: its `base`), in each record's own town
    /// (`--city-field` etc.: `towns`); each thread's copy remembers its own towns.
    var parsers = TownParsers(GeocodeQuery.sanFranciscoParser)
    var towns = TownFields()
    let candidates: Int
    /// The member holding sanitize's address object (`--address`), and the one written (`--as`).
    var addressKey = AddressFields.member
    var resultKey = GeoFields.member
    /// Answers scoring under this become `precision: none`, kept among the candidates.
    let minScore: Double
    /// The same location text comes back often (a film shot at City Hall twice): answers are
    /// remembered by the exact JSON text of the `address` value (or of the --field text). Each
    /// thread has its own memo; an answer depends on the text alone, so output does not.
    var memo: AnswerMemo
    /// Streets and places this thread has looked up, by their text. 1,024 of each were all
    /// forgotten four times in the first 20k records of a 1M run; 8,192 cut 5% of the
    /// instructions per record and left the peak at 1M records where it was (57 MB).
    var lookups = GeocodeLookups(limit: 8192)
    /// The `geo` object being written, kept to reuse its storage.
    var geo: [UInt8] = []

    init(geocoder: Geocoder, fields: LocationFields?, candidates: Int, minScore: Double, threads: Int) {
        self.geocoder = geocoder
        self.fields = fields
        self.candidates = candidates
        self.minScore = minScore
        memo = AnswerMemo(limit: Self.memoLimit / threads)
    }

    mutating func process(_ record: NDJSONRecord, into output: inout [UInt8]) -> AnswerMemo.Answer.Summary {
        let addressMember = record.member(named: addressKey).flatMap { record.rawValue($0).first == UInt8(ascii: "{") ? $0 : nil }
        // Read only for the `--field` text: an address object names its own town.
        let town = addressMember == nil && !towns.isEmpty ? towns.town(of: record) : RecordTown()
        let text = addressMember == nil ? fields?.value(of: record)?.stringValue : nil
        let memoKey =
            addressMember.map { AnswerMemo.Key(kind: .address, bytes: Array(record.rawValue($0))) }
            ?? text.map { AnswerMemo.Key(kind: .field, bytes: Array(town.memoKey($0).utf8)) }
        if let memoKey, let known = memo.answer(for: memoKey) {
            record.write(adding: resultKey, to: &output) { $0.append(contentsOf: known.geo) }
            output.append(0x0A)
            return known.summary
        }
        var matches: [GeoMatch]
        if let addressMember {
            // The object was checked with the line: reading it again as a record cannot fail.
            let object = try? NDJSONRecord(record.rawValue(addressMember))
            let query = object.map { GeocodeQuery(address: $0) } ?? GeocodeQuery(address: record.value(of: addressMember))
            matches = geocoder.geocode(query, lookups: &lookups)
        } else if let text {
            let reader = parsers.parser(for: town)
            var found = geocoder.geocode(GeocodeQuery.reading(text, by: reader), lookups: &lookups)
            if found.first?.precision != GeoMatch.none("").precision { found[0].method += "+field" }
            matches = found
        } else {
            matches = [.none(fields.map { "no address object and no text at '\($0.name)'" } ?? "no address object (see --field)")]
        }
        var shown = candidates
        if let best = matches.first, best.precision != .none, best.score < minScore {
            let score = GeoPoint.fixed(best.score, decimals: 2), limit = GeoPoint.fixed(minScore, decimals: 2)
            matches.insert(.none("the best answer scored \(score), under --min-score \(limit); see candidates"), at: 0)
            shown = max(candidates, 1)
        }
        let summary = AnswerMemo.Answer.Summary(
            precision: matches.first?.precision ?? .none, score: matches.first?.score ?? 0,
            outsideGazetteer: matches.first?.isOutsideGazetteer ?? false)
        geo.removeAll(keepingCapacity: true)
        GeoMatch.write(matches, candidates: shown, to: &geo)
        // An exact-size copy, through a pointer: `Array(geo[...])` of the whole array shares
        // `geo`'s buffer, so every answer kept the largest capacity seen so far (and `geo` was
        // reallocated per record): memory grew with the input (62 MB at 100k, 98 MB at 1M).
        if let memoKey { memo.remember(memoKey, geo: geo.withUnsafeBufferPointer { Array($0) }, summary: summary) }
        record.write(adding: resultKey, to: &output) { [geo] in $0.append(contentsOf: geo) }
        output.append(0x0A)
        return summary
    }
}
