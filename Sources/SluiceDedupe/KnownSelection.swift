import SluiceCore

/// `--against` with `--model`: which known records a run must hold, so that its memory and its
/// comparisons grow with the input and the blocks it touches, not with KNOWN.
///
/// The input is read first and each record's key under every blocking rule noted. Then KNOWN
/// is read: a known record is held when one of its keys is an input record's (the blocks an
/// input record is compared in are then held whole), or when it is in the known cluster of
/// such a record (a cluster a new record joins is chain-checked with all its records, as in one
/// run). Of every other known record the run keeps its cluster id (`KnownClusters`: sizes, and
/// the ids a new cluster must not take) and adds its values to the counts that equal text and
/// name words are weighed by (`UnheldCounts`). Nothing else a run decides reads a known record
/// outside those blocks (pairs of two known records are never compared), so the new records'
/// clusters, ids and merges are those of a run holding all of KNOWN.
///
///     var selection = KnownSelection(specs: specs, rules: rules, termFrequency: true)
///     selection.addInput(record)                 // each input record, first
///     selection.sharesBlock(knownRecord)         // true: hold it
///     selection.count(knownRecord)               // every known record, held or not
///
/// - Complexity: memory 8 bytes per distinct input key and rule, and per counted field the
///   distinct values (and `name` words) of KNOWN by hash, ~12 bytes each.
struct KnownSelection {
    let rules: [BlockingRule]
    /// Per rule, the keys (as `Blocker.hash(of:)`) of the input's records.
    var inputKeys: [Set<UInt64>]
    /// The compared fields whose counts are kept: text fields with term frequencies (values)
    /// and `name` fields (words, with or without).
    let counted: [(field: Int, spec: ComparisonSpec, values: Bool, words: Bool)]
    /// Per compared field, its counts over KNOWN (nil for a field not counted); after
    /// `removeHeld(from:)`, over the known records not held.
    var counts: [UnheldCounts?]
    /// The top-level members the rules and counted fields read, each parsed once per record.
    let heads: [String]
    let rulesOfHead: [[Int]]
    let countedOfHead: [[Int]]
    let mixedRules: [Int]

    init(specs: [ComparisonSpec], rules: [BlockingRule], termFrequency: Bool) {
        self.rules = rules
        inputKeys = rules.map { _ in [] }
        let counted: [(field: Int, spec: ComparisonSpec, values: Bool, words: Bool)] = specs.enumerated().compactMap { field, spec in
            let values = termFrequency && spec.method.isText, words = spec.method == .name
            return values || words ? (field, spec, values, words) : nil
        }
        self.counted = counted
        counts = specs.indices.map { field in counted.contains { $0.field == field } ? UnheldCounts() : nil }
        func head(_ path: String) -> String { String(path.prefix { $0 != "." }) }
        var heads: [String] = []
        for path in counted.map(\.spec.path) + rules.flatMap({ $0.parts.map(\.path) }) where !heads.contains(head(path)) {
            heads.append(head(path))
        }
        self.heads = heads
        rulesOfHead = heads.map { name in rules.indices.filter { rule in rules[rule].parts.allSatisfy { head($0.path) == name } } }
        countedOfHead = heads.map { name in counted.indices.filter { head(counted[$0].spec.path) == name } }
        mixedRules = rules.indices.filter { rule in Set(rules[rule].parts.map { head($0.path) }).count > 1 }
    }

    /// Notes an input record's keys.
    mutating func addInput(_ record: NDJSONRecord) {
        forEachKey(of: record) { rule, key in if key != 0 { inputKeys[rule].insert(key) } }
    }

    /// Whether a known record shares a block with an input record; and its values counted.
    mutating func read(_ record: NDJSONRecord) -> Bool {
        var shares = false
        for h in heads.indices {
            let given = headValue(h, of: record)
            for (k, rule) in rulesOfHead[h].enumerated() where !shares {
                shares = given.keys[k] != 0 && inputKeys[rule].contains(given.keys[k])
            }
            for (k, index) in countedOfHead[h].enumerated() {
                if let hashes = given.texts[k] { counts[counted[index].field]?.add(hashes) }
            }
        }
        for rule in mixedRules where !shares {
            let key = Blocker.hash(of: rules[rule].key { record.value(atPath: $0) })
            shares = key != 0 && inputKeys[rule].contains(key)
        }
        return shares
    }

    /// What a member's raw text gives: its keys under the rules of its head and, per counted
    /// field of the head, its compared text's hashes (nil: no text).
    struct HeadValue {
        var keys: [UInt64]
        var texts: [UnheldCounts.Hashes?]
    }

    /// The results depend only on the member's raw text (as in `FuzzyMatcher.append`), so a
    /// text seen lately gives them without parsing or normalising: per head, the texts seen and
    /// what each gave, forgotten every `cacheLimit` texts so that memory stays bounded. On the
    /// bench's million films (175,360 distinct titles, 566,637 locations, 11,607 directors), most
    /// titles and directors are found here.
    private var seen: [ByteStringInterner] = []
    private var given: [[HeadValue]] = []
    private var missing: [HeadValue?] = []
    static let cacheLimit = 1 << 16

    private mutating func headValue(_ h: Int, of record: NDJSONRecord) -> HeadValue {
        if seen.isEmpty {
            seen = heads.map { _ in ByteStringInterner() }
            given = heads.map { _ in [] }
            missing = heads.map { _ in nil }
        }
        guard let member = record.member(named: heads[h]) else {
            if let value = missing[h] { return value }
            let value = headValue(h, top: nil)
            missing[h] = value
            return value
        }
        let (id, isNew) = seen[h].intern(record.rawValue(member))
        if !isNew { return given[h][Int(id)] }
        let value = headValue(h, top: record.value(of: member))
        given[h].append(value)
        if given[h].count >= Self.cacheLimit {
            seen[h] = ByteStringInterner()
            given[h] = []
        }
        return value
    }

    private func headValue(_ h: Int, top: JSONValue?) -> HeadValue {
        HeadValue(
            keys: rulesOfHead[h].map { rule in Blocker.hash(of: rules[rule].key { value($0, head: heads[h], top: top) }) },
            texts: countedOfHead[h].map { index in
                let (_, spec, values, words) = counted[index]
                return FieldColumn.comparedText(of: value(spec.path, head: heads[h], top: top), spec.method).map {
                    UnheldCounts.Hashes($0, values: values, words: words)
                }
            })
    }

    /// Takes the held known records out of the counts (`UnheldCounts.remove(heldBy:)`) and gives
    /// the columns what is left: once the held known records are appended, before the input's.
    mutating func removeHeld(from columns: [FieldColumn]) {
        for (field, column) in columns.enumerated() where counts[field] != nil {
            counts[field]?.remove(heldBy: column)
            column.unheld = counts[field]
        }
    }

    /// Each rule's key of a record, as the blocker holds it (0: none); as `FuzzyMatcher.append`
    /// reads it.
    private func forEachKey(of record: NDJSONRecord, _ body: (Int, UInt64) -> Void) {
        for h in heads.indices where !rulesOfHead[h].isEmpty {
            let top = record.member(named: heads[h]).map(record.value(of:))
            for rule in rulesOfHead[h] { body(rule, Blocker.hash(of: rules[rule].key { value($0, head: heads[h], top: top) })) }
        }
        for rule in mixedRules { body(rule, Blocker.hash(of: rules[rule].key { record.value(atPath: $0) })) }
    }

    /// The value at `path` in a record whose member `head` (the path's first part) is `top`.
    private func value(_ path: String, head: String, top: JSONValue?) -> JSONValue? {
        let headLength = head.utf8.count
        guard path.utf8.count > headLength else { return top }
        return top?.value(atPath: path[path.utf8.index(path.startIndex, offsetBy: headLength + 1)...])
    }
}
