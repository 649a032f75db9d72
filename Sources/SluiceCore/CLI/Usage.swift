/// A command's help text, written before its code: what it does, how to call it, its options,
/// real examples, what it holds in memory, the reasons it rejects records for and the exit
/// statuses. The REJECTS and EXIT STATUS tables are written from `RejectReason` and `ExitCode`,
/// so the help names each exactly as the code does.
public struct Usage: Sendable {
    /// An NDJSON stage, or a tool beside the stages (a builder, an evaluation, the benchmark).
    public enum Kind: Sendable {
        /// The common options of stages, and REJECTS: the shared reasons, then the stage's own.
        case stage(rejects: [RejectReason], note: String?)
        /// Only `--quiet`, `--help` and `--version`; no records, so none of the stages' rejects:
        /// a tool that skips rows of its sources (`sluice-gazetteer build --rejects`) lists its
        /// own reasons.
        case tool(rejects: [RejectReason])
    }

    public var name: String
    public var overview: String
    public var synopsis: [String]
    public var options: [OptionSpec]
    public var examples: [String]
    public var memory: String
    /// What it writes to disk besides its outputs, and how much (its temporary files, an index
    /// beside an input), and that nothing is left behind; nil for a command that writes none.
    public var disk: String?
    /// Further sections (title, body), e.g. the output format.
    public var sections: [(title: String, body: String)]
    public var kind: Kind
    /// What the operands name, in order, the last role for all the rest (`sluice-load DATABASE
    /// INPUT…`: `[.output, .input]`); empty when they are not paths.
    public var operands: [FileRole]

    /// A stage's usage; `rejects` are the reasons it adds to the shared ones, `rejectsNote` a
    /// line under the table.
    public init(
        name: String, overview: String, synopsis: [String], options: [OptionSpec],
        examples: [String], memory: String, disk: String? = nil, sections: [(title: String, body: String)] = [],
        rejects: [RejectReason] = [], rejectsNote: String? = nil, operands: [FileRole] = [.input]
    ) {
        self.name = name
        self.overview = overview
        self.synopsis = synopsis
        self.options = options
        self.examples = examples
        self.memory = memory
        self.disk = disk
        self.sections = sections
        kind = .stage(rejects: rejects, note: rejectsNote)
        self.operands = operands
    }

    /// A tool's usage: the same layout, without the stages' record options and shared rejects;
    /// `rejects`, when it writes a rejects file of its own.
    public static func tool(
        name: String, overview: String, synopsis: [String], options: [OptionSpec],
        examples: [String], memory: String, disk: String? = nil, sections: [(title: String, body: String)] = [],
        rejects: [RejectReason] = [], operands: [FileRole] = [.input]
    ) -> Usage {
        var usage = Usage(
            name: name, overview: overview, synopsis: synopsis, options: options, examples: examples, memory: memory, disk: disk,
            sections: sections, operands: operands)
        usage.kind = .tool(rejects: rejects)
        return usage
    }

    /// The executable the usage is for: `sluice-eval` for `sluice-eval sanitize`.
    public var executable: String { String(name.prefix { $0 != " " }) }

    /// The options every command of this kind understands, handled by the shared entry point.
    public var commonOptions: [OptionSpec] {
        switch kind {
        case .stage: OptionSpec.common
        case .tool: OptionSpec.toolCommon
        }
    }

    /// Every option the command accepts: its own, then the common ones.
    public var allOptions: [OptionSpec] { options + commonOptions }

    /// Every reason the stage writes in its rejects: the shared ones, then its own.
    public var rejectReasons: [RejectReason] {
        switch kind {
        case .stage(let rejects, _): RejectReason.common + rejects
        case .tool(let rejects): rejects
        }
    }

    public var text: String {
        var out = "OVERVIEW: \(name) — \(overview)\n\n"
        out += "USAGE:\n" + synopsis.map { "  \($0)\n" }.joined() + "\n"
        if !options.isEmpty { out += "OPTIONS:\n" + Usage.table(options) + "\n" }
        out += "COMMON OPTIONS:\n" + Usage.table(commonOptions) + "\n"
        for section in sections { out += "\(section.title):\n\(section.body)\n\n" }
        out += "EXAMPLES:\n" + examples.map { "  \($0)\n" }.joined() + "\n"
        out += "MEMORY:\n  \(memory)\n\n"
        if let disk { out += "DISK:\n  \(disk)\n\n" }
        switch kind {
        case .stage(_, let note):
            out += "REJECTS:\n" + Usage.definitions(rejectReasons.map { ($0.rawValue, $0.meaning) }) + (note.map { "\n  " + $0 } ?? "") + "\n\n"
        case .tool(let rejects) where !rejects.isEmpty:
            out += "REJECTS:\n" + Usage.definitions(rejects.map { ($0.rawValue, $0.meaning) }) + "\n\n"
        case .tool:
            break
        }
        out += "EXIT STATUS:\n\(ExitCode.helpText)\n"
        return out
    }

    static func table(_ options: [OptionSpec]) -> String {
        let width = min(28, (options.map(\.signature.count).max() ?? 0) + 2)
        return options.map { option in
            let left = option.signature
            let pad = left.count < width ? String(repeating: " ", count: width - left.count) : "\n" + String(repeating: " ", count: width + 2)
            return "  \(left)\(pad)\(option.help)\n"
        }.joined()
    }

    /// The longest line of a generated table.
    static let lineWidth = 90

    /// A two-column table (a term, then its meaning wrapped under itself to `lineWidth`), one
    /// line per row and no final newline:
    ///
    ///       64  usage error: unknown option, missing or bad option value
    public static func definitions(_ rows: [(term: String, text: String)]) -> String {
        let indent = 2 + (rows.map(\.term.count).max() ?? 0) + 2
        return rows.map { row in
            var lines: [String] = []
            var line = "  " + row.term + String(repeating: " ", count: indent - 2 - row.term.count)
            var empty = true
            for word in row.text.split(separator: " ") {
                if !empty, line.count + 1 + word.count > lineWidth {
                    lines.append(line)
                    line = String(repeating: " ", count: indent)
                    empty = true
                }
                line += (empty ? "" : " ") + word
                empty = false
            }
            lines.append(line)
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
