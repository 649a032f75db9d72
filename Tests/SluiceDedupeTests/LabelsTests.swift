import Foundation
import SluiceCore
import SluiceTestSupport
import Testing

@testable import SluiceDedupe

@Suite struct LabelsTests {
    @Test func parsesAnswersAndIgnoresOtherMembers() throws {
        let label = try Labels.parse(
            #"{"a":{"source":"f.csv","row":3},"b":{"source":"f.csv","row":9},"probability":0.5,"label":"match"}"#, path: "l.ndjson", line: 4)
        #expect(label.answer == .match && label.line == 4)
        #expect(label.b == .object([JSONMember("source", .string("f.csv")), JSONMember("row", .number("9"))]))
        #expect(try Labels.parse(#"{"a":"rec-1","b":"rec-2","label":"unsure"}"#, path: "l", line: 1).answer == .unsure)
    }

    @Test func badLinesNameFileLineAndReason() {
        let cases = [
            (#"{"a":1,"b":2,"label":"yes"}"#, #""label" must be "match", "distinct" or "unsure", got "yes""#),
            (#"{"a":1,"label":"match"}"#, "a label needs the two records"),
            (#"[1,2]"#, "a label must be an object"),
            (#"{"a":1,"#, "invalid JSON in the labels file"),
        ]
        for (line, reason) in cases {
            do {
                _ = try Labels.parse(line, path: "l.ndjson", line: 7)
                Issue.record("accepted \(line)")
            } catch {
                #expect(error.exitCode == .dataError)
                #expect(error.message.hasPrefix("l.ndjson:7: error: "), "\(error.message)")
                #expect(error.message.contains(reason), "\(error.message)")
            }
        }
    }

    @Test func readsAFileAndIgnoresALastLineCutShort() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("labels.ndjson")
        try (Labels.line(a: .string("x"), b: .string("y"), answer: .match) + "\n\n" + #"{"a":"x","b":"z","lab"#).write(
            toFile: path, atomically: true, encoding: .utf8)
        let labels = try Labels(path: path, mayBeMissing: false)
        #expect(labels.labels.map(\.answer) == [.match])
        #expect(labels.cutShortLine == 3)
        // Appending cuts the broken line off.
        try Labels.append(Labels.line(a: .string("x"), b: .string("z"), answer: .distinct), to: path)
        let again = try Labels(path: path, mayBeMissing: false)
        #expect(again.labels.map(\.answer) == [.match, .distinct] && again.cutShortLine == nil)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == #"{"a":"x","b":"y","label":"match"}"# + "\n\n"
                + #"{"a":"x","b":"z","label":"distinct"}"# + "\n")
        // A whole label without its newline is kept, and the next one starts a line.
        try #"{"a":1,"b":2,"label":"match"}"#.write(toFile: path, atomically: true, encoding: .utf8)
        try Labels.append(Labels.line(a: .int(3), b: .int(4), answer: .unsure), to: path)
        #expect(try Labels(path: path, mayBeMissing: false).labels.map(\.answer) == [.match, .unsure])
    }

    /// Issue 33 item 11: only an answer cut short is forgiven without its newline; a bad whole
    /// line (or garbage) is the same error with a newline or without.
    @Test func onlyAnAnswerCutShortIsForgivenAtTheEnd() throws {
        #expect(Labels.isCutShort(Array(#"{"a":"x","b":"z","lab"#.utf8)))
        #expect(Labels.isCutShort(Array(#"{"a":{"source":"f.csv","row":1"#.utf8)))
        #expect(Labels.isCutShort(Array("{".utf8)))
        #expect(Labels.isCutShort(Array(#"{"a":"Caf"#.utf8) + [0xC3]))  // inside "é"
        #expect(!Labels.isCutShort(Array(#"{"a":"Caf"#.utf8) + [0xFF, 0x22, 0x7D]))
        #expect(!Labels.isCutShort(Array(#"{"a":"x","b":"z","label":"yes"}"#.utf8)))
        #expect(!Labels.isCutShort(Array(#"[{"a":"x","b":"z","label":"match"}]"#.utf8)))
        #expect(!Labels.isCutShort(Array(#"[{"a":"x","b":"z","#.utf8)))
        #expect(!Labels.isCutShort([UInt8](repeating: 0, count: 1000)))
        #expect(!Labels.isCutShort(Array("{\u{0}\"a\"".utf8)))
        let scratch = try ScratchDirectory()
        let path = scratch.file("labels.ndjson")
        let first = Labels.line(a: .string("x"), b: .string("y"), answer: .match) + "\n"
        let bad = [
            #"[{"a":"x","b":"z","label":"match"}]"#, #"{"a":"x","b":"z","label":"yes"}"#,
            String(repeating: "\u{0}", count: 3 << 20),
        ]
        for last in bad {
            for ending in ["", "\n"] {
                try (first + last + ending).write(toFile: path, atomically: true, encoding: .utf8)
                do {
                    _ = try Labels(path: path, mayBeMissing: false)
                    Issue.record("accepted \(last.prefix(40).debugDescription) ending \(ending.debugDescription)")
                } catch {
                    #expect(error.exitCode == .dataError)
                    #expect(error.message.hasPrefix("\(path):2: error: "), "\(error.message)")
                }
            }
        }
    }

    @Test func aMissingFileIsEmptyOnlyWhenItMayBe() throws {
        let scratch = try ScratchDirectory()
        #expect(try Labels(path: scratch.file("new.ndjson"), mayBeMissing: true).labels.isEmpty)
        #expect(throws: StageFailure.self) { try Labels(path: scratch.file("new.ndjson"), mayBeMissing: false) }
        try Labels.append(Labels.line(a: .int(1), b: .int(2), answer: .unsure), to: scratch.file("new.ndjson"))
        #expect(try String(contentsOfFile: scratch.file("new.ndjson"), encoding: .utf8) == #"{"a":1,"b":2,"label":"unsure"}"# + "\n")
    }
}
