import SluiceCore

/// Reads one batch of records on a worker thread into per-path counts: each line is checked and
/// tokenised by the core's parser, then every value is counted under its path (`a.b`, `a[]`).
/// The batch's counts and distinct values are merged afterwards, in input order, by
/// `StatsCollector`; paths are numbered by this summarizer and translated there.
///
///     var summarizer = StatsSummarizer(id: 0, selection: nil)
///     summarizer.startBatch()
///     try summarizer.add(line, line: 1)   // {"a":{"b":[1,"x"]}}: a, a.b, a.b[] (number, string)
///
/// - Complexity: O(bytes) per record; memory is the batch's distinct values.
struct StatsSummarizer: RecordSummarizer {
    /// One path's share of the batch.
    struct Part {
        var counts = FieldCounts()
        /// The batch it belongs to: older parts are reset when touched again.
        var batch = -1
        var lastRecord = -1
        /// The entry of the path's last value in the batch's table, with its length or number:
        /// a repeat is counted without hashing it again.
        var lastValue = -1
        var lastLength = 0
        var lastNumber = 0.0
    }

    /// Which summarizer this is, so the collector keeps one path translation per summarizer.
    let id: Int
    private(set) var paths: PathTable
    private(set) var parts: [Part] = []
    /// The paths with values in this batch, in the order first seen.
    private(set) var touched: [Int32] = []
    /// The batch's distinct values, grouped by path.
    private(set) var values = ValueTable(capacity: 4096)
    private let tokens = JSONTokens()
    private var batch = -1
    private var record = 0
    private var stack: [(node: Int32, previous: Int32)] = []

    init(id: Int, selection: Set<String>?) {
        self.id = id
        paths = PathTable(selection: selection)
    }

    mutating func startBatch() {
        batch += 1
        touched.removeAll(keepingCapacity: true)
        values.removeAll()
    }

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) throws(RecordError) {
        try tokens.read(record: bytes)
        record += 1
        // A record adds at most one path per token: make room first, so that the walk can count
        // through a pointer instead of checking the array at every value.
        let needed = paths.count + tokens.count
        if parts.count < needed { parts.append(contentsOf: repeatElement(Part(), count: needed - parts.count)) }
        var parts = self.parts
        self.parts = []
        parts.withUnsafeMutableBufferPointer { walk(tokens.tokens, bytes, line: line, parts: $0) }
        self.parts = parts
    }

    /// Counts every value of one record under its path; containers are walked into only when a
    /// reported path lies below them.
    private mutating func walk(
        _ tokens: UnsafeBufferPointer<JSONTokens.Token>, _ bytes: UnsafeBufferPointer<UInt8>, line: Int, parts: UnsafeMutableBufferPointer<Part>
    ) {
        stack.removeAll(keepingCapacity: true)
        stack.append((PathTable.root, -1))
        var index = 1
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .objectEnd || token.kind == .arrayEnd {
                stack.removeLast()
                index += 1
                continue
            }
            let top = stack.count - 1
            let id: Int32
            if token.isMember {
                let key = UnsafeBufferPointer(rebasing: bytes[Int(token.keyStart)..<Int(token.keyEnd)])
                if token.keyEscaped {
                    var decoded = JSONParser.unescape(key)
                    id = decoded.withUTF8 { paths.member(of: stack[top].node, key: $0, after: stack[top].previous) }
                } else {
                    id = paths.member(of: stack[top].node, key: key, after: stack[top].previous)
                }
                stack[top].previous = id
            } else {
                id = paths.element(of: stack[top].node)
            }
            if paths.isSelected[Int(id)] { count(token, at: index, path: id, bytes, line: line, parts: parts) }
            if token.kind == .objectStart || token.kind == .arrayStart {
                if paths.leadsToSelected[Int(id)] {
                    stack.append((id, -1))
                    index += 1
                } else {
                    index = Int(token.end) + 1
                }
            } else {
                index += 1
            }
        }
    }

    /// Counts one value at its path.
    @inline(__always)
    private mutating func count(
        _ token: JSONTokens.Token, at index: Int, path id: Int32, _ bytes: UnsafeBufferPointer<UInt8>, line: Int,
        parts: UnsafeMutableBufferPointer<Part>
    ) {
        let slot = Int(id)
        if parts[slot].batch != batch {
            parts[slot].counts.removeAll()
            parts[slot].batch = batch
            parts[slot].lastRecord = -1
            parts[slot].lastValue = -1
            touched.append(id)
        }
        if parts[slot].lastRecord != record {
            parts[slot].lastRecord = record
            parts[slot].counts.records += 1
        }
        // A scalar's text; a container's `end` is the index of its end token.
        let text =
            token.kind.rawValue >= JSONTokens.Token.Kind.string.rawValue
            ? UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)]) : UnsafeBufferPointer(rebasing: bytes[0..<0])
        switch token.kind {
        case .string:
            if token.escaped {
                var decoded = JSONParser.unescape(text)
                decoded.withUTF8 { countString($0, path: id, line: line, part: &parts[slot]) }
            } else {
                countString(text, path: id, line: line, part: &parts[slot])
            }
        case .number:
            parts[slot].counts.types.add(.number, line: line)
            let value: Double
            if parts[slot].lastValue >= 0, values.addIfSame(parts[slot].lastValue, kind: .number, bytes: text, count: 1) {
                value = parts[slot].lastNumber
            } else {
                value = NumberText.double(text)
                parts[slot].lastValue = values.add(group: id, kind: .number, bytes: text, hash: ValueTable.hash(kind: .number, bytes: text), count: 1)
                parts[slot].lastNumber = value
            }
            parts[slot].counts.numbers.add(value, text: text)
        case .bool:
            parts[slot].counts.types.add(.boolean, line: line)
            if parts[slot].lastValue < 0 || !values.addIfSame(parts[slot].lastValue, kind: .boolean, bytes: text, count: 1) {
                parts[slot].lastValue = values.add(
                    group: id, kind: .boolean, bytes: text, hash: ValueTable.hash(kind: .boolean, bytes: text), count: 1)
            }
        case .null:
            parts[slot].counts.types.add(.null, line: line)
        case .objectStart, .arrayStart:
            parts[slot].counts.types.add(token.kind == .objectStart ? .object : .array, line: line)
            if Int(token.end) == index + 1 { parts[slot].counts.empty += 1 }
        case .objectEnd, .arrayEnd:
            break
        }
    }

    private mutating func countString(_ text: UnsafeBufferPointer<UInt8>, path id: Int32, line: Int, part: inout Part) {
        part.counts.types.add(.string, line: line)
        if text.isEmpty { part.counts.empty += 1 }
        if part.lastValue < 0 || !values.addIfSame(part.lastValue, kind: .string, bytes: text, count: 1) {
            part.lastValue = values.add(group: id, kind: .string, bytes: text, hash: ValueTable.hash(kind: .string, bytes: text), count: 1)
            part.lastLength = StringLengths.scalarCount(text)
        }
        part.counts.strings.add(length: part.lastLength, line: line)
    }
}
