import Foundation
import SluiceCore

/// What fuzzy mode learnt, as the JSON file of `--model-out` and `--model`: the comparisons
/// and blocking rules it was learnt for, per compared field and level `m`, `u` and the bits
/// labels moved it (`shift`), the share of matches EM found (`lambda`), the prior used for
/// scoring, the threshold, whether equal text is weighed by its frequency and, since version 2,
/// per text field the counts its values were weighed by (`ValueCounts`: term frequencies, a
/// `name` field's word weights), which a run with the model takes where they are larger than
/// its own; per blocking rule the blocks that were oversized, and the fields it keys with `u`
/// among the pairs it compares (`blocks`, see `BlockU`). A version 1 file (none of these) is
/// read as before: each run counts what it holds, and pairs are scored with `u` alone.
///
///     {"format":"sluice-dedupe-model","version":2,"compare":["name:jw"],"block":["zip"],
///      "term_frequency":true,"threshold":0.9,"lambda":0.01,"prior":1e-05,
///      "fields":[{"compare":"name:jw","levels":[{"level":"missing","m":0,"u":0}, …],
///                 "counts":{"present":1200,"values":{"cafe":3}}}],
///      "oversized":[{}],"blocks":[{"block":"zip","fields":[],"u":[[0,1]]}],
///      "labels":{"pairs":0,"matches":0,"distinct":0}}
///
/// Numbers are written in Swift's shortest text that reads back to the same Double, so a
/// model read back scores every pair exactly as the run that learnt it.
public struct SavedModel: Equatable {
    public static let format = "sluice-dedupe-model"
    /// 2 added each text field's `counts`, the oversized blocks and each rule's `blocks`; a file
    /// without them reads as version 1 did.
    public static let version = 2
    /// The most bits a level's `shift` may move its weight, either way: far beyond what labels
    /// learn (a few bits; a level's own weight is within ±20), and small enough that a pair's
    /// weights sum to a finite number.
    static let largestShift = 1000.0

    public var compare: [String]
    public var block: [String]
    public var termFrequency: Bool
    public var threshold: Double
    public var lambda: Double
    public var prior: Double?
    /// Per field, per level: the level's name, m, u and the shift labels gave (nil without labels).
    public var levelNames: [[String]]
    public var m: [[Double]]
    public var u: [[Double]]
    public var shifts: [[Double]]?
    /// Per field, the counts of its values (text fields with term frequencies, and `name`
    /// fields); nil for other fields and in a version 1 file.
    public var counts: [ValueCounts?]
    /// Per blocking rule, the blocks that were over `--max-block` (key hash → records), which
    /// a run with the model compares by sorted neighbourhood however few of their records it
    /// holds; empty in a version 1 file.
    public var oversized: [[UInt64: Int]]
    /// Per blocking rule, its fields and `u` within its blocks (empty from a version 1 file).
    public var blocks: [BlockU] = []
    /// The answers the model learnt from (counts only: the answers stay in their files).
    public var labelPairs = 0
    public var labelMatches = 0
    public var labelDistinct = 0

    public init(matcher: FuzzyMatcher, model: FellegiSunterModel) {
        compare = matcher.specs.map(\.text)
        block = matcher.rules.map(\.text)
        termFrequency = matcher.settings.termFrequency
        threshold = matcher.threshold
        lambda = model.lambda
        prior = model.prior
        levelNames = matcher.specs.map(\.levelNames)
        m = model.m
        u = model.u
        shifts = model.shifts
        counts = matcher.columns.map { column in
            column.spec.method.isText && (matcher.settings.termFrequency || column.spec.method == .name) ? ValueCounts(column: column) : nil
        }
        oversized = matcher.blocker.oversized
        blocks = model.blocks
        labelPairs = matcher.labels.pairs.count
        labelMatches = matcher.labels.matches
        labelDistinct = matcher.labels.distinct
    }

    /// Makes `matcher` score with this model as it is (no EM), weigh values by its counts and
    /// block its oversized blocks as it did. Before the first record is compared.
    public func use(in matcher: inout FuzzyMatcher) {
        matcher.preset = (model, threshold)
        for (column, counts) in zip(matcher.columns, counts) { column.learnt = counts }
        matcher.blocker.learntOversized = oversized
    }

    /// The model to score with, as it was learnt (no EM).
    public var model: FellegiSunterModel {
        var model = FellegiSunterModel(levelCounts: m.map(\.count), u: u)
        model.m = m
        model.lambda = lambda
        model.prior = prior
        model.shifts = shifts
        model.blocks = blocks
        return model
    }

    static func number(_ value: Double) -> JSONValue { .number("\(value)") }

    public var json: JSONValue {
        let fields: [JSONValue] = compare.indices.map { field in
            .object([
                "compare": .string(compare[field]),
                "levels": .array(
                    levelNames[field].indices.map { level in
                        .object([
                            "level": .string(levelNames[field][level]),
                            "m": Self.number(m[field][level]),
                            "u": Self.number(u[field][level]),
                            "shift": shifts.map { Self.number($0[field][level]) },
                        ])
                    }),
                "counts": counts[field].map { $0.json(withWords: !$0.words.isEmpty) },
            ])
        }
        return .object([
            "format": .string(Self.format),
            "version": .int(Self.version),
            "compare": .array(compare.map(JSONValue.string)),
            "block": .array(block.map(JSONValue.string)),
            "term_frequency": .bool(termFrequency),
            "threshold": Self.number(threshold),
            "lambda": Self.number(lambda),
            "prior": prior.map(Self.number) ?? .null,
            "fields": .array(fields),
            // A model read from a version 1 file has neither: it writes back as it was read.
            "oversized": oversized.count != block.count
                ? nil
                : .array(oversized.map { blocks in .object(blocks.keys.sorted().map { JSONMember(StableHash.hex($0), .int(blocks[$0] ?? 0)) }) }),
            "blocks": blocks.count != block.count
                ? nil
                : .array(
                    zip(block, blocks).map { rule, given in
                        .object([
                            "block": .string(rule),
                            "fields": .array(given.fields.map { .int($0) }),
                            "u": .array(given.u.map { .array($0.map(Self.number)) }),
                        ])
                    }),
            "labels": .object(["pairs": .int(labelPairs), "matches": .int(labelMatches), "distinct": .int(labelDistinct)]),
        ])
    }

    /// The file's bytes: one JSON object and a newline.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        JSONWriter.write(json, to: &out)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    /// Writes the model whole or not at all (`ReplacementFile`): a full disk or a kill leaves an
    /// earlier model at `path` as it was.
    public func write(to path: String) throws(StageFailure) {
        try write(to: try ReplacementFile(path: path), path: path)
    }

    /// Writes the model into `file`, made beforehand (`--model-out`'s, before the input is read,
    /// so that a path that cannot be written fails first), and puts it in place.
    public func write(to file: ReplacementFile, path: String) throws(StageFailure) {
        file.sink.buffer = bytes
        do { try file.commit() } catch { throw StageFailure(.ioError, "\(path): cannot write the model: \(error)") }
    }

    /// Reads a model file: a missing file exits 66, one that cannot be read (a folder, no
    /// permission) 74 (`FileInput`), one that is not a model of this version 65.
    public static func read(path: String) throws(StageFailure) -> SavedModel {
        let data = try FileInput.contents(of: path, what: "the model")
        let value: JSONValue
        do { value = try JSONParser.parse(data) } catch {
            throw .data(source: path, line: nil, "not a model: invalid JSON: \(error)")
        }
        return try SavedModel(json: value, path: path)
    }

    public init(json value: JSONValue, path: String) throws(StageFailure) {
        func bad(_ reason: String) -> StageFailure { .data(source: path, line: nil, "not a \(Self.format) file: \(reason)") }
        guard value["format"]?.stringValue == Self.format else { throw bad("\"format\" is not \"\(Self.format)\"") }
        guard let version = value["version"]?.doubleValue, version == version.rounded(), version >= 1 else { throw bad("no \"version\"") }
        // Compared as a number: a version past Int's range (6e62) is a later one, not a crash.
        guard version <= Double(Self.version) else {
            throw .data(
                source: path, line: nil,
                "the model is of version \(JSONWriter.string(value["version"] ?? .null)); this sluice-dedupe reads version \(Self.version) and older: use the sluice-dedupe that wrote it"
            )
        }
        func strings(_ key: String) throws(StageFailure) -> [String] {
            guard case .array(let items)? = value[key] else { throw bad("no \"\(key)\" list") }
            var out: [String] = []
            for item in items {
                guard let text = item.stringValue else { throw bad("\"\(key)\" holds a \(item.typeName), not a string") }
                out.append(text)
            }
            return out
        }
        func number(_ item: JSONValue?, _ what: String) throws(StageFailure) -> Double {
            guard let number = item?.doubleValue, number.isFinite else { throw bad("\(what) is not a number") }
            return number
        }
        // m, u, the share of matches, the prior and the threshold are chances: one outside 0…1
        // (a hand edit, a damaged file) would score every pair with a weight that means nothing.
        func probability(_ item: JSONValue?, _ what: String) throws(StageFailure) -> Double {
            let value = try number(item, what)
            guard (0...1).contains(value) else { throw bad("\(what) is \(item.map(JSONWriter.string) ?? ""), not a chance between 0 and 1") }
            return value
        }
        // A compared level's m and u are a log's numerator and divisor: 0 there is a weight of
        // ±20 bits (the floor) that no run learns. The missing level (0) is never weighed.
        func weighed(_ item: JSONValue?, _ what: String, of owner: String, at: String) throws(StageFailure) -> Double {
            let chance = try probability(item, "\(what == "m" ? "an" : "a") \"\(what)\" of \(owner)")
            guard chance > 0 else { throw .data(source: path, line: nil, "\(at): \(what) must be > 0, got \(item.map(JSONWriter.string) ?? "")") }
            return chance
        }
        // The prior (lambda when there is none) of 0 or 1 makes its odds' log infinite: every pair
        // linked, or none. A run keeps both within 1e-12 and 1 - 1e-6.
        func odds(_ key: String) throws(StageFailure) -> Double {
            let chance = try probability(value[key], "\"\(key)\"")
            guard chance > 0, chance < 1 else {
                throw .data(source: path, line: nil, "\"\(key)\" must be > 0 and < 1, got \(value[key].map(JSONWriter.string) ?? "")")
            }
            return chance
        }
        compare = try strings("compare")
        block = try strings("block")
        guard case .bool(let tf)? = value["term_frequency"] else { throw bad("no \"term_frequency\" true or false") }
        termFrequency = tf
        threshold = try probability(value["threshold"], "\"threshold\"")
        lambda = try odds("lambda")
        prior = value["prior"] == .null ? nil : try odds("prior")
        guard case .array(let fields)? = value["fields"], fields.count == compare.count else {
            throw bad("\"fields\" is not a list of one entry per \"compare\"")
        }
        levelNames = []
        m = []
        u = []
        var shifts: [[Double]] = []
        var counts: [ValueCounts?] = []
        var anyShift = false
        for (index, field) in fields.enumerated() {
            guard field["compare"]?.stringValue == compare[index], case .array(let levels)? = field["levels"], levels.count >= 2 else {
                throw bad("\"fields\" entry \(index + 1) is not for \"\(compare[index])\" with its levels")
            }
            var names: [String] = [], ms: [Double] = [], us: [Double] = [], fieldShifts: [Double] = []
            for (levelIndex, level) in levels.enumerated() {
                names.append(level["level"]?.stringValue ?? "")
                if levelIndex == 0 {
                    ms.append(try probability(level["m"], "an \"m\" of \(compare[index])"))
                    us.append(try probability(level["u"], "a \"u\" of \(compare[index])"))
                } else {
                    let at = "comparison '\(compare[index])' level \(levelIndex) '\(names[levelIndex])'"
                    ms.append(try weighed(level["m"], "m", of: compare[index], at: at))
                    us.append(try weighed(level["u"], "u", of: compare[index], at: at))
                }
                if let shift = level["shift"] {
                    anyShift = true
                    let bits = try number(shift, "a \"shift\" of \(compare[index])")
                    // Labels move a level by a few bits (LabelFit's prior spread is 3): one of
                    // 1e308 was read, and two such summed to an infinite weight (`"weight":null`).
                    guard abs(bits) <= Self.largestShift else {
                        throw .data(
                            source: path, line: nil,
                            "comparison '\(compare[index])' level \(levelIndex) '\(names[levelIndex])': shift must be within ±\(Int(Self.largestShift)) bits, got \(JSONWriter.string(shift))"
                        )
                    }
                    fieldShifts.append(bits)
                } else {
                    fieldShifts.append(0)
                }
            }
            if let table = field["counts"] {
                do { counts.append(try ValueCounts(json: table)) } catch { throw bad("the \"counts\" of \(compare[index]): \(error.reason)") }
            } else {
                counts.append(nil)
            }
            levelNames.append(names)
            m.append(ms)
            u.append(us)
            shifts.append(fieldShifts)
        }
        self.shifts = anyShift ? shifts : nil
        self.counts = counts
        oversized = []
        if case .array(let rules)? = value["oversized"] {
            guard rules.count == block.count else { throw bad("\"oversized\" is not a list of one entry per \"block\"") }
            for rule in rules {
                guard case .object(let members) = rule else { throw bad("an \"oversized\" entry is not an object") }
                var sizes: [UInt64: Int] = [:]
                for member in members {
                    // A block over --max-block holds 2 records or more: a size under that (-3
                    // was read) was reported as the largest oversized block.
                    guard let key = KnownClusters.id(member.key), let size = member.value.doubleValue.flatMap({ Int(exactly: $0) }), size >= 2
                    else {
                        throw bad("an \"oversized\" block is not a 16-hex-digit key with its size (2 records or more)")
                    }
                    sizes[key] = size
                }
                oversized.append(sizes)
            }
        }
        if let given = value["blocks"] {
            guard case .array(let entries) = given, entries.count == block.count else {
                throw bad("\"blocks\" is not a list of one entry per \"block\"")
            }
            for (index, entry) in entries.enumerated() {
                func wrong() -> StageFailure { bad("\"blocks\" entry \(index + 1) is not for \"\(block[index])\" with its fields and a u per level") }
                guard entry["block"]?.stringValue == block[index], case .array(let fieldItems)? = entry["fields"],
                    case .array(let rows)? = entry["u"], rows.count == m.count
                else { throw wrong() }
                var fields: [Int] = []
                for item in fieldItems {
                    guard let field = item.doubleValue.flatMap({ Int(exactly: $0) }), field >= 0, field < m.count else { throw wrong() }
                    fields.append(field)
                }
                var u: [[Double]] = []
                for (field, row) in rows.enumerated() {
                    guard case .array(let items) = row, items.count == m[field].count else { throw wrong() }
                    var levels: [Double] = []
                    let entry = "\"blocks\" entry \(index + 1)"
                    for (level, item) in items.enumerated() {
                        let at = "\(entry) ('\(block[index])'): comparison '\(compare[field])' level \(level) '\(levelNames[field][level])'"
                        levels.append(level == 0 ? try probability(item, "a \"u\" of \(entry)") : try weighed(item, "u", of: entry, at: at))
                    }
                    u.append(levels)
                }
                blocks.append(BlockU(fields: fields, u: u))
            }
        }
        func labelCount(_ key: String) throws(StageFailure) -> Int {
            guard let given = value["labels"]?[key] else { return 0 }
            guard let count = given.doubleValue.flatMap({ Int(exactly: $0) }), count >= 0 else {
                throw bad("\"labels\" \"\(key)\" is not a count: \(JSONWriter.string(given))")
            }
            return count
        }
        labelPairs = try labelCount("pairs")
        labelMatches = try labelCount("matches")
        labelDistinct = try labelCount("distinct")
    }

    /// A usage error unless the command line compares and blocks as the model was learnt.
    public func check(specs: [ComparisonSpec], rules: [BlockingRule], termFrequency: Bool, path: String) throws(StageFailure) {
        let given = specs.map(\.text)
        guard given == compare else {
            throw .usage(
                "option '--model': \(path) was learnt for --compare \(compare.joined(separator: ",")), not \(given.joined(separator: ",")); give the same comparisons, or learn a new model"
            )
        }
        let blocks = rules.map(\.text)
        guard blocks == block else {
            throw .usage(
                "option '--model': \(path) was learnt for \(block.map { "--block " + $0 }.joined(separator: " ")), not \(blocks.map { "--block " + $0 }.joined(separator: " ")); give the same blocking rules"
            )
        }
        guard termFrequency == self.termFrequency else {
            throw .usage(
                "option '--model': \(path) was learnt \(self.termFrequency ? "with" : "with --no-tf, without") term frequencies; \(self.termFrequency ? "drop --no-tf" : "add --no-tf")"
            )
        }
        for (field, spec) in specs.enumerated() where spec.levelNames != levelNames[field] {
            throw .data(
                source: path, line: nil,
                "the levels of \(spec.text) are \(levelNames[field].joined(separator: ", ")), this sluice-dedupe's are \(spec.levelNames.joined(separator: ", "))"
            )
        }
    }
}
