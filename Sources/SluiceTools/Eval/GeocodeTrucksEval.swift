import SluiceCore
import SluiceGeocode

/// `sluice-eval geocode-trucks`: geocodes the food-truck permit addresses (which carry the
/// city's own coordinates) with a gazetteer built without that source, and reports the
/// distance error per precision and per score band (so a score threshold can be chosen):
/// once without food-trucks (the normal gazetteer's view), once without point addresses too,
/// which tests block interpolation alone. With the first, the permits' block descriptions too
/// (`18TH ST: DOLORES ST to CHURCH ST (3700 - 3799)`), as the city's street-use data writes them.
struct GeocodeTrucksEval: ToolCommand {
    static let usage = Usage.tool(
        name: "sluice-eval geocode-trucks",
        overview: "sluice-geocode's distance error on the food-truck permit addresses and block descriptions, with a gazetteer built without them",
        synopsis: ["sluice-eval geocode-trucks --sources DIR [--aliases FILE]"],
        options: [
            .inputFolder(
                "sources", "DIR", "the gazetteer source folder (../shared/data/gazetteer-sources); the gazetteer is built without food-trucks"),
            .input("aliases", "FILE", "the curated aliases file, as for sluice-gazetteer build"),
        ],
        examples: ["sluice-eval geocode-trucks --sources ../shared/data/gazetteer-sources --aliases data/sf-landmark-aliases.csv"],
        memory: "the sources and the gazetteer built from them (about 550 MB).")

    var sources: String
    var aliases: String?

    init(arguments: ParsedArguments) throws(StageFailure) {
        try arguments.expectNoPositionals()
        guard let sources = arguments["sources"] else { throw .usage("missing --sources DIR") }
        self.sources = sources
        aliases = arguments["aliases"]
    }

    mutating func run(_ context: ToolContext) throws {
        let permits = sources + "/" + (GazetteerBuilder.sources.first { $0.name == "food-trucks" }?.file ?? "")
        for excluded in [["food-trucks"], ["food-trucks", "eas"]] {
            var builder = GazetteerBuilder(sources: sources)
            builder.excluded = Set(excluded)
            builder.aliasesPath = aliases
            var gazetteer = Gazetteer()
            for row in try builder.build() { gazetteer.add(row) }
            gazetteer.finish()
            // The permits' blocks as the city writes them (`18TH ST: DOLORES ST to CHURCH ST (3700 -
            // 3799)`), with the usual gazetteer only: no point address stands in for a block.
            for column in excluded.count == 1 ? ["Address", "LocationDescription"] : ["Address"] {
                let samples = try GeocodeTrucksEval.samples(permits: permits, column: column, gazetteer: gazetteer)
                let what = column == "Address" ? "addresses" : "block descriptions"
                try context.write("food-truck permit \(what), gazetteer without \(excluded.joined(separator: ", ")): distance error")
                try context.write(GeocodeEval.errorTable(samples) { $0.precision.rawValue }.joined(separator: "\n"))
                try context.write(GeocodeEval.errorTable(samples) { GeocodeEval.band($0.score) }.dropFirst().joined(separator: "\n"))
                try context.write("largest errors:")
                try context.write(GeocodeEval.worst(samples, 8).joined(separator: "\n"))
                try context.write("")
            }
        }
    }

    /// Geocodes each food-truck permit's `column` (its address, or its block's description)
    /// against `gazetteer` and measures the error.
    static func samples(permits path: String, column: String, gazetteer: Gazetteer) throws -> [GeocodeEval.Sample] {
        let table = try SourceTable(path: path)
        try table.require([column, "Latitude", "Longitude"])
        let geocoder = Geocoder(gazetteer)
        var seen = Set<String>()
        var samples: [GeocodeEval.Sample] = []
        for row in table.rows {
            let address = table[column, row]
            // Each address once: several permits share a spot.
            guard let truth = table.point(row, lat: "Latitude", lon: "Longitude"), seen.insert(address).inserted else { continue }
            guard let best = geocoder.geocode(GeocodeQuery.reading(address)).first else { continue }
            samples.append(
                GeocodeEval.Sample(
                    precision: best.precision, score: best.score, error: best.point.map { $0.distance(to: truth) }, text: address,
                    matched: best.matched + " (" + best.method + ")"))
        }
        return samples
    }
}
