import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `sluice-geocode-eval`: the geocoder's published self-check (see `GeocodeEval`).
public enum EvalTool {
    public static let usage = Usage(
        name: "sluice-geocode-eval",
        overview: "measure sluice-geocode: distance error on food-truck permits, match rate on geocoded films.",
        synopsis: [
            "sluice-geocode-eval trucks --sources DIR [--aliases FILE]",
            "sluice-geocode-eval films GEOCODED.ndjson [--field PATH]",
            "sluice-geocode-eval reference --gazetteer FILE REFERENCE.csv",
        ],
        options: [
            .value("sources", "DIR", "trucks: the gazetteer source folder; the gazetteer is built without food-trucks"),
            .value("aliases", "FILE", "trucks: the curated aliases file, as for sluice-gazetteer"),
            .value("gazetteer", "FILE", "reference: the gazetteer CSV to geocode with"),
            .value("field", "PATH", "films: the location text when a record has no address.raw (default locations)"),
        ],
        examples: [
            "sluice-geocode-eval trucks --sources ../shared/data/gazetteer-sources --aliases data/sf-landmark-aliases.csv",
            "sluice-geocode --gazetteer data/sf-gazetteer.csv --field locations films.ndjson > geo.ndjson && sluice-geocode-eval films geo.ndjson",
        ],
        memory: "trucks: the sources and the gazetteer built from them (about 550 MB); films: the geocoded file.")

    public static func main(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        do {
            let parsed = try ParsedArguments(arguments, options: usage.allOptions)
            if parsed.has("help") {
                print(usage.text, terminator: "")
                exit(ExitCode.ok.rawValue)
            }
            switch parsed.positionals.first {
            case "trucks":
                guard let sources = parsed["sources"] else { throw StageFailure.usage("trucks needs --sources DIR") }
                try trucks(sources: sources, aliases: parsed["aliases"])
            case "films":
                guard parsed.positionals.count == 2 else { throw StageFailure.usage("films needs one geocoded NDJSON file") }
                let report = try GeocodeEval.films(ndjson: try FileInput.contents(of: parsed.positionals[1]), textField: parsed["field"] ?? "locations")
                print(report.lines().joined(separator: "\n"))
            case "reference":
                guard parsed.positionals.count == 2, let path = parsed["gazetteer"] else {
                    throw StageFailure.usage("reference needs --gazetteer FILE and one reference CSV")
                }
                let geocoder = Geocoder(try Gazetteer.load(path: path))
                let samples = GeocodeEval.references(try GeocodeEval.references(path: parsed.positionals[1]), geocoder: geocoder)
                print(GeocodeEval.referenceReport(samples).joined(separator: "\n"))
            default:
                throw StageFailure.usage("expected 'trucks', 'films' or 'reference'")
            }
            exit(ExitCode.ok.rawValue)
        } catch {
            exit(Stage.report(error, name: usage.name).rawValue)
        }
    }

    /// Two runs: without food-trucks (the normal gazetteer's view), and without point
    /// addresses too, which tests block interpolation alone.
    static func trucks(sources: String, aliases: String?) throws {
        let permits = sources + "/" + (GazetteerBuilder.sources.first { $0.name == "food-trucks" }?.file ?? "")
        for excluded in [["food-trucks"], ["food-trucks", "eas"]] {
            var builder = GazetteerBuilder(sources: sources)
            builder.excluded = Set(excluded)
            builder.aliasesPath = aliases
            var gazetteer = Gazetteer()
            for row in try builder.build() { gazetteer.add(row) }
            gazetteer.finish()
            let samples = try GeocodeEval.trucks(permits: permits, gazetteer: gazetteer)
            print("food-truck permit addresses, gazetteer without \(excluded.joined(separator: ", ")): distance error")
            print(GeocodeEval.errorTable(samples) { $0.precision.rawValue }.joined(separator: "\n"))
            print(GeocodeEval.errorTable(samples) { GeocodeEval.band($0.score) }.dropFirst().joined(separator: "\n"))
            print("largest errors:")
            print(GeocodeEval.worst(samples, 8).joined(separator: "\n"))
            print("")
        }
    }
}
