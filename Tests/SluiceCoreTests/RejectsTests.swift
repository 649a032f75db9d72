import Foundation
import Testing

@testable import SluiceCore

@Suite struct RejectsTests {
    func rejectsFile(_ body: (Rejects) throws -> Void) throws -> [String] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-rejects-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let rejects = try Rejects(stage: "test", path: path)
        try body(rejects)
        try rejects.finish()
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test func keepsTheOriginalLineVerbatim() throws {
        let lines = try rejectsFile { rejects in
            try rejects.reject(source: "in.ndjson", line: 3, reason: .invalidJSON, detail: "invalid JSON: x", raw: #"{"a": "b\u00e9",}"#)
        }
        #expect(
            lines == [
                #"{"stage":"test","source":"in.ndjson","line":3,"reason":"invalid_json","detail":"invalid JSON: x","raw":"{\"a\": \"b\\u00e9\",}"}"#
            ])
        let raw = try JSONParser.parse(lines[0])["raw"]
        #expect(raw == .string(#"{"a": "b\u00e9",}"#))
    }

    @Test func carriesInvalidUTF8AsBase64AndMarksTruncation() throws {
        let bytes: [UInt8] = [0x7B, 0xFF, 0x7D]
        let lines = try rejectsFile { rejects in
            try bytes.withUnsafeBufferPointer { raw in
                try rejects.reject(source: "s", line: 1, reason: .invalidUTF8, detail: "d", raw: raw, rawTruncatedFrom: 99)
            }
        }
        let value = try JSONParser.parse(lines[0])
        #expect(value["raw"] == nil)
        #expect(value["raw_base64"] == .string(Data(bytes).base64EncodedString()))
        #expect(value["raw_truncated"] == .bool(true))
        #expect(value["raw_bytes"] == .number("99"))
    }

    /// A row a reader kept as bytes (`RawRow`): written as it is, or marked cut short.
    @Test func aRawRowIsWrittenAsItsBytes() throws {
        let cut = RawRow([UInt8](repeating: 0x61, count: RawRow.kept + 10))
        let lines = try rejectsFile { rejects in
            try rejects.reject(source: "a.csv", line: 2, reason: .invalidUTF8, detail: "d", raw: RawRow([0x31, 0xD1, 0x32]))
            try rejects.reject(source: "a.geojson", line: 3, reason: .invalidJSON, detail: "d", raw: cut)
        }
        let first = try JSONParser.parse(lines[0]), second = try JSONParser.parse(lines[1])
        #expect(first["raw_base64"] == .string(Data([0x31, 0xD1, 0x32]).base64EncodedString()) && first["raw_truncated"] == nil)
        #expect(!cut.isWhole && cut.bytes.count == RawRow.kept)
        #expect(second["raw"]?.stringValue?.utf8.count == RawRow.kept)
        #expect(second["raw_truncated"] == .bool(true) && second["raw_bytes"] == .number("\(RawRow.kept + 10)"))
    }

    @Test func withoutAFileTheFirstRejectStopsWithALocatedMessage() throws {
        let rejects = try Rejects(stage: "test", path: nil)
        do {
            try rejects.reject(source: "films.ndjson", line: 42, reason: .invalidJSON, detail: "invalid JSON: unexpected '}' at column 17", raw: "x")
            Issue.record("did not stop")
        } catch let failure as StageFailure {
            #expect(failure.exitCode == .dataError)
            #expect(failure.message == "films.ndjson:42: error: invalid JSON: unexpected '}' at column 17")
        }
    }

    /// A rejects file that cannot be written fails by name when synced, so that a stage that
    /// commits can roll back rather than lose the line.
    @Test func aFailedSyncNamesTheRejectsFile() throws {
        let rejects = try Rejects(stage: "load", path: "/dev/full")
        try rejects.reject(source: "in.ndjson", line: 3, reason: .invalidJSON, detail: "bad", raw: "{")
        #expect(throws: IOFailure.self) { try rejects.sync() }
        do {
            try rejects.sync()
        } catch let failure as IOFailure {
            #expect(failure.message == "/dev/full: error: write failed: No space left on device")
        }
    }

    @Test func syncingPipesAndDevicesThatCannotSyncSucceeds() throws {
        let rejects = try Rejects(stage: "load", path: "/dev/null")
        try rejects.reject(source: "in.ndjson", line: 3, reason: .invalidJSON, detail: "bad", raw: "{")
        try rejects.sync()
        #expect(rejects.count == 1)
    }
}
