/// A stage's help text, written before its code: what it does, how to call it, its options,
/// real examples, what it holds in memory, and the exit statuses shared by all stages.
public struct Usage: Sendable {
    public var name: String
    public var overview: String
    public var synopsis: [String]
    public var options: [OptionSpec]
    public var examples: [String]
    public var memory: String
    /// Further sections (title, body), e.g. the output format or reject reasons.
    public var sections: [(title: String, body: String)]

    public init(
        name: String, overview: String, synopsis: [String], options: [OptionSpec],
        examples: [String], memory: String, sections: [(title: String, body: String)] = []
    ) {
        self.name = name
        self.overview = overview
        self.synopsis = synopsis
        self.options = options
        self.examples = examples
        self.memory = memory
        self.sections = sections
    }

    /// Every option the stage accepts: its own, then the common ones.
    public var allOptions: [OptionSpec] { options + OptionSpec.common }

    public var text: String {
        var out = "OVERVIEW: \(name) — \(overview)\n\n"
        out += "USAGE:\n" + synopsis.map { "  \($0)\n" }.joined() + "\n"
        out += "OPTIONS:\n" + Usage.table(options) + "\n"
        out += "COMMON OPTIONS:\n" + Usage.table(OptionSpec.common) + "\n"
        for section in sections { out += "\(section.title):\n\(section.body)\n\n" }
        out += "EXAMPLES:\n" + examples.map { "  \($0)\n" }.joined() + "\n"
        out += "MEMORY:\n  \(memory)\n\n"
        out += "REJECTS:\n\(RejectReason.commonHelpText)\n\n"
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
}
