import SluiceCore

/// Fuzzy mode's options about labels and explanations, and the run they shape: compare, learn
/// (from labels when there are any), then ask (`--label`), suggest (`--suggest`) or link.
///
///     sluice-dedupe --compare … --block … --labels labels.ndjson           learn from answers, then dedupe
///     sluice-dedupe --compare … --block … --labels a.ndjson --labels b.ndjson   from the answers of both
///     sluice-dedupe --compare … --block … --label labels.ndjson           ask in the terminal, then dedupe
///     sluice-dedupe --compare … --block … --suggest 10 [--labels FILE]    the 10 pairs worth asking about
struct LabelOptions {
    /// Every `--labels` file, in the order given (answers from all of them).
    var labelsPaths: [String] = []
    var labelPath: String?
    var suggest: Int?
    var idPath: String?
    var explainModel = false
    var explainBlocking = false

    static let fuzzyOnly = ["labels", "label", "suggest", "id", "explain-blocking"]

    init() {}

    init(arguments: ParsedArguments) throws(StageFailure) {
        labelsPaths = arguments.all("labels")
        labelPath = arguments["label"]
        if arguments.has("suggest") { suggest = try arguments.int("suggest", default: 10, range: 1...1_000_000) }
        idPath = arguments["id"]
        explainModel = arguments.has("explain-model")
        explainBlocking = arguments.has("explain-blocking")
        if labelPath != nil, !labelsPaths.isEmpty {
            throw .usage("use --label FILE (asks, and reads the answers FILE holds) or --labels FILE, not both")
        }
        if labelPath != nil, suggest != nil { throw .usage("use --label (asks in the terminal) or --suggest N (prints pairs), not both") }
        if let idPath, idPath.isEmpty || idPath.hasPrefix(".") || idPath.hasSuffix(".") || idPath.contains("..") {
            throw .usage("option '--id': bad field path '\(idPath)'")
        }
        if idPath != nil, labelsPaths.isEmpty, labelPath == nil, suggest == nil {
            throw .usage("option '--id' names records in labels: it needs --labels, --label or --suggest")
        }
    }

    /// Whether records must be named (provenance or `--id` kept per record): to write them,
    /// and to name them in warnings about answers.
    var namesRecords: Bool { labelPath != nil || suggest != nil || !labelsPaths.isEmpty }

    /// Compares, learns and then links (nil with `--suggest`, which writes pairs, not records).
    func run(
        _ matcher: inout FuzzyMatcher, facts: RecordFacts, spool: Spool, pairsSink: ByteSink?, context: StageContext
    ) throws -> ClusterTable? {
        if idPath != nil { try Self.checkIdsUnique(facts) }
        var files = try labelsPaths.map { path throws(StageFailure) in try Labels(path: path, mayBeMissing: false) }
        if let labelPath { files = [try Labels(path: labelPath, mayBeMissing: true)] }
        let resolved = try LabelledPairs(labels: files, facts: facts)
        report(files, resolved, facts: facts, context: context)
        // `--explain-blocking` says which labelled matches the oversized blocks left uncompared.
        if explainBlocking { matcher.blocker.watched = Set(resolved.pairs.filter(\.match).map { LabelledPairs.key(Int($0.a), Int($0.b)) }) }
        try matcher.compare(recordCount: facts.count, keepAll: pairsSink != nil)
        matcher.learn(labels: resolved)
        if let labelPath {
            let session = LabelSession(terminal: try Terminal.open(), path: labelPath)
            let given = try session.run(matcher: &matcher, facts: facts, spool: spool, maxLineBytes: context.maxLineBytes)
            context.accounting.details.append("\(given) \(given == 1 ? "answer" : "answers") added to \(labelPath)")
        }
        if !files.isEmpty { context.accounting.details.append(Self.answersUsed(matcher.labels)) }
        if explainBlocking {
            StandardError.write(
                BlockingReport.text(rules: matcher.rules, blocker: matcher.blocker, labels: matcher.labels, pairsCompared: matcher.pairsCompared))
        }
        if let suggest {
            let suggestions = try matcher.suggestions(suggest)
            for suggestion in suggestions {
                JSONWriter.write(matcher.suggestionJSON(suggestion, facts: facts), to: &context.output.buffer)
                try context.output.endLine()
            }
            context.accounting.details.append("\(suggestions.count) \(suggestions.count == 1 ? "pair" : "pairs") suggested")
            return nil
        }
        return try matcher.link(facts: facts, pairsSink: pairsSink)
    }

    /// How many answers the model learnt from (after `--label`, with the new ones).
    static func answersUsed(_ labels: LabelledPairs) -> String {
        let used = labels.pairs.count
        return "\(used) labelled \(used == 1 ? "pair" : "pairs") (\(labels.matches) match, \(labels.distinct) distinct)"
    }

    /// Says what the labels files gave that was not used: lines cut short, lines naming other
    /// records, names several records answer to, and pairs two files answer differently.
    func report(_ files: [Labels], _ resolved: LabelledPairs, facts: RecordFacts, context: StageContext) {
        for labels in files {
            if let line = labels.cutShortLine {
                context.warn("\(labels.path):\(line): the last line was cut short (the labeller was stopped while writing it); it is ignored")
            }
        }
        for (file, labels) in files.enumerated() {
            let lines = resolved.unresolved.filter { $0.file == file }.map(\.line)
            guard let first = lines.first else { continue }
            let count = lines.count
            context.warn(
                "\(labels.path):\(first): \(count) \(count == 1 ? "label names" : "labels name") records not in the input (first on this line); \(count == 1 ? "it is" : "they are") ignored"
            )
        }
        if resolved.ambiguous > 0 {
            let paths = files.map(\.path).joined(separator: ", ")
            context.warn("\(paths): \(resolved.ambiguous) input records share a name a label uses; the first of each is taken")
        }
        for disagreement in resolved.disagreements.prefix(LinkConflict.kept) {
            let (a, b) = (
                JSONWriter.string(facts.reference(Int(disagreement.distinct.a))), JSONWriter.string(facts.reference(Int(disagreement.distinct.b)))
            )
            context.warn(
                "\(resolved.place(of: disagreement.distinct)): answered distinct about records \(a) and \(b), answered match at \(resolved.place(of: disagreement.match)); the distinct answer wins"
            )
        }
        if resolved.disagreements.count > LinkConflict.kept {
            context.warn(
                "\(resolved.disagreements.count) pairs answered match in one labels file and distinct in another (the first \(LinkConflict.kept) shown); the distinct answer wins"
            )
        }
    }

    /// `--id` names records: a value two records hold names neither, so it is an error naming
    /// the value and both records (by their number in the input and their provenance).
    static func checkIdsUnique(_ facts: RecordFacts) throws(StageFailure) {
        var first: [UInt64: Int] = [:]
        for (record, id) in facts.ids.enumerated() where id != 0 {
            guard let earlier = first[id] else {
                first[id] = record
                continue
            }
            func name(_ record: Int) -> String {
                let provenance = facts.provenance.indices.contains(record) ? facts.provenance[record] : ""
                return "record \(record + 1)" + (provenance.isEmpty ? "" : " (provenance \(provenance))")
            }
            let value = facts.idTexts.indices.contains(record) ? JSONWriter.string(.string(facts.idTexts[record])) : "one value"
            throw StageFailure(
                .dataError,
                "error: option '--id \(facts.idPath ?? "")': \(name(earlier)) and \(name(record)) both hold \(value); labels name a record by its --id value, so each must be unique"
            )
        }
    }
}
