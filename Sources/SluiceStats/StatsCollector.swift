/// The statistics of the whole input: every batch a `StatsSummarizer` read, merged in input
/// order, so the result is the same for any number of threads. Paths are numbered here in the
/// order the input first shows them (a summarizer's own numbering depends on which batches it
/// got) and kept as a tree: parents before children, siblings in first-seen order.
///
///     var collector = StatsCollector(limits: StatsLimits(exactValues: 16_384), selection: nil)
///     collector.merge(&summarizer)   // after each batch, in input order
///     collector.reports(records: 2084, fields: nil, top: 10)
///
/// - Complexity: O(distinct values of the batch + paths touched) per merge.
struct StatsCollector {
    let limits: StatsLimits
    private(set) var paths: PathTable
    private(set) var fields: [FieldStats] = []
    /// Per summarizer: its path numbers → ours (-1: not yet known).
    private var translations: [[Int32]] = []

    init(limits: StatsLimits, selection: Set<String>?) {
        self.limits = limits
        paths = PathTable(selection: selection)
    }

    /// Adds one batch, read by `summarizer`; batches must come in input order.
    mutating func merge(_ summarizer: inout StatsSummarizer) {
        while translations.count <= summarizer.id { translations.append([]) }
        var translation = translations[summarizer.id]
        translations[summarizer.id] = []
        if translation.count < summarizer.paths.count {
            translation.append(contentsOf: repeatElement(-1, count: summarizer.paths.count - translation.count))
        }
        translation[Int(PathTable.root)] = PathTable.root
        for local in summarizer.touched {
            let global = path(local, of: summarizer.paths, translation: &translation)
            fields[Int(global)].counts.merge(summarizer.parts[Int(local)].counts)
        }
        let table = summarizer.values
        table.arena.withUnsafeBufferPointer { arena in
            for entry in table.entries {
                let global = Int(translation[Int(entry.group)])
                let bytes = UnsafeBufferPointer(rebasing: arena[entry.offset..<(entry.offset + Int(entry.length))])
                fields[global].values.add(kind: entry.kind, bytes: bytes, hash: entry.hash, count: entry.count)
            }
        }
        translations[summarizer.id] = translation
    }

    /// Our number for a summarizer's path, registering it (and its parents) the first time.
    private mutating func path(_ local: Int32, of theirs: PathTable, translation: inout [Int32]) -> Int32 {
        let known = translation[Int(local)]
        if known >= 0 { return known }
        let parent = path(theirs.parents[Int(local)], of: theirs, translation: &translation)
        let global: Int32
        if theirs.isElement[Int(local)] {
            global = paths.element(of: parent)
        } else {
            global = Array(theirs.key(of: local)).withUnsafeBufferPointer { paths.member(of: parent, key: $0, after: -1) }
        }
        while fields.count < paths.count { fields.append(FieldStats(limits: limits)) }
        translation[Int(local)] = global
        return global
    }

    /// The fields to report: those named by `fields` in that order (a path never seen is
    /// reported empty), else every path seen, in tree order.
    func reports(records: Int, fields wanted: [String]?, top: Int) -> [FieldReport] {
        let empty = FieldStats(limits: limits)
        if let wanted {
            var byName: [String: Int32] = [:]
            for id in paths.preorder() { byName[paths.names[Int(id)]] = byName[paths.names[Int(id)]] ?? id }
            return wanted.map { name in
                let stats = byName[name].flatMap { Int($0) < fields.count ? fields[Int($0)] : nil } ?? empty
                return FieldReport(path: name, records: records, stats: stats, top: top)
            }
        }
        return paths.preorder().map { FieldReport(path: paths.names[Int($0)], records: records, stats: fields[Int($0)], top: top) }
    }

    /// The bytes held by every field's values and numbers.
    var memoryBytes: Int { fields.reduce(0) { $0 + $1.memoryBytes } }

    /// Distinct values held, for `--exact`'s report of what it kept.
    var heldValues: Int { fields.reduce(0) { $0 + ($1.values.exact?.count ?? 0) } }
}
