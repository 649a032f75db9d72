import SluiceCore

extension RejectReason {
    /// sluice-fetch's own reasons, in its REJECTS table after the shared ones.
    static let fetch: [RejectReason] = [.fieldCount, .invalidCSV]
    static let fieldCount = RejectReason("field_count", "a CSV row with more or fewer fields than the header")
    static let invalidCSV = RejectReason("invalid_csv", "an unterminated quoted field")
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
    /// `--set NAME=VALUE`: fields added to every record (replacing a field of the same name).
    var constants: [JSONMember] = []

    init(context: StageContext, source: String) {
        self.context = context
        self.source = source
    }

    func provenance(row: Int) -> JSONValue {
        guard let page else { return Provenance.value(source: source, row: rowOffset + row) }
        return .object(["source": .string(source), "page": .int(page), "row": .int(rowOffset + row)])
    }

    /// NDJSON passes through byte-for-byte; only `provenance` is added (row = line number).
    func emitNDJSON(_ reader: LineReader) throws {
        let output = context.output
        let fastProvenance = Provenance.Writer(source: source)
        try context.forEachRecord(in: reader, name: source) { record, location in
            if dates != nil || !constants.isEmpty { return try write(record.parsed(), row: location.line) }
            if page == nil {
                record.write(adding: Provenance.key, to: &output.buffer) { fastProvenance.write(row: rowOffset + location.line, to: &$0) }
            } else {
                record.write(adding: Provenance.key, provenance(row: location.line), to: &output.buffer)
            }
            try output.endLine()
            context.accounting.recordsOut += 1
        }
    }

    /// CSV read leniently (see `CSVReader`): a record the reader had a problem with, or whose
    /// field count differs from the header's, is rejected with its bytes.
    func emitCSV(_ reader: CSVReader, keyStyle: KeyStyle, typing: CellTyping) throws {
        var reader = reader
        var keys: [String]?
        var fields: [String] = []
        var row = 0
        while try reader.next(into: &fields) {
            guard let header = keys else {
                if let problem = reader.problem {
                    throw StageFailure.data(source: source, line: reader.line, "cannot read the CSV header: \(problem)")
                }
                keys = keyStyle.keys(for: fields)
                continue
            }
            row += 1
            context.accounting.recordsIn += 1
            context.progress.update(records: row, bytes: 0)
            if let problem = reader.problem {
                try reject(reader, problem.hasPrefix("invalid UTF-8") ? .invalidUTF8 : .invalidCSV, problem)
            } else if reader.recordRange.count > context.maxLineBytes {
                try reject(
                    reader, .lineTooLong, "row too long: \(reader.recordRange.count) bytes, more than --max-line-bytes \(context.maxLineBytes)")
            } else if fields.count != header.count {
                try reject(reader, .fieldCount, "expected \(header.count) fields as in the header, found \(fields.count)")
            } else {
                try write(.object(zip(header, fields).map { JSONMember($0, typing.value($1)) }), row: row)
            }
        }
        if keys == nil { context.warn("\(source): no CSV header row: the input is empty") }
    }

    /// Rejects the record the reader has just read, with its bytes as they were.
    func reject(_ reader: CSVReader, _ reason: RejectReason, _ detail: String) throws {
        try reader.bytes.withUnsafeBufferPointer { bytes in
            let raw = UnsafeBufferPointer(rebasing: bytes[reader.recordRange])
            try context.rejects.reject(source: source, line: reader.line, reason: reason, detail: detail, raw: raw)
        }
        context.accounting.rejected += 1
    }

    /// A streamed top-level array: each element must be an object.
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
                case .success(let record): try write(record.parsed(), row: number)
                case .failure(let error): try rejectElement(bytes, line: line, error.reason, error.detail)
                }
            }
        } catch let failure as JSONArrayReader.Failure {
            throw StageFailure.data(source: source, line: failure.line, "invalid JSON: \(failure.message)")
        }
    }

    func rejectElement(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, _ reason: RejectReason, _ detail: String) throws {
        try context.rejects.reject(source: source, line: line, reason: reason, detail: detail, raw: bytes)
        context.accounting.rejected += 1
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

    /// Writes an object record with provenance set to this source and row.
    func write(_ record: JSONValue, row: Int) throws {
        var record = record
        dates?.apply(to: &record)
        guard case .object(var members) = record else { return }
        for constant in constants {
            members.removeAll { $0.key == constant.key }
            members.append(constant)
        }
        let provenance = provenance(row: row)
        if let existing = members.firstIndex(where: { $0.key == Provenance.key }) {
            members[existing].value = provenance
        } else {
            members.append(JSONMember(Provenance.key, provenance))
        }
        try write(.object(members))
    }

    func write(_ record: JSONValue) throws {
        JSONWriter.write(record, to: &context.output.buffer)
        try context.output.endLine()
        context.accounting.recordsOut += 1
    }
}
