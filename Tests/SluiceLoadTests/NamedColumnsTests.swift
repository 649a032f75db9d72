import Testing

@testable import SluiceCore
@testable import SluiceLoad

/// The columns the options name, checked against the table and the records once the run has
/// made the table (issue 33: `--index releas_year` indexed the text 'releas_year', exit 0).
@Suite struct NamedColumnsTests {
    static let films = [#"{"id":1,"title":"Vertigo","release_year":1958,"address":{"key":"a","city":"SF"}}"#, #"{"id":2,"title":"Bullitt"}"#]

    /// The usage error the check gives after a session of these options on `films`, or nil.
    func refusal(_ options: [String], records: [String] = NamedColumnsTests.films) throws -> String? {
        var run = try LoadSessionTests.Run(["--table", "films", "--rejects", "r"] + options)
        try run.add(records)
        try run.session.finish()
        do {
            try NamedColumns(command: run.session.command).check(
                table: run.session.loader.schema, before: [], recordColumns: run.session.loader.recordColumns)
            return nil
        } catch {
            #expect(error.exitCode == .usage)
            return error.message
        }
    }

    @Test func namesTheRecordsHaveAreAccepted() throws {
        #expect(try refusal(["--pk", "id", "--index", "release_year,TITLE", "--fts", "title"]) == nil)
        #expect(try refusal(["--extract", "address.*", "--index", "address_id"]) == nil)
        #expect(try refusal(["--extract", "address.city:cities"]) == nil)
    }

    @Test func aMisspeltColumnIsRefusedWithTheClosestName() throws {
        #expect(
            try refusal(["--index", "releas_year"])
                == "option '--index' names 'releas_year', which table 'films' has no column of: did you mean 'release_year'?")
        #expect(try refusal(["--fts", "titel"]) == "option '--fts' names 'titel', which table 'films' has no column of: did you mean 'title'?")
        #expect(try refusal(["--pk", "idd"]) == "option '--pk' names 'idd', which no record has (nor the table): did you mean 'id'?")
        #expect(try refusal(["--extract", "adress.*"]) == "option '--extract' names 'adress.*', which no record has: did you mean 'address'?")
    }

    @Test func withoutANearNameTheColumnsAreListed() throws {
        #expect(
            try refusal(["--fts", "nosuch"])
                == "option '--fts' names 'nosuch', which table 'films' has no column of: the columns are 'id', 'title', 'release_year', 'address_key', 'address_city'"
        )
    }

    /// An extracted field is no longer a column of the loaded table: an index on it is refused.
    @Test func anExtractedFieldIsNotAColumnOfTheTable() throws {
        #expect(try refusal(["--extract", "title:titles", "--index", "title"])?.hasPrefix("option '--index' names 'title'") == true)
    }

    /// No record, no table: nothing to check (an empty input is not an error).
    @Test func anEmptyInputChecksNothing() throws {
        #expect(try refusal(["--pk", "idd", "--index", "nosuch"], records: []) == nil)
    }
}
