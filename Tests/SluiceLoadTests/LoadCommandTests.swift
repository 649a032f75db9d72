import Testing

@testable import SluiceCore
@testable import SluiceLoad

@Suite struct LoadCommandTests {
    func failure(_ arguments: [String]) -> StageFailure? {
        do {
            _ = try LoadCommand(arguments: ParsedArguments(arguments, options: LoadCommand.usage.allOptions))
            return nil
        } catch {
            return error
        }
    }

    /// Before: `sluice-load '' --table t` and `:memory:` said "200 inserted" and kept nothing.
    @Test func aDatabaseSQLiteDeletesOnClosingIsRefused() {
        for path in ["", ":memory:", "file::memory:", "file:", "file:x?mode=memory", "file:?cache=shared"] {
            #expect(LoadCommand.isTemporaryDatabase(path), "\(path)")
            #expect(failure([path, "--table", "t"])?.exitCode == .usage, "\(path)")
        }
        for path in ["films.db", "file:films.db", "file:films.db?mode=rwc", "memory.db"] {
            #expect(!LoadCommand.isTemporaryDatabase(path), "\(path)")
            #expect(failure([path, "--table", "t"]) == nil, "\(path)")
        }
    }

    /// Before: `--table _sluice_runs` was accepted and failed on a constraint; `--extract n:t`
    /// with the table's own name, on a raw SQLite error.
    @Test func namesOfSluicesAndSQLitesOwnTablesAreRefused() {
        for table in ["_sluice_runs", "_SLUICE_runs", "_sluice_other", "films__sluice_new", "sqlite_master", "sqlite_x"] {
            #expect(failure(["f.db", "--table", table])?.exitCode == .usage, "\(table)")
        }
        #expect(failure(["f.db", "--table", "films", "--extract", "title:_sluice_runs"])?.exitCode == .usage)
        #expect(failure(["f.db", "--table", "films", "--rejects-table", "_sluice_runs"])?.exitCode == .usage)
        #expect(
            failure(["f.db", "--table", "films", "--extract", "n:FILMS"])?.message
                == "option '--extract' names the lookup table 'FILMS', the table being loaded: name it with FIELDS:TABLE")
        #expect(failure(["f.db", "--table", "films", "--extract", "title:titles", "--rejects-table", "titles"])?.exitCode == .usage)
        #expect(failure(["f.db", "--table", "films", "--rejects-table", "films"])?.exitCode == .usage)
        #expect(failure(["f.db", "--table", "sluice_films", "--extract", "title:titles", "--rejects-table", "refused"]) == nil)
    }

    /// Before: `--pk ''`, `--pk ,` and `--pk ' '` silently meant no key.
    @Test func emptyColumnNamesAreRefused() {
        for option in ["--pk", "--index", "--fts"] {
            for value in ["", ",", " ", "a,,b"] {
                #expect(failure(["f.db", "--table", "t", option, value])?.exitCode == .usage, "\(option) '\(value)'")
            }
        }
    }
}
