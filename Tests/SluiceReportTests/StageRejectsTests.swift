import SluiceCore
import Testing

@testable import SluiceReport

@Suite struct StageRejectsTests {
    @Test func countsReasonsAndKeepsTheFirstLines() throws {
        var lines = [
            #"{"stage":"load","source":"in.ndjson","line":3,"reason":"invalid_json","detail":"invalid JSON: unexpected '}'","raw":"{\"a\":}"}"#,
            #"{"stage":"load","source":"in.ndjson","line":4,"reason":"invalid_utf8","detail":"invalid UTF-8","raw_base64":"eyJhIjoiwyh9"}"#,
        ]
        for line in 5..<15 {
            lines.append(#"{"stage":"load","source":"in.ndjson","line":\#(line),"reason":"missing_key","detail":"no id","raw":"{}"}"#)
        }
        let file = try TemporaryFile(lines.joined(separator: "\n") + "\n")
        let rejects = try StageRejects.read(file.path)
        #expect(rejects.stage == "load")
        #expect(rejects.reasons.top(5).map { "\($0.value) \($0.count)" } == ["missing_key 10", "invalid_json 1", "invalid_utf8 1"])
        #expect(rejects.first.count == StageRejects.linesShown)
        #expect(rejects.first[0].location == "in.ndjson:3" && rejects.first[0].raw == #"{"a":}"#)
        #expect(rejects.first[1].raw == "(not UTF-8, base64) eyJhIjoiwyh9")
    }

    @Test func anEmptyFileHasNoRejects() throws {
        let file = try TemporaryFile("")
        let rejects = try StageRejects.read(file.path)
        #expect(rejects.reasons.isEmpty && rejects.first.isEmpty)
    }

    @Test func clipsLongRawLines() throws {
        let long = String(repeating: "x", count: 1000)
        let file = try TemporaryFile(#"{"stage":"fetch","reason":"field_count","raw":"\#(long)"}"# + "\n")
        #expect(try StageRejects.read(file.path).first[0].raw == String(repeating: "x", count: StageRejects.rawShown) + "…")
    }

    @Test func aFileThatIsNotRejectsIsADataError() throws {
        for text in ["not json\n", "{\"stage\":\"load\"}\n"] {
            let file = try TemporaryFile(text)
            do {
                _ = try StageRejects.read(file.path)
                Issue.record("read \(text)")
            } catch let failure as StageFailure {
                #expect(failure.exitCode == .dataError)
                #expect(failure.message.hasPrefix("\(file.path):1: error: not a rejects file"))
            }
        }
    }
}
