import SluiceCore

/// `--against` with `--model`: which known records a run must hold, so that its memory and its
/// comparisons grow with the input and the blocks it touches, not with KNOWN.
///
/// The input is read first and each record's key under every blocking rule noted. Then KNOWN
/// is read, and a known record is held when an input record can be compared with it: it shares
/// a block with one and, in a block over `--max-block` (compared by sorted neighbourhood), it is
/// within `--window` places of one in the block's order (the records between them are then held
/// too, so every place that matters is as in a run holding all of KNOWN). The rest of a held
/// record's known cluster is held as well (`KnownClusters.read`: a cluster a new record joins is
/// chain-checked with all its records, as in one run). Of every other known record the run keeps
/// its cluster id (`KnownClusters`: sizes, and the ids a new cluster must not take) and adds its
/// values to the counts equal text and name words are weighed by (`UnheldCounts`); an oversized
/// block keeps its size (`Blocker.forcedOversized`). Nothing else a run decides reads a known
/// record it does not hold (pairs of two known records are never compared), so the new records'
/// clusters, ids and merges are those of a run holding all of KNOWN.
///
///     var selection = KnownSelection(specs: specs, rules: rules, settings: settings, learntOversized: [])
///     selection.addInput(record)                 // each input record, first
///     selection.read(knownRecord, index: 0)      // every known record, in order
///     let held = selection.choose()              // the known records to hold, before their clusters
///
/// - Complexity: memory per rule 8 bytes per distinct input key and ~24 per known record sharing
///   a block with an input record (its number and the text blocks are sorted by), and per counted
///   field the distinct values (and `name` words) of KNOWN by hash, ~12 bytes each.
struct KnownSelection {
    let rules: [BlockingRule]
    let maxBlock: Int
    let window: Int
    /// The model's oversized blocks (`Blocker.learntOversized`).
    let learntOversized: [[UInt64: Int]]
    /// One block an input record is in: its input records and the known records sharing it,
    /// each with its number (in the input, or in KNOWN) and the text the block is sorted by.
    struct Block {
        var input: [(index: Int32, text: String?)] = []
        var known: [(index: Int32, text: String?)] = []
    }
    /// Per rule, the blocks of the input's keys (as `Blocker.hash(of:)`).
    var blocks: [[UInt64: Block]]
    var inputCount: Int32 = 0
    /// After `choose`: per rule, the blocks holding an input record that are over `--max-block`
    /// over all of KNOWN and the input (or in the model), with their sizes there.
    var oversized: [[UInt64: Int]]
    /// The compared fields whose counts are kept: text fields with term frequencies (values)
    /// and `name` fields (words, with or without).
    let counted: [(field: Int, spec: ComparisonSpec, values: Bool, words: Bool)]
    /// Per compared field, its counts over KNOWN (nil for a field not counted); after
    /// `removeHeld(from:)`, over the known records not held.
    var counts: [UnheldCounts?]
    /// The first text field: oversized blocks are sorted by its compared text (`FuzzyMatcher.sortRanks`).
    let sortSpec: ComparisonSpec?
    /// The top-level members the rules, counted fields and sort field read, each parsed once
    /// per record; per member, what reads it.
    let heads: [String]
    let rulesOfHead: [[Int]]
    let countedOfHead: [[Int]]
    let sortHead: Int?
    let mixedRules: [Int]

    init(specs: [ComparisonSpec], rules: [BlockingRule], settings: FuzzyMatcher.Settings, learntOversized: [[UInt64: Int]]) {
        self.rules = rules
        maxBlock = max(2, settings.maxBlock)
        window = max(1, settings.window)
        self.learntOversized = learntOversized
        blocks = rules.map { _ in [:] }
        oversized = rules.map { _ in [:] }
        let counted: [(field: Int, spec: ComparisonSpec, values: Bool, words: Bool)] = specs.enumerated().compactMap { field, spec in
            let values = settings.termFrequency && spec.method.isText, words = spec.method == .name
            return values || words ? (field, spec, values, words) : nil
        }
        self.counted = counted
        counts = specs.indices.map { field in counted.contains { $0.field == field } ? UnheldCounts() : nil }
        let sortSpec = specs.first { $0.method.isText }
        self.sortSpec = sortSpec
        func head(_ path: String) -> String { String(path.prefix { $0 != "." }) }
        var heads: [String] = []
        for path in counted.map(\.spec.path) + rules.flatMap({ $0.parts.map(\.path) }) + [sortSpec?.path].compactMap({ $0 })
        where !heads.contains(head(path)) {
            heads.append(head(path))
        }
        self.heads = heads
        rulesOfHead = heads.map { name in rules.indices.filter { rule in rules[rule].parts.allSatisfy { head($0.path) == name } } }
        countedOfHead = heads.map { name in counted.indices.filter { head(counted[$0].spec.path) == name } }
        sortHead = sortSpec.flatMap { spec in heads.firstIndex(of: head(spec.path)) }
        mixedRules = rules.indices.filter { rule in Set(rules[rule].parts.map { head($0.path) }).count > 1 }
    }

    /// Notes an input record's keys and sort text.
    mutating func addInput(_ record: NDJSONRecord) {
        let text = sortText(of: record)
        for h in heads.indices where !rulesOfHead[h].isEmpty {
            let top = record.member(named: heads[h]).map(record.value(of:))
            for rule in rulesOfHead[h] {
                let key = Blocker.hash(of: rules[rule].key { value($0, head: heads[h], top: top) })
                if key != 0 { blocks[rule][key, default: Block()].input.append((inputCount, text)) }
            }
        }
        for rule in mixedRules {
            let key = Blocker.hash(of: rules[rule].key { record.value(atPath: $0) })
            if key != 0 { blocks[rule][key, default: Block()].input.append((inputCount, text)) }
        }
        inputCount += 1
    }

    /// Reads known record number `index` (in KNOWN, from 0): noted in the input's blocks it
    /// shares, and its values counted.
    mutating func read(_ record: NDJSONRecord, index: Int32) {
        var text: String?
        var shared: [(rule: Int, key: UInt64)] = []
        for h in heads.indices {
            let given = headValue(h, of: record)
            if h == sortHead { text = given.sortText }
            for (k, rule) in rulesOfHead[h].enumerated() where given.keys[k] != 0 && blocks[rule][given.keys[k]] != nil {
                shared.append((rule, given.keys[k]))
            }
            for (k, countedIndex) in countedOfHead[h].enumerated() {
                if let hashes = given.texts[k] { counts[counted[countedIndex].field]?.add(hashes) }
            }
        }
        for rule in mixedRules {
            let key = Blocker.hash(of: rules[rule].key { record.value(atPath: $0) })
            if key != 0, blocks[rule][key] != nil { shared.append((rule, key)) }
        }
        for (rule, key) in shared { blocks[rule][key]?.known.append((index, text)) }
    }

    /// The known records an input record can be compared with (numbers in KNOWN, ascending):
    /// every known record of a block holding an input record, but in a block over `--max-block`
    /// only those within `--window` places of an input record in the order the blocker sorts it
    /// (by text, none last; then known before new, each in its order). Notes those blocks' sizes
    /// in `oversized`.
    mutating func choose() -> [Int32] {
        var held: [Int32] = []
        for rule in rules.indices {
            for (key, block) in blocks[rule] {
                let size = block.input.count + block.known.count
                let learnt = learntOversized.isEmpty ? 0 : learntOversized[rule][key] ?? 0
                guard size > maxBlock || (size > 1 && learnt > maxBlock) else {
                    held += block.known.map(\.index)
                    continue
                }
                oversized[rule][key] = size
                let members =
                    (block.known.map { (text: $0.text, isInput: false, index: $0.index) }
                    + block.input.map { (text: $0.text, isInput: true, index: $0.index) }).sorted { a, b in
                        switch (a.text, b.text) {
                        case (let x?, let y?) where x != y: return x < y
                        case (nil, _?): return false
                        case (_?, nil): return true
                        default: return (a.isInput ? 1 : 0, a.index) < (b.isInput ? 1 : 0, b.index)
                        }
                    }
                for (place, member) in members.enumerated() where member.isInput {
                    for near in max(0, place - window)...min(members.count - 1, place + window) where !members[near].isInput {
                        held.append(members[near].index)
                    }
                }
            }
        }
        held.sort()
        var unique: [Int32] = []
        for index in held where unique.last != index { unique.append(index) }
        return unique
    }

    /// Gives the matcher, once the held known records are appended and before the input's,
    /// what it needs of the others: the counts (`removeHeld(from:)`) and the oversized blocks.
    mutating func use(in matcher: inout FuzzyMatcher) {
        removeHeld(from: matcher.columns)
        matcher.blocker.forcedOversized = oversized
    }

    /// Takes the held known records out of the counts (`UnheldCounts.remove(heldBy:)`) and gives
    /// the columns what is left: once the held known records are appended, before the input's.
    mutating func removeHeld(from columns: [FieldColumn]) {
        for (field, column) in columns.enumerated() where counts[field] != nil {
            counts[field]?.remove(heldBy: column)
            column.unheld = counts[field]
        }
    }

    /// What a member's raw text gives: its keys under the rules of its head, per counted field
    /// of the head its compared text's hashes (nil: no text), and the sort field's text.
    struct HeadValue {
        var keys: [UInt64]
        var texts: [UnheldCounts.Hashes?]
        var sortText: String?
    }

    /// The results depend only on the member's raw text (as in `FuzzyMatcher.append`), so a
    /// text seen lately gives them without parsing or normalising: per head, the texts seen and
    /// what each gave, forgotten every `cacheLimit` texts so that memory stays bounded.
    private var seen: [ByteTable] = []
    private var given: [[HeadValue]] = []
    private var missing: [HeadValue?] = []
    static let cacheLimit = 1 << 16

    private mutating func headValue(_ h: Int, of record: NDJSONRecord) -> HeadValue {
        if seen.isEmpty {
            seen = heads.map { _ in ByteTable() }
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
            seen[h] = ByteTable()
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
            },
            sortText: h == sortHead ? sortSpec.flatMap { FieldColumn.comparedText(of: value($0.path, head: heads[h], top: top), $0.method) } : nil
        )
    }

    /// The compared text oversized blocks are sorted by (nil: none).
    private func sortText(of record: NDJSONRecord) -> String? {
        guard let sortSpec else { return nil }
        return FieldColumn.comparedText(of: record.value(atPath: sortSpec.path), sortSpec.method)
    }

    /// The value at `path` in a record whose member `head` (the path's first part) is `top`.
    private func value(_ path: String, head: String, top: JSONValue?) -> JSONValue? {
        let headLength = head.utf8.count
        guard path.utf8.count > headLength else { return top }
        return top?.value(atPath: path[path.utf8.index(path.startIndex, offsetBy: headLength + 1)...])
    }
}
