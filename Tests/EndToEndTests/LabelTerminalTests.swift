import Foundation
import Testing

/// `sluice-dedupe --label` in a real terminal (a pseudo-terminal): records come on stdin and go
/// to stdout, the questions and answers go through the terminal, each answer lands in the labels
/// file at once, and Ctrl-C loses none of them.
@Suite struct LabelTerminalTests {
    /// Businesses, some inside one building (the golden case of labels reads the same file).
    static let input = GoldenCase.root.appendingPathComponent("dedupe/0014-fuzzy-labels-explain/input.ndjson")

    /// A scratch folder with the input, and sluice-dedupe labelling into it as if typed at a
    /// prompt: `sluice-dedupe … --label labels.ndjson < input.ndjson > out.ndjson 2> err.txt`.
    func start() throws -> (TemporaryDirectory, PseudoTerminal) {
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(at: Self.input, to: folder.file("input.ndjson"))
        let arguments = [
            "--no-tf", "--compare", "name:name,address.key:address,phone:phone", "--block", "address.key", "--label",
            folder.file("labels.ndjson").path,
        ]
        let terminal = try PseudoTerminal(
            executable: Executable("sluice-dedupe").url, arguments: arguments, directory: folder.url,
            stdin: "input.ndjson", stdout: "out.ndjson", stderr: "err.txt")
        return (folder, terminal)
    }

    func labels(_ folder: TemporaryDirectory) throws -> [String] {
        try String(contentsOf: folder.file("labels.ndjson"), encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test func answersGoToTheFileAndTheRecordsToStdout() throws {
        let (folder, terminal) = try start()
        let first = try terminal.waitFor("the first question") { $0.contains("Same thing? [y]es / [n]o / [u]nsure / [f]inish:") }
        #expect(first.contains("pair 1 · match probability"))
        #expect(first.contains("  member") && first.contains(#"a {"source":"#))
        #expect(first.split(separator: "\n").contains { $0.hasPrefix("* ") }, "no differing member marked:\n\(first)")
        #expect(terminal.screen(escapes: true).contains("\u{1B}[1;33m"), "differing members are not in colour")
        try terminal.type("y\r")
        try terminal.waitFor("the second question") { $0.contains("pair 2 · ") }
        #expect(try labels(folder).count == 1)
        try terminal.type("maybe\r")
        try terminal.waitFor("a second try") { $0.contains("Please answer y, n, u or f.") }
        try terminal.type("n\r")
        try terminal.waitFor("the third question") { $0.contains("pair 3 · ") }
        try terminal.type("f\r")
        #expect(try terminal.exitStatus() == 0)
        let answers = try labels(folder)
        #expect(answers.count == 2)
        #expect(answers[0].hasSuffix(#","label":"match"}"#) && answers[1].hasSuffix(#","label":"distinct"}"#))
        let out = try String(contentsOf: folder.file("out.ndjson"), encoding: .utf8).split(separator: "\n")
        #expect(out.count == 14 && out.allSatisfy { $0.contains(#""dedupe":{"cluster":"#) })
        let err = try String(contentsOf: folder.file("err.txt"), encoding: .utf8)
        #expect(err.contains("2 answers added to \(folder.file("labels.ndjson").path)"), "\(err)")
        // Issue 33 item 12: the count is of the answers the model learnt from, these two included.
        #expect(err.contains("2 labelled pairs (1 match, 1 distinct)"), "\(err)")
    }

    @Test func ctrlCLosesNoAnswer() throws {
        let (folder, terminal) = try start()
        try terminal.waitFor("the first question") { $0.contains("Same thing?") }
        try terminal.type("n\r")
        try terminal.waitFor("the second question") { $0.contains("pair 2 · ") }
        try terminal.type("\u{03}")
        #expect(try terminal.exitStatus() == 128 + SIGINT)
        let answers = try labels(folder)
        #expect(answers.count == 1 && answers[0].hasSuffix(#","label":"distinct"}"#))
    }

    @Test func valuesThatWouldCommandTheTerminalAreShownEscaped() throws {
        // The issue's value set the window title and cleared the screen (issue 33).
        let folder = try TemporaryDirectory()
        let records = [
            #"{"name":"Cafe\u001b]0;PWNED\u0007\u001b[2J","address":{"key":"1 main st"},"phone":"4155550101"}"#,
            #"{"name":"Cafe","address":{"key":"1 main st"},"phone":"4155550101"}"#,
        ]
        try (records.joined(separator: "\n") + "\n").write(to: folder.file("input.ndjson"), atomically: true, encoding: .utf8)
        let terminal = try PseudoTerminal(
            executable: Executable("sluice-dedupe").url,
            arguments: ["--no-tf", "--compare", "name:name,address.key:address,phone:phone", "--block", "address.key", "--label", "labels.ndjson"],
            directory: folder.url, stdin: "input.ndjson", stdout: "out.ndjson", stderr: "err.txt")
        let first = try terminal.waitFor("the first question") { $0.contains("Same thing? [y]es / [n]o / [u]nsure / [f]inish:") }
        #expect(first.contains(#"Cafe\u001b]0;PWNED\u0007\u001b[2J"#), "\(first)")
        #expect(!terminal.screen(escapes: true).contains("\u{1B}]0;") && !terminal.screen(escapes: true).contains("\u{1B}[2J"))
        try terminal.type("f\r")
        #expect(try terminal.exitStatus() == 0)
    }
}
