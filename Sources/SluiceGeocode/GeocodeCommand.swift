import SluiceCore

extension RejectReason {
    /// A gazetteer row that cannot be used (with `--gazetteer-rejects`).
    public static let badGazetteerRow = RejectReason(rawValue: "bad_gazetteer_row")
}

/// `sluice-geocode`: adds a `geo` object to each record from an offline gazetteer.
public struct GeocodeCommand: StageCommand {
    public static let usage = Usage(
        name: "sluice-geocode",
        overview: "add a `geo` object (lat, lon, precision, score) to each record from an offline gazetteer CSV.",
        synopsis: ["sluice-geocode --gazetteer FILE [--field PATH] [--address NAME] [--as NAME] [--candidates N] [--threads N] [options] [FILE...]"],
        options: [
            .value("gazetteer", "FILE", "the gazetteer CSV (required; see GAZETTEER FORMAT)"),
            .value("field", "PATH", "for records without an `address` object, geocode this text field (`locations`)"),
            .value("address", "NAME", "the member holding sluice-sanitize's address object (default address; sanitize's --as)"),
            .value("candidates", "N", "add up to N alternative answers under geo.candidates (default 0)"),
            .value("gazetteer-rejects", "FILE", "skip bad gazetteer rows, writing them to FILE as NDJSON (default: stop)"),
            .value("threads", "N", "geocode on N threads (1-64; default one per core, up to 8); the output is the same for any N"),
        ] + ResultMember.options(default: "geo"),
        examples: [
            "sluice-sanitize --field locations films.ndjson | sluice-geocode --gazetteer data/sf-gazetteer.csv > geo.ndjson",
            "sluice-geocode --gazetteer data/sf-gazetteer.csv --field locations --candidates 3 films.ndjson",
            "sluice-sanitize --field address --as parsed_address shops.ndjson | sluice-geocode --gazetteer data/sf-gazetteer.csv --address parsed_address --as location",
            "sluice-gazetteer build --sources ../shared/data/gazetteer-sources --out data/sf-gazetteer.csv",
        ],
        memory:
            "the gazetteer's index: 50 MB peak resident for data/sf-gazetteer.csv (219k addresses, 16.3k blocks, 868 listed intersections, 669 places), loaded and indexed in about 0.12 s (release build); plus up to 4,096 remembered answers shared out among the threads, and per thread up to 1,024 street and place look-ups; records stream in two batches of at most 1024.",
        sections: [
            (
                "MATCHING",
                """
                  A cascade; every rule that applies gives an answer and the highest score wins:
                    address       exact point address (number + street)                       score 0.98
                    interpolated  between the nearest listed numbers on the same side         0.93
                                  along the block whose range holds the number, on its side,
                                  8 m off the centreline (0.80 when only the other side fits) 0.88
                                  the end of the nearest block when past all ranges (<=100)  0.55
                    intersection  two streets sharing a node, or a listed intersection        0.90
                                  (0.70 when the two streets meet at several points; 0.80 when
                                  they share no node but their lines pass within 80 m)
                    segment       a street between two cross streets: midpoint of the two
                                  intersections (0.60: only one end found)                   0.82
                    place         exact name 0.75, alias 0.73, fuzzy token match 0.75 x similarity;
                                  neighbourhoods 0.45 x similarity
                    street        the street alone: a point midway along it          0.10-0.45 by length
                    none          nothing matched: geo.reason says why
                  Street names are matched by key, then without suffix (x0.95-0.98), written
                  together (`DeHaro`, x0.95), or within 1-2 typos (`Kearney`, x0.9/0.8).
                  When the record names a place and a street location that agree within 300 m,
                  the more precise wins (+0.02, method `+place_agrees`); when they disagree the
                  winner's score is cut by 10% and geo.note names both.
                """
            ),
            (
                "OUTPUT",
                """
                  geo: {"lat","lon" (WGS84, 6 decimals), "precision", "score" (0-1: higher means
                  closer to the truth; see MATCHING), "matched" (the gazetteer feature),
                  "method" (rule + normalisations), "note"|"reason", "candidates":[...]}
                  Records are never dropped: unmatched ones get precision none.
                """
            ),
            ("FIELD NAMES", ResultMember.helpText(default: "geo")),
            ("GAZETTEER FORMAT", GazetteerRow.formatHelp),
            ("GAZETTEER REJECTS", "  bad_gazetteer_row  a gazetteer row that cannot be used (written with --gazetteer-rejects FILE)"),
        ])

    var gazetteerPath: String
    var field: String?
    var candidates: Int
    var gazetteerRejects: String?
    var threads: Int
    var inputs: [String]
    var addressMember: String
    var member: ResultMember

    public init(arguments: ParsedArguments) throws(StageFailure) {
        guard let path = arguments["gazetteer"] else { throw .usage("missing --gazetteer FILE") }
        gazetteerPath = path
        field = arguments["field"]
        candidates = try arguments.int("candidates", default: 0, range: 0...100)
        gazetteerRejects = arguments["gazetteer-rejects"]
        threads = try arguments.int("threads", default: StageContext.defaultThreads, range: 1...64)
        inputs = arguments.positionals
        addressMember = arguments["address"] ?? "address"
        member = try ResultMember(arguments: arguments, default: "geo", shape: GeocodeWorker.shape)
    }

    public mutating func run(_ context: StageContext) throws {
        let rowRejects = try Rejects(stage: "geocode", path: gazetteerRejects)
        let gazetteer = try Gazetteer.load(path: gazetteerPath) { problem in
            guard rowRejects.isKeeping else { return false }
            try rowRejects.reject(source: gazetteerPath, line: problem.line, reason: .badGazetteerRow, detail: problem.reason, raw: problem.raw)
            return true
        }
        try rowRejects.finish()
        if rowRejects.count > 0 { context.warn("\(gazetteerPath): skipped \(rowRejects.count) bad gazetteer rows (see \(gazetteerRejects ?? ""))") }
        var worker = GeocodeWorker(geocoder: Geocoder(gazetteer), field: field, candidates: candidates, threads: threads)
        (worker.addressKey, worker.resultKey) = (addressMember, member.name)
        var counts: [Precision: Int] = [:]
        try context.process(inputs, threads: threads, member: member, makeWorker: { worker }) { precision in
            counts[precision, default: 0] += 1
            context.accounting.recordsOut += 1
        }
        context.accounting.details = Precision.allCases.compactMap { precision in
            counts[precision].map { "\($0) \(precision.rawValue)" }
        }
    }
}
