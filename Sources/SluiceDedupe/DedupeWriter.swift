import SluiceCore

/// Writes the records back with their clusters, in input order, in one of three modes:
///
/// - `mark`: every record, plus `"dedupe":{"cluster":"…","size":2,"canonical":true,"score":0.99}`
///   (`score` only for records matched to another; `"weak":true` on unchecked chains).
/// - `drop`: only each cluster's canonical record, marked the same way.
/// - `merge`: one record per cluster at its canonical record's place: the canonical record's
///   members, each null or empty one filled from the first other member (in input order) that
///   has it, then members only the others have; `dedupe` adds `members`, the provenance of
///   every member in input order.
public struct DedupeWriter {
    public enum Mode: String, Sendable { case mark, drop, merge }

    public var mode: Mode
    public var table: ClusterTable
    /// The member every written record gets: `dedupe`, or `--as NAME`.
    public var memberKey: String
    /// Whether the output is written on another thread while the next lines are made
    /// (`ByteSink.writingBehind`; `--threads` above 1): writing was over half of this pass.
    public var writesBehind = false

    /// The members a `dedupe` object may have (`cluster`, `size` and `canonical` always): how the
    /// stage knows its own earlier result when it runs again on its output.
    public static let shape = ResultMember.Shape(
        required: DedupeFields.required, optional: DedupeFields.all.filter { !DedupeFields.required.contains($0) })

    public init(mode: Mode, table: ClusterTable, memberKey: String = DedupeFields.member) {
        self.mode = mode
        self.table = table
        self.memberKey = memberKey
    }

    func mark(_ record: Int, members: [JSONValue]? = nil) -> JSONValue {
        let cluster = table.cluster(of: record)
        let score = table.score(of: record)
        return .object([
            DedupeFields.cluster: .string(StableHash.hex(cluster.id)),
            DedupeFields.size: .int(Int(cluster.size)),
            DedupeFields.canonical: .bool(cluster.canonical == record),
            DedupeFields.score: score.isNaN ? nil : Self.probability(score),
            DedupeFields.weak: cluster.weak ? .bool(true) : nil,
            DedupeFields.members: members.map { .array($0) },
        ])
    }

    /// The most bytes `writeMark(_:at:)` writes: every member at its longest.
    static let markCapacity = 128

    /// The JSON text of `mark(record)`, appended to `out`.
    func writeMark(_ record: Int, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.markCapacity) { mark in
            guard let start = mark.baseAddress else { return }
            out.append(contentsOf: UnsafeBufferPointer(start: start, count: writeMark(record, at: start)))
        }
    }

    /// The JSON text of `mark(record)`, written straight as bytes at `start` (room for
    /// `markCapacity`); returns its length. Building the value (several Strings) for every
    /// record was a good part of writing the output, and appending it to an array byte by
    /// byte most of what was left.
    func writeMark(_ record: Int, at start: UnsafeMutablePointer<UInt8>) -> Int {
        var end = start
        func put(_ text: StaticString) {
            end.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
            end += text.utf8CodeUnitCount
        }
        func put(digit: Int) {
            end.pointee = UInt8(truncatingIfNeeded: digit) + (digit < 10 ? UInt8(ascii: "0") : UInt8(ascii: "a") - 10)
            end += 1
        }
        let cluster = table.cluster(of: record)
        put(#"{"cluster":""#)
        for shift in stride(from: 60, through: 0, by: -4) { put(digit: Int((cluster.id >> UInt64(shift)) & 0xF)) }
        put(#"","size":"#)
        // A size is at most Int32.max: ten digits.
        var size = Int(cluster.size)
        var digits = 1
        while digits < 10, size >= Self.powersOfTen[digits] { digits += 1 }
        for place in (0..<digits).reversed() {
            (end + place).pointee = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: size % 10)
            size /= 10
        }
        end += digits
        put(cluster.canonical == record ? #","canonical":true"# : #","canonical":false"#)
        let score = table.score(of: record)
        if !score.isNaN {
            put(#","score":"#)
            let scaled = Self.scaledProbability(score)
            put(digit: scaled / 10_000)
            var fraction = scaled % 10_000
            if fraction != 0 {
                put(".")
                var divisor = 1000
                while fraction != 0 {
                    put(digit: fraction / divisor)
                    fraction %= divisor
                    divisor /= 10
                }
            }
        }
        if cluster.weak { put(#","weak":true"#) }
        put("}")
        return end - start
    }

    static let powersOfTen = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]

    /// Writes every record of the spool to `context.output` and counts them.
    public func write(_ spool: Spool, context: StageContext) throws {
        guard writesBehind else { return try writeRecords(spool, context: context) }
        try context.output.writingBehind { try writeRecords(spool, context: context) }
    }

    func writeRecords(_ spool: Spool, context: StageContext) throws {
        if mode != .merge, spool.addedKey == memberKey {
            try writeMarked(spool, context: context)
            return
        }
        var held: [Int: [(record: Int, value: JSONValue)]] = [:]
        if mode == .merge {
            // Merging needs every member at the canonical's place, which may come first.
            try spool.forEachRecord(maxLineBytes: context.maxLineBytes) { index, record in
                if table.cluster(of: index).size > 1 { held[Int(table.clusterOf[index]), default: []].append((index, record.parsed())) }
            }
        }
        let output = context.output
        try spool.forEachRecord(maxLineBytes: context.maxLineBytes, lastTime: true) { index, record in
            // (A record `alone` holds no other: `held` has nothing under its mark.)
            let cluster = Int(table.clusterOf[index])
            switch mode {
            case .mark:
                record.write(adding: memberKey, to: &output.buffer) { writeMark(index, to: &$0) }
            case .drop:
                guard table.isCanonical(index) else { return }
                record.write(adding: memberKey, to: &output.buffer) { writeMark(index, to: &$0) }
            case .merge:
                guard table.isCanonical(index) else { return }
                if let members = held[cluster] {
                    let merged = Self.merge(members.map(\.value), canonical: members.firstIndex { $0.record == index } ?? 0)
                    let provenance = members.map { $0.value[Provenance.key] ?? .object(["record": .int($0.record + 1)]) }
                    JSONWriter.write(Self.adding(memberKey, mark(index, members: provenance), to: merged), to: &output.buffer)
                    held[cluster] = nil
                } else {
                    let provenance = record.value(forKey: Provenance.key) ?? .object(["record": .int(index + 1)])
                    record.write(adding: memberKey, mark(index, members: [provenance]), to: &output.buffer)
                }
            }
            try output.endLine()
            context.accounting.recordsOut += 1
            if index & 4095 == 0 { context.progress.phase("writing", count: index, of: table.clusterOf.count, unit: "records") }
        }
        context.accounting.merged += table.clusterOf.count - context.accounting.recordsOut
    }

    /// Mark and drop modes from the spooled bytes, without parsing each record again.
    func writeMarked(_ spool: Spool, context: StageContext) throws {
        let output = context.output
        let keyText = MemberPlace.keyText(memberKey)
        let mark = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.markCapacity)
        defer { mark.deallocate() }
        var written = 0
        try keyText.withUnsafeBufferPointer { keyText in
            try spool.forEachLine(maxLineBytes: context.maxLineBytes, lastTime: true) { index, line, place in
                guard mode == .mark || table.isCanonical(index) else { return }
                let value = UnsafeBufferPointer(start: mark, count: writeMark(index, at: mark))
                place.write(line, keyText: keyText, value: value, to: &output.buffer)
                try output.endLine()
                written += 1
                if index & 4095 == 0 { context.progress.phase("writing", count: index, of: table.clusterOf.count, unit: "records") }
            }
        }
        context.accounting.recordsOut += written
        context.accounting.merged += table.clusterOf.count - context.accounting.recordsOut
    }

    /// Combines members (objects) by the rule in the type's documentation.
    public static func merge(_ members: [JSONValue], canonical: Int) -> JSONValue {
        guard case .object(var fields) = members[canonical] else { return members[canonical] }
        let others = members.indices.filter { $0 != canonical }.map { members[$0] }
        func isEmpty(_ value: JSONValue) -> Bool { value == .null || value == .string("") }
        for index in fields.indices where isEmpty(fields[index].value) {
            if let filler = others.lazy.compactMap({ $0[fields[index].key] }).first(where: { !isEmpty($0) }) {
                fields[index].value = filler
            }
        }
        var known = Set(fields.map(\.key))
        for other in others {
            guard case .object(let otherFields) = other else { continue }
            for field in otherFields where !known.contains(field.key) && !isEmpty(field.value) {
                fields.append(field)
                known.insert(field.key)
            }
        }
        return .object(fields)
    }

    /// A probability in 0…1 with at most four decimals and no trailing zeros (`0.9991`, `1`),
    /// without `String(format:)`, which took a fifth of exact mode's time.
    static func probability(_ value: Float) -> JSONValue {
        let scaled = scaledProbability(value)
        if scaled % 10_000 == 0 { return .int(scaled / 10_000) }
        var fraction = String(scaled % 10_000)
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return .number("\(scaled / 10_000).\(fraction)")
    }

    /// A probability as a whole number of ten-thousandths.
    static func scaledProbability(_ value: Float) -> Int { Int((Double(min(max(value, 0), 1)) * 10_000).rounded()) }

    static func adding(_ key: String, _ value: JSONValue, to object: JSONValue) -> JSONValue {
        guard case .object(var fields) = object else { return object }
        if let index = fields.firstIndex(where: { $0.key == key }) { fields[index].value = value } else { fields.append(JSONMember(key, value)) }
        return .object(fields)
    }
}
