import SluiceCore

/// Labels tied to the records of this input: each answered pair as two record numbers, the
/// last answer about a pair winning. Labels naming a record the input does not hold (another
/// file, a record since removed) are counted and left out.
///
///     let resolved = LabelledPairs(labels: labels, facts: facts)
///     resolved.pairs        // [(a: 2, b: 8, match: true, line: 1), …]  (record numbers from 0)
///     resolved.unresolved   // [7]: line 7 names a record that is not in the input
///
/// - Complexity: O(records + labels); memory one dictionary entry per record named by a label.
public struct LabelledPairs: Sendable {
    public struct Pair: Equatable, Sendable {
        public var a: Int32
        public var b: Int32
        public var match: Bool
        public var line: Int

        public init(a: Int32, b: Int32, match: Bool, line: Int) {
            self.a = a
            self.b = b
            self.match = match
            self.line = line
        }
    }

    /// Pairs answered `match` or `distinct`, a < b, in the order of their last answer.
    public private(set) var pairs: [Pair] = []
    /// Every answered pair (`unsure` too), as `LabelledPairs.key(a, b)`: not suggested again.
    public private(set) var answered: Set<UInt64> = []
    public private(set) var unsure = 0
    /// The lines whose records are not both in the input, and those naming one record twice.
    public private(set) var unresolved: [Int] = []
    /// Names that more than one input record answers to (the first record is taken).
    public private(set) var ambiguous = 0

    public init() {}

    public init(labels: Labels, facts: RecordFacts) {
        let byId = facts.idPath != nil
        // The hash each reference names a record by; {"record":N} names the N-th record.
        func name(_ reference: JSONValue) -> (hash: UInt64, record: Int?) {
            if !byId, let number = Self.recordNumber(reference) { return (0, number - 1) }
            return (Self.hash(reference, byId: byId), nil)
        }
        let names = labels.labels.map { (name($0.a), name($0.b)) }
        var wanted = Set(names.flatMap { [$0.0.hash, $0.1.hash] })
        wanted.remove(0)
        var recordOf: [UInt64: Int32] = [:]
        let keys = byId ? facts.ids : facts.identity
        for (record, key) in keys.enumerated() where wanted.contains(key) {
            if recordOf[key] == nil { recordOf[key] = Int32(record) } else { ambiguous += 1 }
        }
        func record(_ name: (hash: UInt64, record: Int?)) -> Int32? {
            if let number = name.record { return (0..<facts.count).contains(number) ? Int32(number) : nil }
            return recordOf[name.hash]
        }
        var latest: [UInt64: (answer: Labels.Answer, line: Int, order: Int)] = [:]
        for (order, (label, pair)) in zip(labels.labels, names).enumerated() {
            guard let x = record(pair.0), let y = record(pair.1), x != y else {
                unresolved.append(label.line)
                continue
            }
            latest[Self.key(Int(x), Int(y))] = (label.answer, label.line, order)
        }
        for (key, last) in latest.sorted(by: { $0.value.order < $1.value.order }) {
            answered.insert(key)
            guard last.answer != .unsure else {
                unsure += 1
                continue
            }
            pairs.append(Pair(a: Int32(key >> 32), b: Int32(key & 0xFFFF_FFFF), match: last.answer == .match, line: last.line))
        }
    }

    /// Adds or replaces the answer about one pair (the labelling loop's new answers).
    public mutating func record(_ a: Int, _ b: Int, _ answer: Labels.Answer, line: Int) {
        let key = Self.key(a, b)
        answered.insert(key)
        pairs.removeAll { Self.key(Int($0.a), Int($0.b)) == key }
        if answer == .unsure {
            unsure += 1
        } else {
            pairs.append(Pair(a: Int32(key >> 32), b: Int32(key & 0xFFFF_FFFF), match: answer == .match, line: line))
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
