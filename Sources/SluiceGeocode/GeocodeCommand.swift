import SluiceCore
import SluiceSanitize

extension RejectReason {
    /// A gazetteer row that cannot be used (with `--gazetteer-rejects`).
    public static let badGazetteerRow = RejectReason(
        "bad_gazetteer_row", "a gazetteer row that cannot be used (with --gazetteer-rejects FILE)")
}

/// `sluice-geocode`: adds a `geo` object to each record from an offline gazetteer.
public struct GeocodeCommand: StageCommand {
    /// The member it adds to every record (`--describe-output`).
    public static var output: OutputDescription { GeoFields.output }

    public static let usage = Usage(
        name: "sluice-geocode",
        overview: "add a `geo` object (lat, lon, precision, score) to each record from an offline gazetteer CSV.",
        synopsis: [
            "sluice-geocode --gazetteer FILE [--field PATH [--city CITY] [--state ST] [--city-field NAME] [--state-field NAME] [--zip-field NAME]] [--address NAME] [--as NAME] [--min-score S] [--candidates N] [--threads N] [options] [FILE...]"
        ],
        options: [
            .indexedInput("gazetteer", "FILE", "the gazetteer CSV (required; see GAZETTEER FORMAT)"),
            .value("field", "PATH", "no `address` object: read this text field as sluice-sanitize would and geocode it (again: joined in order)"),
        ] + AddressParser.cityOptions(recorded: false) + [
            .value("address", "NAME", "the member holding sluice-sanitize's address object (default address; sanitize's --as)"),
            .value("min-score", "S", "answers scoring under S (0-1) become precision none, the answer kept under geo.candidates"),
            .value("candidates", "N", "add the N next-best answers with their scores under geo.candidates, for review (default 0)"),
            .output("gazetteer-rejects", "FILE", "skip bad gazetteer rows, writing them to FILE as NDJSON (default: stop)"),
            .flag("no-index", "read the gazetteer CSV itself, and neither read nor write its compiled index (see INDEX)"),
            .threads("geocode"),
        ] + ResultMember.options(default: GeoFields.member),
        examples: [
            "sluice-sanitize --field locations films.ndjson | sluice-geocode --gazetteer data/sf-gazetteer.csv > geo.ndjson",
            "sluice-geocode --gazetteer data/sf-gazetteer.csv --field locations --candidates 3 films.ndjson",
            "sluice-geocode --gazetteer portland.csv --field address --city Portland --state OR shops.ndjson",
            "sluice-geocode --gazetteer data/sf-gazetteer.csv --field street --city-field city --state-field state --zip-field zip shops.ndjson",
            "sluice-sanitize --field address --as parsed_address shops.ndjson | sluice-geocode --gazetteer data/sf-gazetteer.csv --address parsed_address --as location",
            "sluice-geocode --gazetteer data/sf-gazetteer.csv --min-score 0.8 sanitized.ndjson > confident.ndjson",
            "sluice-gazetteer build --sources ../shared/data/gazetteer-sources --out sf.csv && sluice-geocode --gazetteer sf.csv films.ndjson",
        ],
        memory:
            "the gazetteer, and the answers remembered. Read from its CSV (a first run, or --no-index): 62 MB peak resident and 0.31 s for data/sf-gazetteer.csv (219k addresses, 16.3k blocks, 868 listed intersections, 10,950 places), 1,063 MB and 9.3 s for a generated 10-million-address one (release build, 2026-11-28); a first run writing the index holds a flat copy of the addresses too (1,258 MB at 10 million). Through the compiled index (see INDEX): 43 MB and 0.15 s for SF, 33 MB and 0.32 s for 10 million addresses, the index checked whole (read a megabyte at a time) but its addresses, 20 bytes each on disk, mapped and paged in only for the streets records name. Plus up to 4,096 remembered answers shared out among the threads, and per thread up to 8,192 street and place look-ups; records stream in two batches of at most 1024. The bench's sanitized records through SF's index: 65 MB peak resident at 1M and at 10M (release build, 2026-11-29).",
        disk:
            "the compiled index beside the gazetteer (GAZETTEER.sluice-index: 8.2 MB for data/sf-gazetteer.csv's 19.4 MB, 201 MB for the 803 MB of 10 million addresses), written on a run that finds none or an outdated one through a temporary file beside it, renamed into place; an error, SIGINT, SIGTERM or SIGHUP removes that file (only SIGKILL can leave it, and a later run with the same process id replaces it). Nothing in $TMPDIR.",
        sections: [
            (
                "MATCHING",
                """
                  A cascade; every rule that applies gives an answer, then the parts of the text are
                  weighed together: an address, corner or block wins over a place named with it; a place
                  on the street the text names wins over the whole street, one far from it loses to it;
                  a bracket or comma part (`(Noe Valley)`, `(Embarcadero)`) confirms, narrows or stands in
                  for the main part. Place names must agree on their rare words and on the kind of place
                  they name (hotel, station, library, beach, pier, church, ...): `Candlestick Park` is
                  never Francisco Park, `Forrest Hill Muni Station` never the Forest Hill neighbourhood.
                """
            ),
            ("SCORES", GeocodeScore.helpText),
            (
                "OUTPUT",
                """
                  geo: {"lat","lon" (WGS84, 6 decimals), "precision", "score" (the chance of being
                  within 250 m; see SCORES), "matched" (the gazetteer feature),
                  "method" (rule + normalisations), "note"|"reason", "candidates":[...]}
                  Records are never dropped: unmatched ones get precision none, and so do those whose
                  address names a town, state or ZIP code the gazetteer's rows do not (reason
                  outside_gazetteer: ..., counted on the summary line).
                """
            ),
            ("FIELD NAMES", ResultMember.helpText(default: GeoFields.member)),
            (
                "INDEX",
                """
                  The first run on a gazetteer writes its compiled index beside it (FILE.sluice-index,
                  through a temporary file renamed into place, so runs started together are safe),
                  when the folder may be written and no row was bad; later runs map the index instead
                  of parsing the CSV, and read only the pages of the streets their records name. The
                  answers are the same byte for byte. The CSV stays the source of truth: an index is
                  used only when its header names the CSV's size, modification time and a hash of its
                  first and last 64 KiB, and this build of sluice-geocode, and its checksum holds; a
                  stale or damaged index is said once on stderr, the CSV is read and the index written
                  again (one written by another build is replaced quietly). --no-index reads the CSV.
                """
            ),
            ("GAZETTEER FORMAT", GazetteerRow.formatHelp),
        ],
        rejects: [.badGazetteerRow])

    var gazetteerPath: String
    /// `--field`: where the text is, for records without an address object.
    var fields: LocationFields?
    /// Reads the `--field` text: `--city`/`--state`, else San Francisco's names.
    var parser: AddressParser
    /// `--city-field`/`--state-field`/`--zip-field`: each record's own town for its `--field` text.
    var towns: TownFields
    var candidates: Int
    var minScore: Double
    var gazetteerRejects: String?
    /// `--no-index`: the CSV only.
    var index: Gazetteer.IndexUse
    var threads: Int
    var inputs: [String]
    var addressMember: String
    var addressGiven: Bool
    var member: ResultMember

    public init(arguments: ParsedArguments) throws(StageFailure) {
        guard let path = arguments["gazetteer"] else { throw .usage("missing --gazetteer FILE") }
        gazetteerPath = path
        fields = try LocationFields(arguments: arguments)
        // Sanitize's address objects already hold the city it read: the options would do nothing.
        if fields == nil, let option = ["city", "state", "city-field", "state-field", "zip-field"].first(where: arguments.has) {
            throw .usage("--\(option) reads the text of --field PATH (an address object names its own city)")
        }
        parser = AddressParser(arguments: arguments)
        towns = try TownFields(arguments: arguments)
        candidates = try arguments.int("candidates", default: 0, range: 0...100)
        minScore = try arguments.double("min-score", default: 0, range: 0...1)
        gazetteerRejects = arguments["gazetteer-rejects"]
        index = arguments.has("no-index") ? .off : .auto
        threads = try StageContext.threads(arguments)
        inputs = arguments.positionals
        addressMember = arguments["address"] ?? AddressFields.member
        addressGiven = arguments.has("address")
        member = try ResultMember(arguments: arguments, default: GeoFields.member, shape: GeocodeWorker.shape)
    }

    public mutating func run(_ context: StageContext) throws {
        let rowRejects = try Rejects(stage: "geocode", path: gazetteerRejects)
        let gazetteer = try Gazetteer.load(path: gazetteerPath, index: index, warn: context.warn) { problem in
            guard rowRejects.isKeeping else { return false }
            try rowRejects.reject(source: gazetteerPath, line: problem.line, reason: .badGazetteerRow, detail: problem.reason, raw: problem.raw)
            return true
        }
        try rowRejects.finish()
        if rowRejects.count > 0 { context.warn("\(gazetteerPath): skipped \(rowRejects.count) bad gazetteer rows (see \(gazetteerRejects ?? ""))") }
        var worker = GeocodeWorker(geocoder: Geocoder(gazetteer), fields: fields, candidates: candidates, minScore: minScore, threads: threads)
        (worker.addressKey, worker.resultKey, worker.parsers, worker.towns) = (addressMember, member.name, TownParsers(parser), towns)
        // The address member is worth a warning when named, or when it is the only source.
        context.namedFields = NamedFields(
            (fields?.named ?? []) + (fields == nil ? [] : towns.named) + (addressGiven || fields == nil ? [("address", addressMember)] : []))
        var counts: [Precision: Int] = [:]
        var scores = 0.0
        var outside = 0
        try context.process(inputs, threads: threads, member: member, makeWorker: { worker }) { answer in
            counts[answer.precision, default: 0] += 1
            if answer.outsideGazetteer { outside += 1 }
            scores += answer.score
            context.accounting.recordsOut += 1
        }
        context.accounting.details = Precision.allCases.compactMap { precision in
            counts[precision].map { "\($0) \(precision.rawValue)" }
        }
        // Of the none: records whose town, state or ZIP code the gazetteer does not cover.
        if outside > 0 { context.accounting.details.append("\(outside) \(GazetteerCoverage.reason)") }
        // The mean score is the share of records expected within 250 m of the place meant.
        let records = counts.values.reduce(0, +)
        if records > 0 { context.accounting.details.append("mean score \(GeoPoint.fixed(scores / Double(records), decimals: 2))") }
    }
}
