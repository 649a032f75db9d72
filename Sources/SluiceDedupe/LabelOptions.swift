import SluiceCore

/// Fuzzy mode's options about labels and explanations, and the run they shape: compare, learn
/// (from labels when there are any), then ask (`--label`), suggest (`--suggest`) or link.
///
///     sluice-dedupe --compare … --block … --labels labels.ndjson           learn from answers, then dedupe
///     sluice-dedupe --compare … --block … --label labels.ndjson           ask in the terminal, then dedupe
///     sluice-dedupe --compare … --block … --suggest 10 [--labels FILE]    the 10 pairs worth asking about
struct LabelOptions {
    var labelsPath: String?
    var labelPath: String?
    var suggest: Int?
    var idPath: String?
    var explainModel = false
    var explainBlocking = false

    static let fuzzyOnly = ["labels", "label", "suggest", "id", "explain-blocking"]

    init() {}

    init(arguments: ParsedArguments) throws(StageFailure) {
        labelsPath = arguments["labels"]
        labelPath = arguments["label"]
        if arguments.has("suggest") { suggest = try arguments.int("suggest", default: 10, range: 1...1_000_000) }
        idPath = arguments["id"]
        explainModel = arguments.has("explain-model")
        explainBlocking = arguments.has("explain-blocking")
        if labelPath != nil, labelsPath != nil {
            throw .usage("use --label FILE (asks, and reads the answers FILE holds) or --labels FILE, not both")
        }
        if labelPath != nil, suggest != nil { throw .usage("use --label (asks in the terminal) or --suggest N (prints pairs), not both") }
        if let idPath, idPath.isEmpty || idPath.hasPrefix(".") || idPath.hasSuffix(".") || idPath.contains("..") {
            throw .usage("option '--id': bad field path '\(idPath)'")
        }
        if idPath != nil, labelsPath == nil, labelPath == nil, suggest == nil {
            throw .usage("option '--id' names records in labels: it needs --labels, --label or --suggest")
        }
    }

    /// Whether records must be named (provenance or `--id` kept per record).
    var namesRecords: Bool { labelPath != nil || suggest != nil }

    /// Compares, learns and then links (nil with `--suggest`, which writes pairs, not records).
    func run(
        _ matcher: inout FuzzyMatcher, facts: RecordFacts, spool: Spool, pairsSink: ByteSink?, context: StageContext
    ) throws -> ClusterTable? {
        let path = labelPath ?? labelsPath
        let labels = try path.map { path throws(StageFailure) in try Labels(path: path, mayBeMissing: labelPath != nil) }
        let resolved = labels.map { LabelledPairs(labels: $0, facts: facts) } ?? LabelledPairs()
        if let labels { report(labels, resolved, context: context) }
        matcher.compare(recordCount: facts.count, keepAll: pairsSink != nil)
        matcher.learn(labels: resolved)
        if let labelPath {
            let session = LabelSession(terminal: try Terminal.open(), path: labelPath)
            let given = try session.run(matcher: &matcher, facts: facts, spool: spool, maxLineBytes: context.maxLineBytes)
            context.accounting.details.append("\(given) \(given == 1 ? "answer" : "answers") added to \(labelPath)")
        }
        if explainBlocking {
            StandardError.write(
                BlockingReport.text(rules: matcher.rules, blocker: matcher.blocker, labels: matcher.labels, pairsCompared: matcher.pairsCompared))
        }
        if let suggest {
            let suggestions = matcher.suggestions(suggest)
            for suggestion in suggestions {
                JSONWriter.write(matcher.suggestionJSON(suggestion, facts: facts), to: &context.output.buffer)
                try context.output.endLine()
            }
            context.accounting.details.append("\(suggestions.count) \(suggestions.count == 1 ? "pair" : "pairs") suggested")
            return nil
        }
        return try matcher.link(facts: facts, pairsSink: pairsSink)
    }

    /// Says what the labels file gave: answers used, unsure, and lines naming other records.
    func report(_ labels: Labels, _ resolved: LabelledPairs, context: StageContext) {
        let used = resolved.pairs.count
        context.accounting.details.append(
            "\(used) labelled \(used == 1 ? "pair" : "pairs") (\(resolved.matches) match, \(resolved.distinct) distinct)")
        if let line = labels.cutShortLine {
            context.warn("\(labels.path):\(line): the last line was cut short (the labeller was stopped while writing it); it is ignored")
        }
        if let first = resolved.unresolved.first {
            let count = resolved.unresolved.count
            context.warn(
                "\(labels.path):\(first): \(count) \(count == 1 ? "label names" : "labels name") records not in the input (first on this line); \(count == 1 ? "it is" : "they are") ignored"
            )
        }
        if resolved.ambiguous > 0 {
            context.warn("\(labels.path): \(resolved.ambiguous) input records share a name a label uses; the first of each is taken")
        }
    }
}
