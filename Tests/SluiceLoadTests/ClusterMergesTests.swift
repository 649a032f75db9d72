import Testing

@testable import SluiceCore
@testable import SluiceLoad

/// dedupe's merge lines: recognised by their shape, applied to the rows loaded.
@Suite struct ClusterMergesTests {
    func recognised(_ line: String) throws -> Result<ClusterMerge, ClusterMerge.Malformed>? {
        try Array(line.utf8).withUnsafeBufferPointer { bytes in
            let rows = FlatRows()
            return ClusterMerge.candidate(rows.row(rows.scan(try NDJSONRecord(bytes))), line: bytes).flatMap(ClusterMerge.recognise)
        }
    }

    func merge(_ line: String) throws -> ClusterMerge? { try recognised(line).flatMap { try? $0.get() } }

    @Test func recognisesAMergeLineUnderAnyMemberName() throws {
        #expect(
            try merge(#"{"dedupe":{"merge":{"absorbed":"73548d2d6e046fad","into":"73518d2d6e0239d6","records":1}}}"#)
                == ClusterMerge(member: "dedupe", absorbed: "73548d2d6e046fad", into: "73518d2d6e0239d6", records: 1))
        #expect(
            try merge(#"{ "match" : { "merge" : { "records" : 3, "into" : "73518d2d6e0239d6", "absorbed" : "73548d2d6e046fad" } } }"#)?.member
                == "match")
    }

    /// A user's record that merely looks like one is a row.
    @Test func aRecordWithMoreThanTheMergeIsARow() throws {
        #expect(try merge(#"{"id":1,"dedupe":{"merge":{"absorbed":"a","into":"b","records":1}}}"#) == nil)
        #expect(try merge(#"{"dedupe":{"merge":{"absorbed":"a","into":"b","records":1},"note":"x"}}"#) == nil)
        #expect(try recognised(#"{"dedupe":{"cluster":"a","size":1,"canonical":true}}"#) == nil)
        #expect(try recognised(#"{"a":"x","b":"y","c":"z"}"#) == nil)
    }

    /// In the merge shape, but not a merge dedupe writes: rejected, neither applied nor a row.
    /// Before, ids were any strings (`""` moved the absorbed rows into a cluster no record has,
    /// an id into itself was counted as merged), and `"absorbed":1` or `"records":1.5` made a row.
    @Test func aMergeLineDedupeNeverWritesIsMalformed() throws {
        let (a, b) = ("73548d2d6e046fad", "73518d2d6e0239d6")
        let ids = #"a dedupe merge line needs "absorbed" and "into" cluster ids (16 lower-case hex digits): "#
        let cases: [(String, String)] = [
            (#"{"dedupe":{"merge":{"absorbed":"\#(a)","into":"","records":1}}}"#, ids + #""into" is """#),
            (#"{"dedupe":{"merge":{"absorbed":"","into":"\#(b)","records":1}}}"#, ids + #""absorbed" is """#),
            (#"{"dedupe":{"merge":{"absorbed":"a","into":"\#(b)","records":1}}}"#, ids + #""absorbed" is "a""#),
            (#"{"dedupe":{"merge":{"absorbed":"+3548d2d6e046fad","into":"\#(b)","records":1}}}"#, ids + #""absorbed" is "+3548d2d6e046fad""#),
            (#"{"dedupe":{"merge":{"absorbed":"73548D2D6E046FAD","into":"\#(b)","records":1}}}"#, ids + #""absorbed" is "73548D2D6E046FAD""#),
            (#"{"dedupe":{"merge":{"absorbed":1,"into":"\#(b)","records":1}}}"#, ids + #""absorbed" is 1"#),
            (#"{"dedupe":{"merge":{"absorbed":"\#(a)","into":null,"records":1}}}"#, ids + #""into" is null"#),
            (#"{"dedupe":{"merge":{"absorbed":"\#(a)","into":["\#(b)"],"records":1}}}"#, ids + #""into" is ["\#(b)"]"#),
            (
                #"{"dedupe":{"merge":{"absorbed":"\#(a)","into":"\#(a)","records":1}}}"#,
                "a dedupe merge line whose cluster \(a) absorbs itself: sluice-dedupe never writes one"
            ),
            (
                #"{"dedupe":{"merge":{"absorbed":"\#(a)","into":"\#(b)","records":1.5}}}"#,
                #"a dedupe merge line needs "records", a whole number from 0: it is 1.5"#
            ),
            (
                #"{"dedupe":{"merge":{"absorbed":"\#(a)","into":"\#(b)","records":-1}}}"#,
                #"a dedupe merge line needs "records", a whole number from 0: it is -1"#
            ),
        ]
        // A line of one member holding `merge` alone, its members not dedupe's: it was loaded as a
        // row of dedupe_merge_* columns (a line missing "records", or one member more, a hand
        // edit), its clusters never merged.
        let members = #"a dedupe merge line holds "absorbed", "into" and "records" alone: its "merge" is "#
        let garbled: [(String, String)] = [
            (#"{"dedupe":{"merge":{"absorbed":"\#(a)","into":"\#(b)"}}}"#, members + #"{"absorbed":"\#(a)","into":"\#(b)"}"#),
            (#"{"dedupe":{"merge":{"absorbed":"a","into":"b","count":1}}}"#, members + #"{"absorbed":"a","into":"b","count":1}"#),
            (
                #"{"dedupe":{"merge":{"absorbed":"\#(a)","into":"\#(b)","records":1,"by":"me","at":"noon"}}}"#,
                members + #"{"absorbed":"\#(a)","into":"\#(b)","records":1,"by":"me","at":"noon"}"#
            ),
            (#"{"dedupe":{"merge":"\#(a)"}}"#, members + #""\#(a)""#),
        ]
        for (line, why) in cases + garbled {
            #expect(try recognised(line) == .failure(ClusterMerge.Malformed(why: why)), "\(line)")
        }
        #expect(try recognised(#"{"dedupe":{"merge":{"absorbed":"\#(a)","into":"\#(b)","records":0}}}"#) != nil)
    }

    @Test func recognisesTheSummaryLineInItsExactShapeOnly() throws {
        let parse = { (line: String) in try ClusterSummary.recognise(JSONParser.parse(Array(line.utf8))) }
        #expect(
            try parse(#"{"dedupe":{"against":{"known":5,"joined":2,"created":1,"merged":0}}}"#)
                == .success(ClusterSummary(member: "dedupe", known: 5, joined: 2, created: 1, merged: 0)))
        #expect(try parse(#"{"m":{"against":{"known":5,"joined":2,"created":1,"merged":0}}}"#).flatMap { try? $0.get() }?.member == "m")
        // One member holding `against` alone, but not its four counts: malformed (it was a row).
        let why = #"a dedupe summary line holds "known", "joined", "created" and "merged", whole numbers from 0: its "against" is "#
        for against in [
            #"{"known":5,"joined":2,"created":1}"#, #"{"known":5,"joined":-2,"created":1,"merged":0}"#,
            #"{"known":5,"joined":"2","created":1,"merged":0}"#, #"{"known":"x","joined":-1,"created":1e400,"merged":null}"#, "{}",
        ] {
            #expect(try parse(#"{"dedupe":{"against":\#(against)}}"#) == .failure(ClusterMerge.Malformed(why: why + against)))
        }
        #expect(try parse(#"{"id":1,"dedupe":{"against":{"known":5,"joined":2,"created":1,"merged":0}}}"#) == nil)
    }

    @Test func chainsEndAtTheLastSurvivor() {
        #expect(ClusterMerges.last("b", in: ["a": "b", "b": "c"]) == "c")
        #expect(ClusterMerges.last("c", in: ["a": "b", "b": "c"]) == "c")
        // A cycle ends in its smallest id, wherever it is entered.
        #expect(ClusterMerges.last("a", in: ["a": "b", "b": "a"]) == "a")
        #expect(ClusterMerges.last("b", in: ["a": "b", "b": "a"]) == "a")
        #expect(ClusterMerges.last("x", in: ["x": "c", "c": "b", "b": "c"]) == "b")
        #expect(ClusterMerges.last("a", in: ["a": "a"]) == "a")
    }

    /// Merge lines dedupe never writes: a cluster into itself, and a cycle. Before, `a` into `a`
    /// took every row of `a` off canonical ("2 rows moved"), and `a` into `b` with `b` into `a`
    /// swapped the two clusters' ids, neither keeping a canonical row.
    @Test func aMergeIntoItselfOrACycleLeavesOneCanonicalRow() throws {
        let database = try Database(path: ":memory:", busyTimeoutMilliseconds: 0)
        try database.execute(
            """
            CREATE TABLE t (id INTEGER, dedupe_cluster TEXT, dedupe_size INTEGER, dedupe_canonical INTEGER);
            INSERT INTO t VALUES (1, 'a', 2, 1), (2, 'a', 2, 0), (3, 'b', 2, 1), (4, 'b', 2, 0), (5, 'c', 1, 1)
            """)
        var schema = TableSchema(table: "t")
        try schema.read(from: database)
        var merges = ClusterMerges()
        let place = StageContext.Location(source: "in.ndjson", line: 1)
        merges.pending = [
            (ClusterMerge(member: "dedupe", absorbed: "c", into: "c", records: 1), place, []),
            (ClusterMerge(member: "dedupe", absorbed: "b", into: "a", records: 2), place, []),
            (ClusterMerge(member: "dedupe", absorbed: "a", into: "b", records: 2), place, []),
        ]
        #expect(try merges.apply(to: schema, in: database).isEmpty)
        #expect(merges.rowsMoved == 2)
        #expect(
            try database.column("SELECT id || ' ' || dedupe_cluster || ' ' || dedupe_size || ' ' || dedupe_canonical FROM t ORDER BY id") == [
                "1 a 4 1", "2 a 4 0", "3 a 4 0", "4 a 4 0", "5 c 1 1",
            ])
    }

    @Test func movesTheAbsorbedRowsAndCountsTheSurvivors() throws {
        let database = try Database(path: ":memory:", busyTimeoutMilliseconds: 0)
        try database.execute(
            """
            CREATE TABLE t (id INTEGER, dedupe_cluster TEXT, dedupe_size INTEGER, dedupe_canonical INTEGER);
            INSERT INTO t VALUES (1, 'a', 1, 1), (2, 'b', 2, 1), (3, 'b', 2, 0), (4, 'c', 1, 1), (5, 'c', 2, 0), (6, 'd', 1, 1)
            """)
        var schema = TableSchema(table: "t")
        try schema.read(from: database)
        var merges = ClusterMerges()
        let place = StageContext.Location(source: "in.ndjson", line: 1)
        // b into c is said before a into b: a's row still ends in c.
        merges.pending = [
            (ClusterMerge(member: "dedupe", absorbed: "b", into: "c", records: 2), place, []),
            (ClusterMerge(member: "dedupe", absorbed: "a", into: "b", records: 1), place, []),
            (ClusterMerge(member: "other", absorbed: "d", into: "c", records: 1), place, []),
        ]
        let refused = try merges.apply(to: schema, in: database)
        #expect(refused.map(\.merge.member) == ["other"])
        #expect(merges.applied == 2 && merges.rowsMoved == 3)
        #expect(
            try database.column("SELECT id || ' ' || dedupe_cluster || ' ' || dedupe_size || ' ' || dedupe_canonical FROM t ORDER BY id") == [
                "1 c 5 0", "2 c 5 0", "3 c 5 0", "4 c 5 1", "5 c 5 0", "6 d 1 1",
            ])
    }

    /// A summary line: its counts kept, and every cluster whose rows disagree with its row count
    /// recounted (a known cluster a new row joined); one without a cluster column refused.
    @Test func aSummaryRecountsTheClustersNewRowsJoined() throws {
        let database = try Database(path: ":memory:", busyTimeoutMilliseconds: 0)
        try database.execute(
            """
            CREATE TABLE t (id INTEGER, dedupe_cluster TEXT, dedupe_size INTEGER);
            INSERT INTO t VALUES (1, 'a', 1), (2, 'a', 2), (3, 'b', 2), (4, 'b', 2), (5, 'c', 1), (6, NULL, NULL)
            """)
        var schema = TableSchema(table: "t")
        try schema.read(from: database)
        var merges = ClusterMerges()
        let place = StageContext.Location(source: "in.ndjson", line: 9)
        let line = #"{"dedupe":{"against":{"known":4,"joined":1,"created":1,"merged":0}}}"#
        #expect(try Array(line.utf8).withUnsafeBufferPointer { try merges.hold(try JSONParser.parse($0), location: place, raw: $0) })
        let other = #"{"other":{"against":{"known":4,"joined":1,"created":1,"merged":0}}}"#
        #expect(try Array(other.utf8).withUnsafeBufferPointer { try merges.hold(try JSONParser.parse($0), location: place, raw: $0) })
        #expect(try !Array(#"{"id":7}"#.utf8).withUnsafeBufferPointer { try merges.hold(try JSONParser.parse($0), location: place, raw: $0) })
        let refused = try merges.apply(to: schema, in: database)
        #expect(refused.map(\.merge.member) == ["other"])
        #expect(merges.summarised == 1 && merges.linked == 1 && merges.created == 1 && merges.rowsResized == 2)
        #expect(
            try database.column("SELECT id || ' ' || coalesce(dedupe_cluster, '-') || ' ' || coalesce(dedupe_size, '-') FROM t ORDER BY id") == [
                "1 a 2", "2 a 2", "3 b 2", "4 b 2", "5 c 1", "6 - -",
            ])
    }
}
