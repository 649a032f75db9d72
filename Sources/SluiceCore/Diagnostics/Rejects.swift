import Foundation

/// Where malformed records go. Without a rejects file the first one stops the stage (exit 65,
/// `file:line: error: reason`); with `--rejects FILE` each is written to FILE and the stage
/// goes on:
///
///     {"stage":"load","source":"in.ndjson","line":3,"reason":"invalid_json",
///      "detail":"invalid JSON: unexpected '}' at column 17","raw":"{\"a\":}"}
///
/// `raw` is the original line; a line that is not valid UTF-8 carries `raw_base64` instead, and
/// one longer than the reader keeps in memory carries its beginning with `raw_truncated`.
public final class Rejects {
    let stage: String
    let sink: ByteSink?
    public private(set) var count = 0

    public init(stage: String, path: String?) throws(StageFailure) {
        self.stage = stage
        self.sink = try path.map { path throws(StageFailure) in try ByteSink(path: path) }
    }

    /// Writes the rejects to a sink the caller opened (a file being replaced).
    public init(stage: String, sink: ByteSink) {
        self.stage = stage
        self.sink = sink
    }

    public var isKeeping: Bool { sink != nil }

    /// Records one rejected line, or throws the stage-stopping error when there is no file.
    public func reject(
        source: String, line: Int?, reason: RejectReason, detail: String,
        raw: UnsafeBufferPointer<UInt8>, rawTruncatedFrom length: Int? = nil
    ) throws {
        guard let sink else { throw StageFailure.data(source: source, line: line, detail) }
        count += 1
        var fields: [JSONMember] = [
            JSONMember("stage", .string(stage)),
            JSONMember("source", .string(source)),
        ]
        if let line { fields.append(JSONMember("line", .int(line))) }
        fields.append(JSONMember("reason", .string(reason.rawValue)))
        fields.append(JSONMember("detail", .string(detail)))
        if let text = String(validating: raw, as: UTF8.self) {
            fields.append(JSONMember("raw", .string(text)))
        } else {
            fields.append(JSONMember("raw_base64", .string(Data(raw).base64EncodedString())))
        }
        if let length {
            fields.append(JSONMember("raw_truncated", .bool(true)))
            fields.append(JSONMember("raw_bytes", .int(length)))
        }
        JSONWriter.write(.object(fields), to: &sink.buffer)
        try sink.endLine()
    }

    /// Rejects a row kept as its source wrote it (`RawRow`: its bytes, or their beginning).
    public func reject(source: String, line: Int?, reason: RejectReason, detail: String, raw: RawRow) throws {
        try raw.bytes.withUnsafeBufferPointer { bytes in
            try reject(source: source, line: line, reason: reason, detail: detail, raw: bytes, rawTruncatedFrom: raw.isWhole ? nil : raw.length)
        }
    }

    /// Rejects a record whose text was already decoded (a CSV row, a database refusal).
    public func reject(source: String, line: Int?, reason: RejectReason, detail: String, raw: String) throws {
        var raw = raw
        try raw.withUTF8 { bytes in
            try reject(source: source, line: line, reason: reason, detail: detail, raw: bytes)
        }
    }

    public func finish() throws {
        try sink?.flush()
    }

    /// Writes out and syncs the rejects so far: a stage that commits (sluice-load) calls it
    /// before each commit, so no committed run can have lost its rejected lines.
    public func sync() throws {
        try sink?.sync()
    }
}
