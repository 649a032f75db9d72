import Testing

@testable import SluiceCore

@Suite struct ParsedArgumentsTests {
    let options: [OptionSpec] =
        [
            .value("table", "NAME", "the table"),
            .value("pk", "COL", "key"),
            .flag("strict", "strict"),
            OptionSpec("sweep", .optionalValue("MODE"), "sweep"),
        ] + OptionSpec.common

    func parse(_ arguments: [String]) throws(StageFailure) -> ParsedArguments {
        try ParsedArguments(arguments, options: options)
    }

    @Test func readsValuesFlagsAndPositionals() throws {
        let parsed = try parse(["db.sqlite", "--table", "films", "--pk=a,b", "--pk", "c", "--strict", "-", "in.ndjson"])
        #expect(parsed.positionals == ["db.sqlite", "-", "in.ndjson"])
        #expect(parsed["table"] == "films")
        #expect(parsed.list("pk") == ["a", "b", "c"])
        #expect(parsed.has("strict"))
        #expect(!parsed.has("quiet"))
    }

    @Test func optionalValuesNeverTakeTheNextArgument() throws {
        let parsed = try parse(["--sweep", "x.ndjson", "--sweep=mark"])
        #expect(parsed.all("sweep") == ["", "mark"])
        #expect(parsed.positionals == ["x.ndjson"])
    }

    @Test func doubleDashEndsOptions() throws {
        #expect(try parse(["--", "--table"]).positionals == ["--table"])
    }

    @Test func aCommandWithoutOperandsNamesTheFirstGiven() throws {
        try parse(["--strict"]).expectNoPositionals()
        do {
            try parse(["one", "two"]).expectNoPositionals()
            Issue.record("no error")
        } catch {
            #expect(error.exitCode == .usage && error.message == "unexpected argument 'one'")
        }
    }

    @Test func dashHMeansHelp() throws {
        #expect(try parse(["-h"]).has("help"))
    }

    @Test(arguments: [
        (["--nope"], "unknown option '--nope'"),
        (["-x"], "unknown option '-x'"),
        (["--tabel", "t"], "unknown option '--tabel' (did you mean '--table'?)"),
        (["--reject=r"], "unknown option '--reject' (did you mean '--rejects'?)"),
        (["-table", "t"], "unknown option '-table' (did you mean '--table'?)"),
        (["-tabel"], "unknown option '-tabel' (did you mean '--table'?)"),
        (["--table"], "option '--table' needs a value (NAME)"),
        (["--strict=yes"], "option '--strict' takes no value"),
    ])
    func namesTheOptionInUsageErrors(arguments: [String], message: String) {
        do {
            _ = try parse(arguments)
            Issue.record("accepted \(arguments)")
        } catch {
            #expect(error.exitCode == .usage)
            #expect(error.message == message)
        }
    }

    @Test func checksNumbersAndChoices() throws {
        let parsed = try ParsedArguments(["--max-line-bytes", "0", "--rejects", "x"], options: options)
        #expect(throws: StageFailure.self) { try parsed.int("max-line-bytes", default: 1, range: 1...10) }
        #expect(try parsed.int("absent", default: 7) == 7)
        #expect(try parsed.choice("rejects", from: ["x", "y"]) == "x")
        #expect(throws: StageFailure.self) { try parsed.choice("rejects", from: ["y"]) }
    }
}

@Suite struct ParsedArgumentsNamesTests {
    let options: [OptionSpec] = [.value("pk", "COL", "key")]

    @Test func namesAreSplitAtCommasAndTrimmed() throws {
        #expect(try ParsedArguments(["--pk", "a, b", "--pk", "c"], options: options).names("pk") == ["a", "b", "c"])
        #expect(try ParsedArguments([], options: options).names("pk") == [])
    }

    /// Before: `--pk ''`, `--pk ,` and `--pk ' '` were no key at all, and every re-run appended.
    @Test(arguments: ["", ",", " ", "a,,b", "a, "])
    func anEmptyNameIsAUsageError(_ value: String) throws {
        let parsed = try ParsedArguments(["--pk", value], options: options)
        #expect(throws: StageFailure.self) { try parsed.names("pk") }
        do {
            _ = try parsed.names("pk")
        } catch {
            #expect(error.exitCode == .usage)
            #expect(error.message == "option '--pk' needs names separated by commas, none of them empty, got '\(value)'")
        }
    }
}
