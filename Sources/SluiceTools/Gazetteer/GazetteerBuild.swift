import SluiceCore
import SluiceGeocode

/// `sluice-gazetteer build`: writes a gazetteer CSV from the San Francisco sources.
public struct GazetteerBuild: ToolCommand {
    /// `sluice-gazetteer`: its one subcommand.
    public static let tool = Subcommands(
        name: "sluice-gazetteer", overview: "build the gazetteer CSV that sluice-geocode reads, from public San Francisco sources",
        [("build", GazetteerBuild.self)])

    public static let usage = Usage.tool(
        name: "sluice-gazetteer build",
        overview: "build the gazetteer CSV that sluice-geocode reads, from public San Francisco sources",
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
            ("SOURCES (file under --sources)", GazetteerBuilder.sources.map { "  \($0.name.column(20))\($0.file)" }.joined(separator: "\n")),
            (
                "BUNDLED SOURCES (file under --bundled)",
                GazetteerBuilder.bundledSources.map { "  \($0.name.column(20))\($0.file)" }.joined(separator: "\n")
            ),
            ("GAZETTEER FORMAT", GazetteerRow.formatHelp),
        ])

    var builder: GazetteerBuilder
    var out: String

    public init(arguments: ParsedArguments) throws(StageFailure) {
        try arguments.expectNoPositionals()
        guard let sources = arguments["sources"], let out = arguments["out"] else { throw .usage("build needs --sources DIR and --out FILE") }
        self.out = out
        builder = GazetteerBuilder(sources: sources)
        builder.aliasesPath = arguments["aliases"]
        builder.bundledFolder = arguments["bundled"]
        builder.excluded = Set(arguments.list("exclude"))
        let unknown = builder.excluded.subtracting((GazetteerBuilder.sources + GazetteerBuilder.bundledSources).map(\.name))
        if !unknown.isEmpty { throw .usage("unknown source '\(unknown.sorted().joined(separator: ", "))' in --exclude") }
    }

    public mutating func run(_ context: ToolContext) throws {
        let rows = try builder.build()
        let sink = try ByteSink(path: out)
        sink.buffer = GazetteerRow.csv(rows)
        try sink.flush()
        for line in builder.report { context.note(line) }
        let kinds = GazetteerRow.Kind.allCases.map { kind in "\(rows.filter { $0.kind == kind }.count) \(kind.rawValue)" }
        context.note("wrote \(rows.count) rows (\(kinds.joined(separator: ", "))), \(sink.bytesWritten) bytes, to \(out)")
    }
}
