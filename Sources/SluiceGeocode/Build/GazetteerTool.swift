import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `sluice-gazetteer build`: writes a gazetteer CSV from the San Francisco sources. Not an
/// NDJSON stage, so it has its own small entry point with the stages' help layout and exit codes.
public enum GazetteerTool {
    public static let usage = Usage(
        name: "sluice-gazetteer",
        overview: "build the gazetteer CSV that sluice-geocode reads, from public San Francisco sources.",
        synopsis: ["sluice-gazetteer build --sources DIR --out FILE [--bundled DIR] [--aliases FILE] [--exclude NAME,...]"],
        options: [
            .value("sources", "DIR", "the folder of source files (../shared/data/gazetteer-sources)"),
            .value("bundled", "DIR", "the folder of the sources that come with Sluice (data/sources)"),
            .value("out", "FILE", "where to write the gazetteer CSV"),
            .value("aliases", "FILE", "hand-curated place aliases with their sources (data/sf-landmark-aliases.csv)"),
            .value(
                "exclude", "NAME,...",
                "leave sources out (for evaluation): "
                    + (GazetteerBuilder.sources + GazetteerBuilder.bundledSources).map(\.name).joined(separator: ", ")),
        ],
        examples: [
            "sluice-gazetteer build --sources ../shared/data/gazetteer-sources --bundled data/sources --aliases data/sf-landmark-aliases.csv --out data/sf-gazetteer.csv",
            "sluice-gazetteer build --sources ../shared/data/gazetteer-sources --exclude food-trucks --out /tmp/no-trucks.csv",
        ],
        memory: "every source row at once (513 MB peak for San Francisco, 3.3 s in a release build); the output is sorted before it is written.",
        sections: [
            ("SOURCES (file under --sources)", GazetteerBuilder.sources.map { "  \($0.name.padding(20))\($0.file)" }.joined(separator: "\n")),
            (
                "BUNDLED SOURCES (file under --bundled)",
                GazetteerBuilder.bundledSources.map { "  \($0.name.padding(20))\($0.file)" }.joined(separator: "\n")
            ),
            ("GAZETTEER FORMAT", GazetteerRow.formatHelp),
        ])

    public static func main(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        do {
            let parsed = try ParsedArguments(arguments, options: usage.allOptions)
            if parsed.has("help") {
                print(usage.text, terminator: "")
                exit(ExitCode.ok.rawValue)
            }
            guard parsed.positionals == ["build"] else { throw StageFailure.usage("expected the command 'build'") }
            guard let sources = parsed["sources"], let out = parsed["out"] else {
                throw StageFailure.usage("build needs --sources DIR and --out FILE")
            }
            var builder = GazetteerBuilder(sources: sources)
            builder.aliasesPath = parsed["aliases"]
            builder.bundledFolder = parsed["bundled"]
            builder.excluded = Set(parsed.list("exclude"))
            let unknown = builder.excluded.subtracting((GazetteerBuilder.sources + GazetteerBuilder.bundledSources).map(\.name))
            if !unknown.isEmpty { throw StageFailure.usage("unknown source '\(unknown.sorted().joined(separator: ", "))' in --exclude") }
            let rows = try builder.build()
            let sink = try ByteSink(path: out)
            sink.buffer = GazetteerBuilder.csv(rows)
            try sink.flush()
            if !parsed.has("quiet") {
                for line in builder.report { Diagnostic.print(usage.name, line) }
                let kinds = GazetteerRow.Kind.allCases.map { kind in "\(rows.filter { $0.kind == kind }.count) \(kind.rawValue)" }
                Diagnostic.print(usage.name, "wrote \(rows.count) rows (\(kinds.joined(separator: ", "))), \(sink.bytesWritten) bytes, to \(out)")
            }
            exit(ExitCode.ok.rawValue)
        } catch {
            exit(Stage.report(error, name: usage.name).rawValue)
        }
    }
}

extension String {
    /// The text padded with spaces to `width` characters.
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
