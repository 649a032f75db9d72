import Dispatch
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
///   a block with an input record (its number and the text blocks are sorted by), per counted
///   field the distinct values (and `name` words) of KNOWN by hash, ~12 bytes each, and per member
///   read the last `cacheLimit` distinct texts and what each gives (`HeadCache`); each part of
///   KNOWN read on its own thread has its own caches and counts until joined (`merge`). Time: one
///   check of each known line, and the keys and compared text of each distinct text a cache misses.
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
    /// Per head, how many input records hold the member, and how many known records do (read
    /// from KNOWN; through its index, keyed under one of the head's rules): a member the input
    /// holds and no known record does links nothing through its rules (`headsKnownLacks`).
    var inputHolding: [Int]
    var knownHolding: [Int]
    /// When KNOWN's index is to be written (`KnownIndex`): what every known record read gave,
    /// its keys under every rule and its sort text, whether it shares a block with the input or not.
    var recording: KnownIndex.Records?
    /// Per head, whether a text of plain ASCII gives what it gives from its bytes alone
    /// (`noteNewASCII`): its rules' one part is the member itself, exact, a prefix or a
    /// fingerprint, and its counted fields compare its normalised text (values, no words).
    let byteHeads: [Bool]

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
        (inputHolding, knownHolding) = (heads.map { _ in 0 }, heads.map { _ in 0 })
        byteHeads = heads.indices.map { [rulesOfHead, countedOfHead] h in
            rulesOfHead[h].allSatisfy { rule in
                rules[rule].parts.count == 1 && rules[rule].parts[0].path == heads[h] && BlockingRule.hasASCIIKey(rules[rule].parts[0].transform)
            }
                && countedOfHead[h].allSatisfy { index in
                    counted[index].spec.path == heads[h] && !counted[index].words && FieldColumn.comparesNormalizedText(counted[index].spec.method)
                }
        }
    }

    /// Notes an input record's keys and sort text.
    mutating func addInput(_ record: NDJSONRecord) {
        let text = sortText(of: record)
        for h in heads.indices where !rulesOfHead[h].isEmpty {
            let top = record.member(named: heads[h]).map(record.value(of:))
            if top != nil { inputHolding[h] += 1 }
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

    /// Reads known record number `index` (in KNOWN, from 0), a record already checked: noted
    /// in the input's blocks it shares, and its values counted. (`KnownClusters.read` gives
    /// the line and its members instead, found as the line is checked.)
    mutating func read(_ record: NDJSONRecord, index: Int32) {
        read(line: record.bytes, members: record.firstMembers(named: headKeys), index: index)
    }

    /// The UTF-8 of `heads`: the first members `read(line:members:index:)` is given.
    var headKeys: [[UInt8]] { heads.map { Array($0.utf8) } }

    /// Reads known record number `index` from its checked line and the first member named by
    /// each of `heads` (`members[h]`, nil where there is none; more may follow, unread): the
    /// same as `read(_:index:)`, without a member list or a parse of any member's text seen
    /// lately. Per head, the member's text is looked up among those seen lately (`HeadCache`),
    /// and only the block keys an input record has are kept of what it gives.
    mutating func read(line: UnsafeBufferPointer<UInt8>, members: [NDJSONRecord.Member?], index: Int32) {
        if caches.isEmpty {
            caches = heads.map { _ in HeadCache() }
            ids = [Int32](repeating: 0, count: heads.count)
        }
        var shared = false
        for h in heads.indices {
            if members[h] != nil { knownHolding[h] += 1 }
            let raw = members[h].map { UnsafeBufferPointer(rebasing: line[$0.value]) } ?? UnsafeBufferPointer(start: nil, count: 0)
            var (id, isNew) = caches[h].seen.intern(raw)
            if isNew { id = noteNew(h, raw: raw) }
            caches[h].times[Int(id)] += 1
            ids[h] = id
            let ruleCount = rulesOfHead[h].count
            for k in 0..<ruleCount where caches[h].keys[Int(id) * ruleCount + k] != 0 { shared = true }
        }
        if shared || !mixedRules.isEmpty { noteShared(line: line, members: members, index: index) }
        if recording != nil { record(line: line, members: members) }
    }

    /// Notes in `recording` the last record's keys under every rule and its sort text.
    private mutating func record(line: UnsafeBufferPointer<UInt8>, members: [NDJSONRecord.Member?]) {
        // A record's keys in scratch space, not an array made for each of a million records.
        var keys = recordKeys.count == rules.count ? recordKeys : [UInt64](repeating: 0, count: rules.count)
        recordKeys = []
        defer { recordKeys = keys }
        for h in heads.indices {
            let ruleCount = rulesOfHead[h].count
            for (k, rule) in rulesOfHead[h].enumerated() { keys[rule] = caches[h].fullKeys[Int(ids[h]) * ruleCount + k] }
        }
        if !mixedRules.isEmpty {
            let tops = heads.indices.map { h in members[h].map { (try? JSONParser.parse(UnsafeBufferPointer(rebasing: line[$0.value]))) ?? .null } }
            for rule in mixedRules {
                keys[rule] = Blocker.hash(
                    of: rules[rule].key { path in heads.firstIndex(of: head(path)).flatMap { value(path, head: heads[$0], top: tops[$0]) } })
            }
        }
        let text = sortHead.flatMap { sortText(of: $0) }
        recording?.append(keys: keys, sortText: text)
    }

    /// Notes every known record an index holds (`KnownIndex`: all of KNOWN, or the part of it
    /// the index stands for) in the input's blocks it shares, as reading their lines would,
    /// and takes the index's counts.
    mutating func noteIndexed(_ records: KnownIndex.Records, counts indexCounts: [UnheldCounts?]) {
        counts = indexCounts
        let ruleCount = records.ruleCount
        records.keys.withUnsafeBufferPointer { keys in
            for record in 0..<records.count {
                for h in heads.indices where rulesOfHead[h].contains(where: { keys[record * ruleCount + $0] != 0 }) { knownHolding[h] += 1 }
                var text: String??  // made once, for the first block it shares
                for rule in 0..<ruleCount {
                    let key = keys[record * ruleCount + rule]
                    guard key != 0, blocks[rule].index(forKey: key) != nil else { continue }
                    let sortText = text ?? records.sortText(of: record)
                    text = .some(sortText)
                    blocks[rule][key]?.known.append((Int32(record), sortText))
                }
            }
        }
    }

    /// Notes known record `index` in the input's blocks it shares (`ids`: per head, its text's
    /// number in the head's cache), with the text the blocks are sorted by.
    private mutating func noteShared(line: UnsafeBufferPointer<UInt8>, members: [NDJSONRecord.Member?], index: Int32) {
        var shared: [(rule: Int, key: UInt64)] = []
        for h in heads.indices {
            let ruleCount = rulesOfHead[h].count
            for (k, rule) in rulesOfHead[h].enumerated() {
                let key = caches[h].keys[Int(ids[h]) * ruleCount + k]
                if key != 0 { shared.append((rule, key)) }
            }
        }
        if !mixedRules.isEmpty {
            // A rule over several members: each part's value from its member's parsed text (rare).
            let tops = heads.indices.map { h in members[h].map { (try? JSONParser.parse(UnsafeBufferPointer(rebasing: line[$0.value]))) ?? .null } }
            for rule in mixedRules {
                let key = Blocker.hash(
                    of: rules[rule].key { path in heads.firstIndex(of: head(path)).flatMap { value(path, head: heads[$0], top: tops[$0]) } })
                if key != 0, blocks[rule][key] != nil { shared.append((rule, key)) }
            }
        }
        guard !shared.isEmpty else { return }
        let text = sortHead.flatMap { sortText(of: $0) }
        // (Every key here is a block of the input's: `default` is never used, and appends in place.)
        for (rule, key) in shared { blocks[rule][key, default: Block()].known.append((index, text)) }
    }

    /// Gives the counts what the known records read since the last time added, per text seen
    /// (`HeadCache.times`): at the end of KNOWN, and before a head's cache is emptied.
    private mutating func addTimes(of h: Int) {
        let countedCount = countedOfHead[h].count
        guard countedCount > 0, h < caches.count else { return }
        // Taken out of the cache while read: an element read through `caches[h]` in the loop
        // copied the whole cache (its five arrays retained and released) for every text.
        var times = caches[h].times
        let hashes = caches[h].hashes
        caches[h].times = []
        for id in times.indices where times[id] > 0 {
            for (k, countedIndex) in countedOfHead[h].enumerated() {
                if let hashes = hashes[id * countedCount + k] { counts[counted[countedIndex].field]?.add(hashes, times: times[id]) }
            }
            times[id] = 0
        }
        caches[h].times = times
    }

    /// Ends the reading of a part of KNOWN (`KnownClusters.scan`): the caches' counts given to
    /// `counts`, the caches let go.
    mutating func finishReading() {
        for h in caches.indices { addTimes(of: h) }
        caches = []
        ids = []
    }

    /// Adds what `part` read (after this one's records, and `finishReading`): its counts, and
    /// the known records it noted in the input's blocks, numbered from `indexBase` on.
    mutating func merge(_ part: KnownSelection, indexBase: Int32) {
        for h in knownHolding.indices { knownHolding[h] += part.knownHolding[h] }
        for field in counts.indices {
            if let other = part.counts[field] { counts[field]?.add(other) }
        }
        if let records = part.recording { recording?.append(records) }
        for rule in blocks.indices {
            for (key, block) in part.blocks[rule] where !block.known.isEmpty {
                blocks[rule][key]?.known += block.known.map { (index: $0.index + indexBase, text: $0.text) }
            }
        }
    }

    /// The members the rules read that input records hold and no known record does, each with
    /// its rules' texts: KNOWN lacks the field (a table exported by `sluice-load --export`
    /// without `--nest` for it has `address_key` for `address.key`), so none of KNOWN is
    /// compared through those rules.
    ///
    ///     selection.headsKnownLacks()   // [(member: "address", rules: ["address.key"])]
    func headsKnownLacks() -> [(member: String, rules: [String])] {
        heads.indices.compactMap { h in
            guard !rulesOfHead[h].isEmpty, inputHolding[h] > 0, knownHolding[h] == 0 else { return nil }
            return (heads[h], rulesOfHead[h].map { rules[$0].text })
        }
    }

    /// The known records an input record can be compared with (numbers in KNOWN, ascending):
    /// every known record of a block holding an input record, but in a block over `--max-block`
    /// only those within `--window` places of an input record in the order the blocker sorts it
    /// (by text, none last; then known before new, each in its order). Notes those blocks' sizes
    /// in `oversized`.
    mutating func choose() -> [Int32] {
        for h in caches.indices { addTimes(of: h) }
        var held: [Int32] = []
        var sorted: [Block] = []
        for rule in rules.indices {
            for (key, block) in blocks[rule] {
                let size = block.input.count + block.known.count
                let learnt = learntOversized.isEmpty ? 0 : learntOversized[rule][key] ?? 0
                guard size > maxBlock || (size > 1 && learnt > maxBlock) else {
                    held += block.known.map(\.index)
                    continue
                }
                oversized[rule][key] = size
                sorted.append(block)
            }
        }
        // The oversized blocks are sorted (by text: most of this function's time) on every
        // core, each on its own; what each gives is joined below, in any order, then sorted.
        let (window, oversizedBlocks) = (window, sorted)
        let near = UnsafeMutableBufferPointer<[Int32]>.allocate(capacity: sorted.count)
        near.initialize(repeating: [])
        defer { near.deinitialize().deallocate() }
        nonisolated(unsafe) let results = near
        DispatchQueue.concurrentPerform(iterations: sorted.count) { k in results[k] = Self.near(oversizedBlocks[k], window: window) }
        for part in near { held += part }
        held.sort()
        var unique: [Int32] = []
        for index in held where unique.last != index { unique.append(index) }
        return unique
    }

    /// The known records of an oversized block within `window` places of an input record, in
    /// the order the blocker sorts it (by text, none last; then known before new, each in its order).
    static func near(_ block: Block, window: Int) -> [Int32] {
        // Each text's first 8 bytes, big-endian, when it is ASCII (where byte order is String
        // order): most pairs are told apart by one integer compare, not two String compares
        // (most of this function's time); the others, and any text beyond ASCII, as Strings.
        func prefix(_ text: String?) -> UInt64? {
            guard var text, text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            return text.withUTF8 { bytes in
                var key: UInt64 = 0
                for k in 0..<8 { key = key << 8 | UInt64(k < bytes.count ? bytes[k] : 0) }
                return key
            }
        }
        let members =
            (block.known.map { (text: $0.text, prefix: prefix($0.text), isInput: false, index: $0.index) }
            + block.input.map { (text: $0.text, prefix: prefix($0.text), isInput: true, index: $0.index) }).sorted { a, b in
                // A shorter ASCII text is padded with zeros, below every byte it could hold next:
                // different keys order as the texts do.
                if let p = a.prefix, let q = b.prefix, p != q { return p < q }
                switch (a.text, b.text) {
                case (let x?, let y?) where x != y: return x < y
                case (nil, _?): return false
                case (_?, nil): return true
                default: return (a.isInput ? 1 : 0, a.index) < (b.isInput ? 1 : 0, b.index)
                }
            }
        var held: [Int32] = []
        for (place, member) in members.enumerated() where member.isInput {
            for near in max(0, place - window)...min(members.count - 1, place + window) where !members[near].isInput {
                held.append(members[near].index)
            }
        }
        return held
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

    /// Per head, the member texts seen lately (their JSON text; empty for a record without the
    /// member: a member's text never is) and what each gives, by its number in `seen`: its
    /// keys under the head's rules (`rulesOfHead[h].count` a text; 0 where no input record has
    /// the block: a known record is noted only in the blocks of the input), per counted field
    /// of the head the hashes its compared text adds to the counts (nil: no text), the sort
    /// field's text (nil until a record holding it shares a block: most never do), and the
    /// known records that held it since the counts were given them.
    ///
    /// The results depend only on the member's text (as in `FuzzyMatcher.append`), so a text
    /// seen lately gives them without a parse or normalising, and a known record adds 1 to an
    /// array rather than its hashes to the counts' dictionaries. Forgotten every `cacheLimit`
    /// texts, after their counts are given, so that memory stays bounded.
    struct HeadCache {
        var seen = ByteTable()
        var keys: [UInt64] = []
        /// The keys unmasked (`recording` only): every block, not only the input's.
        var fullKeys: [UInt64] = []
        var hashes: [UnheldCounts.Hashes?] = []
        var sortTexts: [String??] = []
        var times: [Int32] = []

        /// Forgets every text, keeping the storage (the next texts fill it again).
        mutating func removeAll() {
            seen.removeAll()
            keys.removeAll(keepingCapacity: true)
            fullKeys.removeAll(keepingCapacity: true)
            hashes.removeAll(keepingCapacity: true)
            sortTexts.removeAll(keepingCapacity: true)
            times.removeAll(keepingCapacity: true)
        }
    }
    private var caches: [HeadCache] = []
    /// `noteNewASCII`'s scratch space: a text's normalised bytes and its key's, and a key's words.
    private var scratch: [UInt8] = []
    private var scratchWords: [Range<Int>] = []
    /// The last record's texts' numbers, per head.
    private var ids: [Int32] = []
    /// `record`'s scratch space: a record's key under each rule.
    private var recordKeys: [UInt64] = []
    static let cacheLimit = 1 << 16

    /// Notes what a text new to head `h`'s cache gives; returns its number there (0 after the
    /// cache is emptied to make room).
    private mutating func noteNew(_ h: Int, raw: UnsafeBufferPointer<UInt8>) -> Int32 {
        if caches[h].times.count >= Self.cacheLimit {
            addTimes(of: h)
            caches[h].removeAll()
            _ = caches[h].seen.intern(raw)
        }
        caches[h].sortTexts.append(nil)
        caches[h].times.append(0)
        if byteHeads[h], noteNewASCII(h, raw: raw) { return Int32(caches[h].times.count - 1) }
        let head = heads[h]
        let top: JSONValue? = raw.isEmpty ? nil : ((try? JSONParser.parse(raw)) ?? .null)
        // Each path's normalised text, once: a rule's key, a counted field and the sort field
        // of the same member normalise the same text.
        var normalized: [(path: String, text: String?)] = []
        func normalizedText(_ path: String) -> String? {
            if let known = normalized.first(where: { $0.path == path }) { return known.text }
            let text = TextNormalizer.text(of: value(path, head: head, top: top)).flatMap(TextNormalizer.normalize)
            normalized.append((path, text))
            return text
        }
        for rule in rulesOfHead[h] {
            let key = Blocker.hash(
                of: rules[rule].key { part in
                    if case .geohash = part.transform { return BlockingRule.apply(part.transform, to: value(part.path, head: head, top: top)) }
                    return BlockingRule.apply(part.transform, normalized: normalizedText(part.path))
                })
            caches[h].keys.append(key != 0 && blocks[rule].index(forKey: key) != nil ? key : 0)
            if recording != nil { caches[h].fullKeys.append(key) }
        }
        for index in countedOfHead[h] {
            let (_, spec, values, words) = counted[index]
            let text = FieldColumn.comparedText(of: value(spec.path, head: head, top: top), spec.method) { normalizedText(spec.path) }
            caches[h].hashes.append(text.map { UnheldCounts.Hashes($0, values: values, words: words) })
        }
        return Int32(caches[h].times.count - 1)
    }

    /// `noteNew`'s work from the bytes of a JSON string of ASCII without escapes (nearly every
    /// text), for a head of `byteHeads`: normalised, keyed and hashed in scratch space, with no
    /// parse and no String (the same keys and hashes: `TextNormalizer.normalizeASCII`,
    /// `BlockingRule.fingerprintASCII`, the hashes of their Strings). False for any other text,
    /// before anything is noted: `noteNew` reads it.
    private mutating func noteNewASCII(_ h: Int, raw: UnsafeBufferPointer<UInt8>) -> Bool {
        guard raw.count >= 2, raw[0] == UInt8(ascii: "\""), raw[raw.count - 1] == UInt8(ascii: "\"") else { return false }
        let text = UnsafeBufferPointer(rebasing: raw[1..<(raw.count - 1)])
        guard !text.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "\\") }) else { return false }
        // The scratch space is taken out while it is written, so the rest of `self` can be.
        var space = scratch.count >= 2 * text.count ? scratch : [UInt8](repeating: 0, count: max(256, 2 * text.count))
        var words = scratchWords
        (scratch, scratchWords) = ([], [])
        defer { (scratch, scratchWords) = (space, words) }
        var hashes: UnheldCounts.Hashes?  // nil: nothing left once normalised, as `normalize` gives nil
        let recordsKeys = recording != nil
        space.withUnsafeMutableBufferPointer { space in
            let normalizedSpace = UnsafeMutableBufferPointer(rebasing: space[0..<text.count])
            let keySpace = UnsafeMutableBufferPointer(rebasing: space[text.count..<(2 * text.count)])
            let count = TextNormalizer.normalizeASCII(text, into: normalizedSpace)
            let normalized = UnsafeBufferPointer(rebasing: normalizedSpace[0..<count])
            if count > 0 { hashes = UnheldCounts.Hashes(value: StableHash.of(normalized)) }
            for rule in rulesOfHead[h] {
                let key = BlockingRule.keyHashASCII(rules[rule].parts[0].transform, normalized: normalized, scratch: keySpace, words: &words)
                caches[h].keys.append(key != 0 && blocks[rule].index(forKey: key) != nil ? key : 0)
                if recordsKeys { caches[h].fullKeys.append(key) }
            }
        }
        for _ in countedOfHead[h] { caches[h].hashes.append(hashes) }
        return true
    }

    /// The sort field's compared text of head `h`'s text of the last record read (`ids[h]`),
    /// made the first time a record holding it shares a block, then remembered.
    private mutating func sortText(of h: Int) -> String? {
        let id = ids[h]
        if let known = caches[h].sortTexts[Int(id)] { return known }
        let raw = Array(caches[h].seen.bytes(of: id))
        let top: JSONValue? = raw.isEmpty ? nil : ((try? JSONParser.parse(raw)) ?? .null)
        let text = sortSpec.flatMap { spec in FieldColumn.comparedText(of: value(spec.path, head: heads[h], top: top), spec.method) }
        caches[h].sortTexts[Int(id)] = .some(text)
        return text
    }

    /// The compared text oversized blocks are sorted by (nil: none).
    private func sortText(of record: NDJSONRecord) -> String? {
        guard let sortSpec else { return nil }
        return FieldColumn.comparedText(of: record.value(atPath: sortSpec.path), sortSpec.method)
    }

    /// A path's first part: the top-level member it reads.
    private func head(_ path: String) -> String { String(path.prefix { $0 != "." }) }

    /// The value at `path` in a record whose member `head` (the path's first part) is `top`.
    private func value(_ path: String, head: String, top: JSONValue?) -> JSONValue? {
        let headLength = head.utf8.count
        guard path.utf8.count > headLength else { return top }
        return top?.value(atPath: path[path.utf8.index(path.startIndex, offsetBy: headLength + 1)...])
    }
}
