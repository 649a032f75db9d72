import SluiceCore

/// `sluice-report`: one self-contained HTML page from any stage's output — a map of every
/// geocoded place over the gazetteer's streets, and the cleaning at a glance — and, with
/// `--geojson`, the geocoded records as GeoJSON.
///
///     sluice-report --gazetteer data/sf-gazetteer.csv build/pipeline/04-deduped.ndjson > report.html
///     // sluice-report: 2084 in, 2084 out, 0 rejected, 1868 placed, 1459 places drawn
public struct ReportCommand: StageCommand {
    /// No records out (`--describe-output`): a page, or GeoJSON.
    public static let output = OutputDescription(
        addsNothing: "writes no records: an HTML page, or with --geojson - a GeoJSON FeatureCollection of the placed records")

    public static let usage = Usage(
        name: "sluice-report",
        overview: "an offline HTML report of any stage's NDJSON: a map of every geocoded place and the cleaning at a glance; GeoJSON out",
        synopsis: [
            "sluice-report [--gazetteer FILE] [--stage-log FILE ...] [--stage-rejects FILE ...] [--geojson FILE] [FILE ...] > report.html",
            "sluice-report --geojson - [FILE ...] > places.geojson",
        ],
        options: [
            .input("gazetteer", "FILE", "draw the base map from this gazetteer's street centrelines and parks (without it: points only)"),
            .input("stage-log", "FILE", "a stage's stderr, for the counts per stage and its warnings (repeatable, in pipeline order)"),
            .input("stage-rejects", "FILE", "a stage's --rejects file, for its reason counts and first lines (repeatable)"),
            .output("geojson", "FILE", "also write the placed records as a GeoJSON FeatureCollection to FILE ('-': to stdout, no HTML)"),
            .value("text", "PATH", "the field holding a record's location text (default address.raw)"),
            .value("label", "PATH", "the field naming a record in lists and popups (default title; else its provenance)"),
            .value("title", "TEXT", "the page's title (default 'Sluice report: ' and the input names)"),
            .value("max-points", "N", "the most points drawn; beyond it, places merge into grid cells (default 20000)"),
        ],
        examples: [
            "sluice-report --gazetteer data/sf-gazetteer.csv build/pipeline/04-deduped.ndjson > report.html",
            "sluice-report --gazetteer data/sf-gazetteer.csv --stage-log build/pipeline/03-geocoded.log --stage-rejects build/pipeline/03-geocoded.rejects.ndjson build/pipeline/03-geocoded.ndjson > report.html",
            "sluice-report --geojson build/pipeline/places.geojson build/pipeline/04-deduped.ndjson > report.html",
            "sluice-report --geojson - build/pipeline/03-geocoded.ndjson | jq '.features | length'",
        ],
        memory:
            "one record at a time, plus one entry per distinct place (at most 8 texts and 12 labels each), up to 100,000 distinct unmatched texts, the 20 lowest answers and the 10 largest clusters (12 members each), and the gazetteer's streets (about 50 MB for San Francisco). The page holds one point per place (at most --max-points); GeoJSON is streamed.",
        disk:
            "none but its outputs (the page, --geojson FILE, written beside FILE and renamed over it once the page is written, or once its reader has gone, as | head does): the gazetteer is read from its CSV, no index written.",
        sections: [
            (
                "THE PAGE",
                """
                  One HTML file with its style and script inline: no network, CDN, tiles, fonts or images.
                  The map is SVG: the gazetteer's street blocks, projected equirectangularly with longitudes
                  scaled by cos(latitude); parks as green dots; one point per place (records sharing the
                  geocoder's coordinates), coloured by geo.precision (address, interpolated, intersection,
                  segment, place, street; any other in grey) and sized by its records. Hover shows a place,
                  click lists its texts, match, method, score and records; scroll zooms, drag pans.
                  Below: counts per stage (from --stage-log), records with each member, the precision mix,
                  the score distribution, address kinds, the most frequent unmatched texts with their
                  reasons, the lowest-scored answers, dedupe's largest clusters, and each --stage-rejects
                  file's reasons and first lines. Members missing from the input leave their card empty.
                  Every text from the data is escaped; the same input gives the same bytes.
                """
            ),
            (
                "ACCOUNTING",
                """
                  in = out + rejected, where out counts the records the report read (every good record is
                  counted in it), then: placed (records with a point), places drawn, features (GeoJSON).
                """
            ),
        ])

    var inputs: [String]
    var gazetteer: String?
    var stageLogs: [String]
    var stageRejects: [String]
    var geojson: String?
    var paths = ReportRecord.Paths()
    var title: String?
    var maxPoints: Int

    public init(arguments: ParsedArguments) throws(StageFailure) {
        inputs = arguments.positionals
        gazetteer = arguments["gazetteer"]
        stageLogs = arguments.all("stage-log")
        stageRejects = arguments.all("stage-rejects")
        geojson = arguments["geojson"]
        if let text = arguments["text"] {
            guard !text.isEmpty else { throw .usage("option '--text' needs a field path") }
            paths.text = text
        }
        if let label = arguments["label"] {
            guard !label.isEmpty else { throw .usage("option '--label' needs a field path") }
            paths.label = label
        }
        title = arguments["title"]
        maxPoints = try arguments.int("max-points", default: 20_000, range: 1...1_000_000)
    }

    public mutating func run(_ context: StageContext) throws {
        // Auxiliary files first: a missing one stops the run before any work.
        let logs = try stageLogs.map(StageLog.read)
        let rejects = try stageRejects.map(StageRejects.read)
        let base = try gazetteer.map { try BaseMap(gazetteer: $0) } ?? BaseMap()
        // --geojson FILE is written beside FILE and put in place once the page is written: a
        // run that fails leaves an earlier one whole and as it was.
        let geojsonFile = try geojson.flatMap { path throws(StageFailure) in path == "-" ? nil : try ReplacementFile(path: path) }
        let writer = (geojson == "-" ? context.output : geojsonFile?.sink).map(GeoJSONWriter.init)

        var summary = CleaningSummary()
        var places = PlaceTable()
        try context.forEachRecord(in: inputs) { record, location in
            let facts = ReportRecord(record, paths: paths, location: location)
            summary.add(facts)
            places.add(facts)
            try writer?.write(record, facts)
            context.accounting.recordsOut += 1
        }
        try writer?.finish()
        context.accounting.details = ["\(summary.placed) placed"]
        if let writer { context.accounting.details.append("\(writer.features) features") }
        guard geojson != "-" else { return }

        let view = MapView.layout(places, base: base, maxPoints: maxPoints)
        if let view { context.accounting.details.insert("\(view.points.count) points drawn", at: 1) }
        let page = ReportPage(
            title: title ?? "Sluice report: " + (inputs.isEmpty ? "standard input" : inputs.map(StageLog.fileName).joined(separator: ", ")),
            inputs: inputs, summary: summary, map: view, logs: logs, rejects: rejects, rejectedInput: context.accounting.rejected)
        context.output.append(page.html())
        do {
            try context.output.flush()
        } catch let stop as BrokenPipe {
            // The page's reader went away (`| head`): a quiet, successful stop, so the GeoJSON,
            // whole by now, is put in place too (it was left out under exit 0).
            try geojsonFile?.commit()
            throw stop
        }
        try geojsonFile?.commit()
    }
}
