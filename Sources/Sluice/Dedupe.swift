import Foundation
import SluiceCore
import SluiceDedupe

/// What `sluice-dedupe --compare … --block …` learnt: its comparisons, blocking rules, the m and u
/// of every level, and its threshold (the JSON file of `--model-out` and `--model`). Learn it once
/// on records like yours, keep it in a file, and dedupe each new batch with it: a saved model
/// scores every pair as the run that learnt it, without learning again.
///
///     let model = try DedupeModel.learn(from: records, compare: ["title", "locations:tokens"], block: ["locations:fingerprint"])
///     try model.write(to: "films-model.json")
///     let again = try DedupeModel(contentsOf: "films-model.json")   // again == model
public struct DedupeModel: Equatable {
    let saved: SavedModel

    /// The comparisons (`FIELD:METHOD`) and blocking rules the model was learnt for.
    public var compare: [String] { saved.compare }
    public var block: [String] { saved.block }
    /// Pairs whose match probability is at least this are linked.
    public var threshold: Double { saved.threshold }

    /// Reads a model file written by `write(to:)` or `sluice-dedupe --model-out`.
    /// - Throws: `StageFailure`: a missing file (status 66), one that is not a model (65).
    public init(contentsOf path: String) throws {
        saved = try SavedModel.read(path: path)
    }

    init(_ saved: SavedModel) { self.saved = saved }

    /// Writes the model as `sluice-dedupe --model-out` does (one JSON object and a newline).
    public func write(to path: String) throws {
        try saved.write(to: path)
    }

    /// Learns a model from `records` without labels, as
    /// `sluice-dedupe --compare COMPARE --block RULE… --model-out FILE` does (the same command).
    ///
    /// - Parameters:
    ///   - compare: `FIELD:METHOD` comparisons (`--compare`; `sluice-dedupe --help` lists the methods).
    ///   - block: blocking rules; pairs sharing a key of any rule are compared (`--block`).
    ///   - options: any other option of fuzzy mode (`["--labels", "labels.ndjson"]`, `["--no-tf"]`).
    /// - Complexity: the pairs the blocking rules give, compared; records held in a temporary file.
    public static func learn(from records: [String], compare: [String], block: [String], options: [String] = []) throws -> DedupeModel {
        var learnt: SavedModel?
        _ = try StageRunner.run(
            DedupeCommand.self, records: records,
            arguments: { folder in
                fuzzyArguments(compare: compare, block: block) + ["--model-out", folder.appendingPathComponent("model.json").path] + options
            },
            finish: { folder in
                let path = folder.appendingPathComponent("model.json").path
                // `--suggest` among the options learns nothing: no file.
                if FileManager.default.fileExists(atPath: path) { learnt = try SavedModel.read(path: path) }
            })
        guard let learnt else { throw StageFailure.usage("no model was learnt (with --suggest, sluice-dedupe writes pairs instead)") }
        return DedupeModel(learnt)
    }

    static func fuzzyArguments(compare: [String], block: [String]) -> [String] {
        ["--compare", compare.joined(separator: ",")] + block.flatMap { ["--block", $0] }
    }
}

/// What `dedupe` writes for each cluster of records (`--mark`, `--drop`, `--merge`).
public enum DedupeMode: String, Sendable {
    /// Every record, with a `dedupe` member naming its cluster (the default).
    case mark
    /// Only the canonical record of each cluster.
    case drop
    /// One merged record per cluster.
    case merge
}

/// The records clustered by `model` (its comparisons and blocking rules, no learning), as
/// `sluice-dedupe --compare … --block … --model FILE` writes them (the same command).
///
///     let deduped = try dedupe(records, with: model)
///     // each record with "dedupe":{"cluster":…,"size":…,"canonical":…,"score":…}
///
/// - Parameters:
///   - records: NDJSON lines, each a JSON object without a `dedupe` member.
///   - mode: mark every record (default), keep one per cluster, or merge each cluster.
///   - options: any other option of `sluice-dedupe --help` (`["--as", "cluster"]`).
/// - Throws: `StageFailure` where the executable would stop: a line that is not a JSON object, a
///   record that already has the member, a bad option.
/// - Complexity: the pairs the model's blocking rules give, compared; records held in a
///   temporary file, clusters in memory.
public func dedupe(_ records: [String], with model: DedupeModel, mode: DedupeMode = .mark, options: [String] = []) throws -> [String] {
    try StageRunner.run(DedupeCommand.self, records: records) { folder in
        let path = folder.appendingPathComponent("model.json").path
        try model.write(to: path)
        return DedupeModel.fuzzyArguments(compare: model.compare, block: model.block) + (model.saved.termFrequency ? [] : ["--no-tf"])
            + ["--model", path, "--\(mode.rawValue)"] + options
    }.lines
}

/// The records clustered by equal values of `keys` (dotted paths), as
/// `sluice-dedupe --key KEYS [--fold]` writes them (the same command).
///
///     try dedupe(records, keys: ["address.key"], mode: .drop)   // one record per address
///
/// - Parameter fold: compare the keys' text normalised (case, accents, punctuation, spacing).
/// - Complexity: O(n) in the records' size.
public func dedupe(_ records: [String], keys: [String], fold: Bool = false, mode: DedupeMode = .mark, options: [String] = []) throws -> [String] {
    try StageRunner.run(DedupeCommand.self, records: records) { _ in
        ["--key", keys.joined(separator: ",")] + (fold ? ["--fold"] : []) + ["--\(mode.rawValue)"] + options
    }.lines
}
