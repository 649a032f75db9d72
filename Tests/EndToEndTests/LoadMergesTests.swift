import Foundation
import Testing

@testable import SluiceLoad

/// Find or create through the database: week 1 deduped and loaded, week 2 linked `--against`
/// week 1 and loaded into the same table, its merge line applied there (issue 29). The weeks
/// are the golden cases dedupe/0020 and 0022.
@Suite struct LoadMergesTests {
    static let cases = GoldenCase.root.appendingPathComponent("dedupe")
    let compare = [
        "--compare", "given_name,surname,suburb,date_of_birth:date,soc_sec_id:lev", "--block", "surname", "--block", "date_of_birth", "--mark",
    ]

    func query(_ db: URL, _ sql: String) throws -> [String] { try LoadReliabilityTests.query(db.path, sql) }

    @Test func weekTwosMergeMovesTheAbsorbedClustersRows() throws {
        let scratch = try TemporaryDirectory()
        let (dedupe, load) = (Executable("sluice-dedupe"), Executable("sluice-load"))
        let db = scratch.file("people.db")
        let loadArgs = [db.path, "--table", "people", "--pk", "provenance_source,provenance_row"]

        let week1 = try dedupe.run(
            compare + ["--model-out", scratch.file("m.json").path, Self.cases.appendingPathComponent("0020-model-out-week1/input.ndjson").path])
        #expect(week1.status == 0)
        try week1.stdout.write(to: scratch.file("week1.ndjson"))
        #expect(try load.run(loadArgs + [scratch.file("week1.ndjson").path]).status == 0)

        let week2 = try dedupe.run(
            compare + [
                "--model", scratch.file("m.json").path, "--against", scratch.file("week1.ndjson").path,
                Self.cases.appendingPathComponent("0022-against-week2/input.ndjson").path,
            ])
        #expect(week2.status == 0)
        let merges = String(decoding: week2.stdout, as: UTF8.self).split(separator: "\n").filter { $0.contains(#"{"merge":"#) }
        #expect(merges == [#"{"dedupe":{"merge":{"absorbed":"73548d2d6e046fad","into":"73518d2d6e0239d6","records":1}}}"#])
        #expect(
            String(decoding: week2.stdout, as: UTF8.self).hasSuffix(#"{"dedupe":{"against":{"known":32,"joined":2,"created":2,"merged":1}}}"# + "\n"))

        // The table read back (--export) is as good a KNOWN as week 1's output: the same week 2.
        let exported = try load.run([db.path, "--export", "people", "--nest", "dedupe,provenance"])
        #expect(exported.status == 0 && exported.stderrText.contains("32 in, 32 exported"))
        try exported.stdout.write(to: scratch.file("known.ndjson"))
        let fromTable = try dedupe.run(
            compare + [
                "--model", scratch.file("m.json").path, "--against", scratch.file("known.ndjson").path,
                Self.cases.appendingPathComponent("0022-against-week2/input.ndjson").path,
            ])
        #expect(fromTable.status == 0 && fromTable.stdout == week2.stdout)

        let loaded = try load.run(loadArgs, input: week2.stdout)
        #expect(loaded.status == 0)
        #expect(
            loaded.stderrText.contains(
                "7 in, 5 out, 0 rejected, 2 merged, 5 inserted, 0 updated, 0 unchanged, 1 row moved to surviving clusters, 2 linked to known clusters, 2 new clusters"
            ))
        // Every cluster's rows carry its row count: the known cluster a new row joined was recounted.
        #expect(
            try query(
                db, "SELECT dedupe_cluster FROM people GROUP BY dedupe_cluster HAVING min(dedupe_size) != count(*) OR max(dedupe_size) != count(*)"
            ) == [])

        // The merge line is not a row; the absorbed cluster's row now carries the surviving id.
        #expect(try query(db, "SELECT count(*) FROM people") == ["37"])
        #expect(try query(db, "SELECT count(*) FROM people WHERE dedupe_cluster = '73548d2d6e046fad'") == ["0"])
        #expect(
            try query(
                db,
                "SELECT provenance_source || ':' || dedupe_size || ':' || dedupe_canonical FROM people WHERE dedupe_cluster = '73518d2d6e0239d6' ORDER BY 1"
            )
                == ["week1.csv:3:0", "week1.csv:3:1", "week2.csv:3:0"])
        // One canonical row per cluster, and one cluster per person (Febrl's rec-N-org / rec-N-dup-k).
        #expect(try query(db, "SELECT dedupe_cluster FROM people GROUP BY dedupe_cluster HAVING sum(dedupe_canonical) != 1") == [])
        #expect(
            try query(
                db,
                "SELECT person FROM (SELECT substr(rec_id, 1, instr(substr(rec_id, 5), '-') + 3) AS person, dedupe_cluster FROM people) GROUP BY person HAVING count(DISTINCT dedupe_cluster) > 1"
            ) == [])
        #expect(
            try query(
                db,
                "SELECT records_in || ' ' || rows_written || ' ' || inserted || ' ' || merges || ' ' || merged_rows || ' ' || coalesce(linked, '-') || ' ' || coalesce(created, '-') FROM _sluice_runs ORDER BY id"
            )
                == ["32 32 32 0 0 - -", "7 5 5 1 1 2 2"])
    }

    /// `--export`: rows back as records, nested members rebuilt, NULLs left out; nothing but
    /// reading; a missing table or database is 66, loading options with it a usage error.
    @Test func exportWritesTheRowsBackAsRecords() throws {
        let scratch = try TemporaryDirectory()
        let db = scratch.file("t.db")
        let load = Executable("sluice-load")
        let input = Data(
            (#"{"name":"Cafe X","addr":{"key":"1 main st"},"n":2.5,"dedupe":{"cluster":"00000000000000a1","size":2,"canonical":true}}"# + "\n"
                + #"{"name":"Cafe Y","n":3,"tags":["a"],"dedupe":{"cluster":"00000000000000a1","size":2,"canonical":false}}"# + "\n").utf8)
        #expect(try load.run([db.path, "--table", "t"], input: input).status == 0)
        let exported = try load.run([db.path, "--export", "t", "--nest", "dedupe,addr"])
        #expect(exported.status == 0)
        #expect(
            exported.stdoutText
                == #"{"name":"Cafe X","addr":{"key":"1 main st"},"n":2.5,"dedupe":{"cluster":"00000000000000a1","size":2,"canonical":1}}"# + "\n"
                + #"{"name":"Cafe Y","n":3.0,"dedupe":{"cluster":"00000000000000a1","size":2,"canonical":0},"tags":"[\"a\"]"}"# + "\n")
        #expect(try query(db, "SELECT count(*) FROM _sluice_runs") == ["1"])
        #expect(try load.run([db.path, "--export", "nothing"]).status == 66)
        #expect(try load.run([scratch.file("none.db").path, "--export", "t"]).status == 66)
        #expect(!FileManager.default.fileExists(atPath: scratch.file("none.db").path))
        #expect(try load.run([db.path, "--export", "t", "--pk", "name"]).status == 64)
        #expect(try load.run([db.path, "--table", "t", "--nest", "dedupe"], input: input).status == 64)
    }

    /// A merge with no cluster column to apply it to is rejected, never loaded as a row.
    @Test func aMergeWithoutAClusterColumnIsRejected() throws {
        let scratch = try TemporaryDirectory()
        let db = scratch.file("t.db")
        let input = Data(
            (#"{"id":1}"# + "\n" + #"{"dedupe":{"merge":{"absorbed":"73548d2d6e046fad","into":"73518d2d6e0239d6","records":1}}}"# + "\n").utf8)
        let loaded = try Executable("sluice-load").run([db.path, "--table", "t", "--rejects", scratch.file("rejects.ndjson").path], input: input)
        #expect(loaded.status == 0)
        #expect(loaded.stderrText.contains("2 in, 1 out, 1 rejected"))
        let rejects = try String(contentsOf: scratch.file("rejects.ndjson"), encoding: .utf8)
        #expect(rejects.contains(#""reason":"no_cluster_column""#) && rejects.contains(#""line":2"#))
        #expect(try query(db, "SELECT count(*) FROM t") == ["1"])
    }

    /// A line in the merge shape whose ids are not two different cluster ids dedupe writes (16 hex
    /// digits) is rejected, never applied, never a row. Before, `"into":""` and `"into":"zz"`
    /// gave every row of the absorbed cluster that id, a cluster into itself was counted as
    /// merged, and `"into":5` was loaded as a row.
    @Test func aMalformedMergeIsRejectedNeverApplied() throws {
        let scratch = try TemporaryDirectory()
        let load = Executable("sluice-load")
        let db = scratch.file("t.db")
        let rows = [
            #"{"id":1,"dedupe":{"cluster":"73548d2d6e046fad","size":1,"canonical":true}}"#,
            #"{"id":2,"dedupe":{"cluster":"73518d2d6e0239d6","size":1,"canonical":true}}"#,
        ]
        #expect(try load.run([db.path, "--table", "t"], input: Data(rows.map { $0 + "\n" }.joined().utf8)).status == 0)
        let merges = [
            #"{"dedupe":{"merge":{"absorbed":"73548d2d6e046fad","into":"","records":1}}}"#,
            #"{"dedupe":{"merge":{"absorbed":"73548d2d6e046fad","into":"zz","records":1}}}"#,
            #"{"dedupe":{"merge":{"absorbed":"73518d2d6e0239d6","into":"73518d2d6e0239d6","records":1}}}"#,
            #"{"dedupe":{"merge":{"absorbed":"73518d2d6e0239d6","into":5,"records":1}}}"#,
            #"{"dedupe":{"merge":{"absorbed":"73518d2d6e0239d6","into":"73548d2d6e046fad","records":-1}}}"#,
        ]
        let before = try query(db, "SELECT id || ' ' || dedupe_cluster || ' ' || dedupe_canonical FROM t ORDER BY id")
        #expect(before == ["1 73548d2d6e046fad 1", "2 73518d2d6e0239d6 1"])

        let stopped = try load.run([db.path, "--table", "t"], input: Data(merges[0].utf8 + [0x0A]))
        #expect(stopped.status == 65)
        #expect(
            stopped.stderrText.contains(
                #"<stdin>:1: error: a dedupe merge line needs "absorbed" and "into" cluster ids (16 lower-case hex digits): "into" is """#))

        let rejects = scratch.file("rejects.ndjson")
        let loaded = try load.run([db.path, "--table", "t", "--rejects", rejects.path], input: Data(merges.map { $0 + "\n" }.joined().utf8))
        #expect(loaded.status == 0)
        #expect(loaded.stderrText.contains("5 in, 0 out, 5 rejected, 0 inserted"), "\(loaded.stderrText)")
        let lines = try String(contentsOf: rejects, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 5 && lines.allSatisfy { $0.contains(#""reason":"bad_merge""#) })
        #expect(lines.enumerated().allSatisfy { $1.contains(#""line":\#($0 + 1)"#) })
        #expect(lines[2].contains("absorbs itself"), "\(lines[2])")
        #expect(try query(db, "SELECT id || ' ' || dedupe_cluster || ' ' || dedupe_canonical FROM t ORDER BY id") == before)
    }
}
