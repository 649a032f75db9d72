import SluiceCore

/// Labels tied to the records of this input: each answered pair as two record numbers. In one
/// file the last answer about a pair wins (a person changing their mind); between files (several
/// `--labels`) `match` against `distinct` is a disagreement, said, and `distinct` wins (the rule
/// of `AnsweredDistinct`); `unsure` gives way to either. Labels naming a record the input does
/// not hold (another file, a record since removed) are counted and left out.
///
///     let resolved = try LabelledPairs(labels: [labels], facts: facts)
///     resolved.pairs        // [(a: 2, b: 8, match: true, line: 1), …]  (record numbers from 0)
///     resolved.unresolved   // [7]: line 7 names a record that is not in the input
///
/// - Complexity: O(records + labels); memory one dictionary entry per record named by a label.
public struct LabelledPairs: Sendable {
    public struct Pair: Equatable, Sendable {
        public var a: Int32
        public var b: Int32
        public var match: Bool
        /// The line of the answer in its file (from 1; 0 for one given in this run by `--label`).
        public var line: Int
        /// Which file of `files` the answer is in.
        public var file: Int

        public init(a: Int32, b: Int32, match: Bool, line: Int, file: Int = 0) {
            self.a = a
            self.b = b
            self.match = match
            self.line = line
            self.file = file
        }
    }

    /// The same pair answered `match` in one file and `distinct` in another.
    public struct Disagreement: Equatable, Sendable {
        public var match: Pair
        public var distinct: Pair
    }

    /// The labels files read, in the order given.
    public private(set) var files: [String] = []
    /// Pairs answered `match` or `distinct`, a < b, in the order of their last answer.
    public private(set) var pairs: [Pair] = []
    /// Every answered pair (`unsure` too), as `LabelledPairs.key(a, b)`: not suggested again.
    public private(set) var answered: Set<UInt64> = []
    public private(set) var unsure = 0
    /// The lines whose records are not both in the input, and those naming one record twice.
    public private(set) var unresolved: [(file: Int, line: Int)] = []
    /// Names that more than one input record answers to (the first record is taken).
    public private(set) var ambiguous = 0
    /// Pairs answered differently by two files (`distinct` kept).
    public private(set) var disagreements: [Disagreement] = []

    public init() {}

    public init(labels: Labels, facts: RecordFacts) throws { try self.init(labels: [labels], facts: facts) }

    public init(labels files: [Labels], facts: RecordFacts) throws {
        self.files = files.map(\.path)
        let byId = facts.idPath != nil
        // The hash each reference names a record by; {"record":N} names the N-th record.
        func name(_ reference: JSONValue) -> (hash: UInt64, record: Int?) {
            if !byId, let number = Self.recordNumber(reference) { return (0, number - 1) }
            return (Self.hash(reference, byId: byId), nil)
        }
        let names = files.map { $0.labels.map { (name($0.a), name($0.b)) } }
        var wanted = Set(names.joined().flatMap { [$0.0.hash, $0.1.hash] })
        wanted.remove(0)
        var recordOf: [UInt64: Int32] = [:]
        // (Identities are read back from disk only when some label names a record by them.)
        let keys = wanted.isEmpty ? [] : byId ? facts.ids : try facts.identities()
        for (record, key) in keys.enumerated() where wanted.contains(key) {
            if recordOf[key] == nil { recordOf[key] = Int32(record) } else { ambiguous += 1 }
        }
        func record(_ name: (hash: UInt64, record: Int?)) -> Int32? {
            if let number = name.record { return (0..<facts.count).contains(number) ? Int32(number) : nil }
            return recordOf[name.hash]
        }
        var kept: [UInt64: (answer: Labels.Answer, line: Int, file: Int, order: Int)] = [:]
        var order = 0
        for (file, (labels, names)) in zip(files, names).enumerated() {
            var latest: [UInt64: (answer: Labels.Answer, line: Int, order: Int)] = [:]
            for (label, pair) in zip(labels.labels, names) {
                guard let x = record(pair.0), let y = record(pair.1), x != y else {
                    unresolved.append((file, label.line))
                    continue
                }
                latest[Self.key(Int(x), Int(y))] = (label.answer, label.line, order)
                order += 1
            }
            for (key, answer) in latest.sorted(by: { $0.value.order < $1.value.order }) {
                let new = (answer.answer, answer.line, file, answer.order)
                guard let old = kept[key], old.answer != answer.answer, answer.answer != .unsure else {
                    if kept[key] == nil || answer.answer != .unsure { kept[key] = new }
                    continue
                }
                if old.answer == .unsure {
                    kept[key] = new
                    continue
                }
                let pair = { (answer: (answer: Labels.Answer, line: Int, file: Int, order: Int)) in
                    Pair(a: Int32(key >> 32), b: Int32(key & 0xFFFF_FFFF), match: answer.answer == .match, line: answer.line, file: answer.file)
                }
                let (match, distinct) = old.answer == .match ? (pair(old), pair(new)) : (pair(new), pair(old))
                disagreements.append(Disagreement(match: match, distinct: distinct))
                kept[key] = old.answer == .distinct ? old : new
            }
        }
        for (key, last) in kept.sorted(by: { $0.value.order < $1.value.order }) {
            answered.insert(key)
            guard last.answer != .unsure else {
                unsure += 1
                continue
            }
            pairs.append(
                Pair(a: Int32(key >> 32), b: Int32(key & 0xFFFF_FFFF), match: last.answer == .match, line: last.line, file: last.file))
        }
    }

    /// Where an answer is, as a diagnostic names it: `labels.ndjson:3`, or `--label` for one
    /// given in this run.
    public func place(of pair: Pair) -> String {
        pair.line == 0 || !files.indices.contains(pair.file) ? "--label" : "\(files[pair.file]):\(pair.line)"
    }

    /// Adds or replaces the answer about one pair (the labelling loop's new answers).
    public mutating func record(_ a: Int, _ b: Int, _ answer: Labels.Answer, line: Int, file: Int = 0) {
        let key = Self.key(a, b)
        answered.insert(key)
        pairs.removeAll { Self.key(Int($0.a), Int($0.b)) == key }
        if answer == .unsure {
            unsure += 1
        } else {
            pairs.append(Pair(a: Int32(key >> 32), b: Int32(key & 0xFFFF_FFFF), match: answer == .match, line: line, file: file))
        }
    }

    public var matches: Int { pairs.count { $0.match } }
    public var distinct: Int { pairs.count { !$0.match } }

    /// One number for an unordered pair of records.
    @inline(__always)
    public static func key(_ a: Int, _ b: Int) -> UInt64 {
        let (low, high) = a < b ? (a, b) : (b, a)
        return UInt64(low) << 32 | UInt64(high)
    }

    /// The hash a record answers to: its provenance's compact JSON text (as `RecordFacts`
    /// hashes it), or with `--id` the field's text.
    static func hash(_ reference: JSONValue, byId: Bool) -> UInt64 {
        if byId { return TextNormalizer.text(of: reference).map { StableHash.of($0) } ?? 0 }
        return StableHash.of(JSONWriter.string(reference))
    }

    /// N of `{"record":N}`.
    static func recordNumber(_ reference: JSONValue) -> Int? {
        guard case .object(let members) = reference, members.count == 1, members[0].key == "record" else { return nil }
        return members[0].value.doubleValue.flatMap { $0 >= 1 && $0 == $0.rounded() && $0 < 1e12 ? Int($0) : nil }
    }
}
