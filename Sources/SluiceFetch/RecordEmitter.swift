import SluiceCore

extension RejectReason {
    /// sluice-fetch's own reasons, in its REJECTS table after the shared ones.
    /// (A CSV record that ends inside a quoted field, or short of fields, at the end of the
    /// input was cut short: it is a `truncated_line`, as an NDJSON line cut short is.)
    static let fetch: [RejectReason] = [.fieldCount]
    static let fieldCount = RejectReason("field_count", "a CSV row with more or fewer fields than the header")
}

/// Turns what the readers find into output records with provenance, counting each one in,
/// out or rejected.
///
/// When paging, provenance also names the page and rows count on across pages:
/// `"provenance":{"source":"http://h/ads?page=1","page":3,"row":41}` (source: the first page).
struct RecordEmitter {
    let context: StageContext
    let source: String
    /// The page number, when the source is read page by page.
    var page: Int?
    /// Records on earlier pages, so `row` counts on.
    var rowOffset = 0
    /// `--dates`: fields rewritten as ISO 8601.
    var dates: DateNormalizer?
    /// `--set NAME=VALUE`: fields added to every record.
    var constants: [JSONMember] = []
    /// Where provenance goes (`--as`), and whether it and `--set` may replace a field of the
    /// record (`--overwrite-field`); without it a field of that name stops the run (FIELD NAMES).
    var member = ResultMember(name: Provenance.key, shape: RecordEmitter.provenanceShape)

    /// What provenance looks like: a record that has it already is one fetched before, and
    /// fetching it again replaces it in place.
    /// (`part`, which no stage writes, is accepted in one as it was before the description.)
    static let provenanceShape = ResultMember.Shape(
        required: Provenance.output.required, optional: Provenance.output.names.filter { !Provenance.output.required.contains($0) } + ["part"])

    init(context: StageContext, source: String) {
        self.context = context
        self.source = source
    }

    func provenance(row: Int) -> JSONValue {
        guard let page else { return Provenance.value(source: source, row: rowOffset + row) }
        return .object([Provenance.source: .string(source), Provenance.page: .int(page), Provenance.row: .int(rowOffset + row)])
    }

    /// NDJSON passes through byte-for-byte; only `provenance` is added (row = line number).
    /// A record with a field of that name that is not an earlier provenance stops the run.
    func emitNDJSON(_ reader: LineReader) throws {
        let output = context.output
        let fastProvenance = Provenance.Writer(source: source)
        // A document of one line (an API's answer saved with its newline) is one record.
        var records = 0
        var firstArray: (name: String, count: Int)?
        try context.forEachRecord(in: reader, name: source) { record, location in
            records += 1
            if records == 1, page == nil { firstArray = Self.recordsArray(in: record.parsed()) }
            if dates != nil || !constants.isEmpty { return try write(record.parsed(), row: location.line, line: location.line) }
            try member.check(record, at: location)
            if page == nil {
                record.write(adding: member.name, to: &output.buffer) { fastProvenance.write(row: rowOffset + location.line, to: &$0) }
            } else {
                record.write(adding: member.name, provenance(row: location.line), to: &output.buffer)
            }
            try output.endLine()
            context.accounting.recordsOut += 1
        }
        if records == 1, let firstArray { warnOneRecord(holding: firstArray) }
    }

    /// A document read as one record that holds an array of records: say how to read them.
    func warnOneRecord(holding array: (name: String, count: Int)) {
        context.warn(
            "\(source): read as one record, a JSON object; its '\(array.name)' is an array of \(array.count) object\(array.count == 1 ? "" : "s"): "
                + "to read each as a record, give --records-at \(array.name)")
    }

    /// CSV read leniently (see `CSVReader`): a record the reader had a problem with, or whose
    /// field count differs from the header's, is rejected with its bytes.
    func emitCSV(_ reader: CSVReader, keyStyle: KeyStyle, typing: CellTyping) throws {
        var reader = reader
        // A record is held up to this much, as an NDJSON line is (`LineReader`); a longer one
        // (a quote left open early in a large file) is rejected with its beginning.
        reader.retainLimit = max(context.maxLineBytes, LineReader.defaultRetainLimit)
        var keys: [String]?
        var fields: [String] = []
        var row = 0
        while try reader.next(into: &fields) {
            guard let header = keys else {
                if let length = reader.overlongLength {
                    throw StageFailure.data(source: source, line: reader.line, "cannot read the CSV header: \(length) bytes long")
                }
                if let problem = reader.problem {
                    throw StageFailure.data(source: source, line: reader.line, "cannot read the CSV header: \(problem)")
                }
                keys = keyStyle.keys(for: fields)
                if fields.count == 1, let other = Self.otherDelimiter(in: fields[0], than: reader.delimiter) {
                    // Every row would be one field holding the whole line: read, but not what was meant.
                    context.warn(
                        "\(source): the CSV header is one column holding '\(other == "\t" ? "\\t" : other)': if the file is delimited by it, "
                            + "give --delimiter \(other == "\t" ? "tab" : "'\(other)'")")
                }
                continue
            }
            row += 1
            context.accounting.recordsIn += 1
            context.progress.update(records: row, bytes: 0)
            if reader.isUnterminated || (reader.endsWithoutLineEnd && fields.count < header.count && reader.overlongLength == nil) {
                // Cut short (`head -c`, a writer killed): as an NDJSON line cut short is.
                let place = reader.isUnterminated ? "inside a quoted field" : "after \(fields.count) of its \(header.count) fields"
                try reader.bytes.withUnsafeBufferPointer { bytes in
                    try context.rejectCutShort(
                        source: source, line: reader.line,
                        detail:
                            "truncated line: the input ends in the middle of this CSV record (\(reader.overlongLength ?? reader.recordRange.count) bytes, \(place)): the stream was cut short",
                        raw: UnsafeBufferPointer(rebasing: bytes[reader.recordRange]), rawTruncatedFrom: reader.overlongLength)
                }
            } else if let length = reader.overlongLength {
                try reject(
                    reader, .lineTooLong, "row too long: \(length) bytes, more than --max-line-bytes \(context.maxLineBytes)",
                    rawTruncatedFrom: length)
            } else if let problem = reader.problem {
                // Lenient reading has one problem left once a cut record is out of the way.
                try reject(reader, .invalidUTF8, problem)
            } else if reader.recordRange.count > context.maxLineBytes {
                try reject(
                    reader, .lineTooLong, "row too long: \(reader.recordRange.count) bytes, more than --max-line-bytes \(context.maxLineBytes)")
            } else if fields.count != header.count {
                try reject(reader, .fieldCount, "expected \(header.count) fields as in the header, found \(fields.count)")
            } else {
                try write(.object(zip(header, fields).map { JSONMember($0, typing.value($1)) }), row: row, line: reader.line)
            }
        }
        if keys == nil { context.warn("\(source): no CSV header row: the input is empty") }
    }

    /// Rejects the record the reader has just read, with its bytes as they were.
    func reject(_ reader: CSVReader, _ reason: RejectReason, _ detail: String, rawTruncatedFrom length: Int? = nil) throws {
        try reader.bytes.withUnsafeBufferPointer { bytes in
            let raw = UnsafeBufferPointer(rebasing: bytes[reader.recordRange])
            try context.rejects.reject(source: source, line: reader.line, reason: reason, detail: detail, raw: raw, rawTruncatedFrom: length)
        }
        context.accounting.rejected += 1
    }

    /// A streamed top-level array: each element must be an object. An array cut short is as an
    /// NDJSON input cut mid-line: its last, partial element is rejected as `truncated_line`, and
    /// the stage fails once done.
    func emitArray(_ reader: JSONArrayReader) throws {
        var reader = reader
        do {
            try reader.forEachElement { bytes, number, line in
                context.accounting.recordsIn += 1
                context.progress.update(records: number, bytes: 0)
                guard bytes.count <= context.maxLineBytes else {
                    return try rejectElement(
                        bytes, line: line, .lineTooLong, "record too long: \(bytes.count) bytes, more than --max-line-bytes \(context.maxLineBytes)")
                }
                switch Result(catching: { () throws(RecordError) in try NDJSONRecord(bytes) }) {
                case .success(let record): try write(record.parsed(), row: number, line: line)
                case .failure(let error): try rejectElement(bytes, line: line, error.reason, error.detail)
                }
            }
        } catch let failure as JSONArrayReader.Failure {
            throw StageFailure.data(source: source, line: failure.line, "invalid JSON: \(failure.message)")
        } catch let cut as JSONArrayReader.Cut {
            guard let partial = cut.element else {
                return context.inputWasCut(
                    at: StageContext.Location(source: source, line: cut.line),
                    reason: "the input ends inside the JSON array, before its closing ']': it was cut short, so whatever followed is missing")
            }
            context.accounting.recordsIn += 1
            try partial.withUnsafeBufferPointer { bytes in
                try context.rejectCutShort(
                    source: source, line: cut.line,
                    detail:
                        "truncated line: the input ends in the middle of array element \(cut.number) (\(partial.count) bytes): the stream was cut short",
                    raw: bytes)
            }
        }
    }

    func rejectElement(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, _ reason: RejectReason, _ detail: String) throws {
        try context.rejects.reject(source: source, line: line, reason: reason, detail: detail, raw: bytes)
        context.accounting.rejected += 1
    }

    /// A delimiter other than the one read with that a one-column header holds (`name;addr`).
    static func otherDelimiter(in header: String, than delimiter: UInt8) -> String? {
        [",", ";", "\t", "|"].first { $0.utf8.first != delimiter && header.contains($0) }
    }

    /// The member of a document read as one record that holds the records, by the look of it: an
    /// array of at least two objects (`results`, `data`), the longest; a GeoJSON FeatureCollection's
    /// `features`, however many.
    static func recordsArray(in document: JSONValue) -> (name: String, count: Int)? {
        guard case .object(let members) = document else { return nil }
        let least = document["type"]?.stringValue == "FeatureCollection" ? 1 : 2
        var found: (name: String, count: Int)?
        for member in members {
            guard case .array(let elements) = member.value, elements.count >= least, elements.count > found?.count ?? 0,
                elements.allSatisfy({ if case .object = $0 { true } else { false } })
            else { continue }
            found = (member.key, elements.count)
        }
        return found
    }

    /// A whole JSON document: one record object, or the records in the array at `recordsAt`.
    /// Returns the document, for pagination to look in.
    @discardableResult
    func emitDocument(_ bytes: [UInt8], recordsAt: String?) throws -> JSONValue {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            let line = 1 + bytes[..<min(error.offset, bytes.count)].count(where: { $0 == 0x0A })
            throw StageFailure.data(source: source, line: line, "invalid JSON: \(error.message)")
        }
        guard let recordsAt else {
            guard case .object = document else {
                throw StageFailure.data(source: source, line: nil, "expected a JSON array or object of records, found \(document.typeName)")
            }
            context.accounting.recordsIn += 1
            try write(document, row: 1)
            if page == nil, let array = Self.recordsArray(in: document) { warnOneRecord(holding: array) }
            return document
        }
        guard let found = document.value(atPath: recordsAt) else {
            throw StageFailure.data(source: source, line: nil, "no value at --records-at '\(recordsAt)'")
        }
        guard case .array(let elements) = found else {
            throw StageFailure.data(source: source, line: nil, "the value at --records-at '\(recordsAt)' is \(found.typeName), not an array")
        }
        for (index, element) in elements.enumerated() {
            context.accounting.recordsIn += 1
            guard case .object = element else {
                try context.rejects.reject(
                    source: source, line: nil, reason: .notAnObject,
                    detail: "record \(index + 1) at '\(recordsAt)' is \(element.typeName), not an object", raw: JSONWriter.string(element))
                context.accounting.rejected += 1
                continue
            }
            try write(element, row: index + 1)
        }
        return document
    }

    /// Writes an object record with provenance set to this source and row; `line` (where the
    /// record starts) for the error when a field of its own would be replaced.
    func write(_ record: JSONValue, row: Int, line: Int? = nil) throws {
        var record = record
        dates?.apply(to: &record)
        guard case .object(var members) = record else { return }
        if let conflict = conflict(in: members) { throw StageFailure.data(source: source, line: line, conflict) }
        for constant in constants {
            members.removeAll { $0.key == constant.key }
            members.append(constant)
        }
        let provenance = provenance(row: row)
        if let existing = members.firstIndex(where: { $0.key == member.name }) {
            members[existing].value = provenance
        } else {
            members.append(JSONMember(member.name, provenance))
        }
        try write(.object(members))
    }

    /// Why adding provenance or the `--set` fields would replace a field of the record (one that
    /// is not an earlier provenance, or holds another value than `--set` gives), or nil.
    func conflict(in members: [JSONMember]) -> String? {
        if let conflict = member.conflict(in: members) { return conflict }
        guard !member.overwrite else { return nil }
        for constant in constants {
            guard let existing = members.first(where: { $0.key == constant.key }), existing.value != constant.value else { continue }
            return "the record already has a field '\(constant.key)', which --set \(constant.key)=… would replace:"
                + " choose another name for it, or replace the field with --overwrite-field"
        }
        return nil
    }

    func write(_ record: JSONValue) throws {
        JSONWriter.write(record, to: &context.output.buffer)
        try context.output.endLine()
        context.accounting.recordsOut += 1
    }
}
