import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct KnownClustersTests {
    func person(_ given: String, _ surname: String, _ suburb: String?, _ born: String?, row: Int) -> String {
        func text(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "null" }
        return
            #"{"given_name":"\#(given)","surname":"\#(surname)","suburb":\#(text(suburb)),"date_of_birth":\#(text(born)),"provenance":{"row":\#(row)}}"#
    }

    /// A matcher that scores with the model learnt on `lines` and the Febrl people (no EM of its
    /// own), as `--model` gives one.
    static func matcher(
        learntOn lines: [String], specs: [ComparisonSpec], rules: [BlockingRule], settings: FuzzyMatcher.Settings
    ) throws -> FuzzyMatcher {
        var learner = FuzzyMatcher(specs: specs, rules: rules, settings: settings)
        var all = RecordFacts(keepProvenance: false)
        for line in lines + FuzzyMatcherTests.people {
            try withRecord(line) { record in
                learner.append(record)
                try all.append(record)
            }
        }
        _ = try learner.match(facts: all, pairsSink: nil)
        var matcher = FuzzyMatcher(specs: specs, rules: rules, settings: settings)
        matcher.preset = (try #require(learner.model), 0.9)
        return matcher
    }

    /// Links `new` against `known` (records with their cluster ids), with a model learnt on
    /// both at once, as a caller would with `--model`.
    func link(known: [(String, UInt64)], new: [String]) throws -> (KnownClusters, KnownClusters.Outcome) {
        var settings = FuzzyMatcher.Settings()
        settings.termFrequency = false
        let specs = try ["given_name", "surname", "suburb", "date_of_birth:date"].map(ComparisonSpec.parse)
        let rules = [try BlockingRule.parse("surname:soundex")]
        var matcher = try Self.matcher(learntOn: known.map(\.0) + new, specs: specs, rules: rules, settings: settings)
        var clusters = KnownClusters()
        var facts = RecordFacts(keepProvenance: false)
        for (line, id) in known {
            clusters.append(id: id)
            try withRecord(line) { record in
                matcher.append(record)
                try facts.append(record)
            }
        }
        clusters.finish()
        matcher.knownCount = clusters.count
        matcher.knownLinks = clusters.links
        for line in new {
            try withRecord(line) { record in
                matcher.append(record)
                try facts.append(record)
            }
        }
        return (clusters, try clusters.resolve(try matcher.match(facts: facts, pairsSink: nil), facts: facts))
    }

    @Test func aMatchingRecordJoinsItsKnownClusterAndTakesItsId() throws {
        let known = [
            (person("lachlan", "berry", "bittern", "19990219", row: 1), UInt64(0xA1)),
            (person("amy", "purdie", "nedlands", "19610303", row: 2), 0xB2),
        ]
        let (_, outcome) = try link(known: known, new: [person("lachlan", "berry", "bittren", "19990219", row: 3)])
        let cluster = outcome.table.clusters[Int(outcome.table.clusterOf[0])]
        #expect(cluster.id == 0xA1)
        #expect(cluster.size == 2)
        #expect(!outcome.table.isCanonical(0))
        #expect(outcome.joined == 1 && outcome.created == 0 && outcome.merges.isEmpty)
    }

    @Test func knownRecordsAreNeverComparedWithEachOther() throws {
        // Two known records of one cluster that the model would never link stay one cluster,
        // and two identical known records in different clusters are not merged.
        let known = [
            (person("lachlan", "berry", "bittern", "19990219", row: 1), UInt64(0xA1)),
            (person("jack", "berry", "toowoomba", "19570704", row: 2), 0xA1),
            (person("kayla", "harrington", "maribyrnong", "19150612", row: 3), 0xC3),
            (person("kayla", "harrington", "maribyrnong", "19150612", row: 4), 0xD4),
        ]
        let (_, outcome) = try link(known: known, new: [person("mia", "castle", "fitzroy", "19800101", row: 5)])
        #expect(outcome.merges.isEmpty && outcome.joined == 0 && outcome.created == 1)
    }

    @Test func aNewClusterNeverTakesAKnownId() throws {
        let record = person("mia", "castle", "fitzroy", "19800101", row: 5)
        var facts = RecordFacts(keepProvenance: false)
        try withRecord(record) { try facts.append($0) }
        let ownId = try facts.identities()[0]
        // A known cluster (of another person) that happens to hold the id the new record would get.
        let (_, outcome) = try link(known: [(person("amy", "purdie", "nedlands", "19610303", row: 2), ownId)], new: [record])
        let id = outcome.table.clusters[0].id
        #expect(id != ownId)
        #expect(outcome.created == 1)
    }

    @Test func aRecordLinkingTwoKnownClustersMergesThemIntoTheLarger() throws {
        // Known: the same person twice, once without a suburb (two records), once without a
        // birth date; the newcomer holds both and links to each.
        let known = [
            (person("lachlan", "berry", nil, "19990219", row: 1), UInt64(0xF0)),
            (person("lachlan", "berry", nil, "19990219", row: 2), 0xF0),
            (person("lachlan", "berry", "bittern", nil, row: 3), 0x01),
        ]
        let (_, outcome) = try link(known: known, new: [person("lachlan", "berry", "bittern", "19990219", row: 4)])
        #expect(outcome.merges == [KnownClusters.Merge(absorbed: 0x01, into: 0xF0, records: 1)])
        #expect(outcome.table.clusters[0].id == 0xF0 && outcome.table.clusters[0].size == 4)
    }

    @Test func aKnownClusterPartedByAChainSplitStaysWholeWhereMostOfItWent() throws {
        var known = KnownClusters()
        for id: UInt64 in [0xA, 0xA, 0xA, 0xB] { known.append(id: id) }
        known.finish()
        var facts = RecordFacts(keepProvenance: false)
        for row in 1...6 { try withRecord(#"{"n":\#(row),"provenance":{"row":\#(row)}}"#) { try facts.append($0) } }
        // After the split: two of A's records with new record 5, A's third with B and new record 4.
        let parts: [Int32] = [0, 0, 1, 1, 1, 0]
        let clusters = [
            ClusterTable.Cluster(id: 1, size: 3, canonical: 0), ClusterTable.Cluster(id: 2, size: 3, canonical: 2),
        ]
        let outcome = try known.resolve(ClusterTable(clusterOf: parts, clusters: clusters, scores: [Float](repeating: 0.95, count: 6)), facts: facts)
        let ofRecord4 = outcome.table.clusters[Int(outcome.table.clusterOf[0])]
        let ofRecord5 = outcome.table.clusters[Int(outcome.table.clusterOf[1])]
        #expect(ofRecord5.id == 0xA && ofRecord5.size == 4)
        #expect(ofRecord4.id == 0xB && ofRecord4.size == 2)
        #expect(outcome.merges.isEmpty && outcome.joined == 2 && outcome.created == 0)
    }

    @Test func theSurvivorIsTheLargestThenTheSmallestId() {
        var known = KnownClusters()
        for id: UInt64 in [9, 9, 5, 7, 7] { known.append(id: id) }
        known.finish()
        #expect(known.survivor(of: [5, 9, 7]) == 7)
        #expect(known.survivor(of: [5]) == 5)
        #expect(known.links.map { [$0.0, $0.1] } == [[0, 1], [3, 4]])
    }

    @Test func mergeLinesOfAnEarlierRunAreApplied() throws {
        var known = KnownClusters()
        known.append(id: 1)
        known.append(id: 2)
        known.reportedMerges = [2: 3, 3: 1]
        known.finish()
        #expect(known.ids == [1, 1])
        let line = KnownClusters.line(.init(absorbed: 2, into: 1, records: 4), memberKey: "dedupe")
        var out: [UInt8] = []
        JSONWriter.write(line, to: &out)
        #expect(
            String(decoding: out, as: UTF8.self) == #"{"dedupe":{"merge":{"absorbed":"0000000000000002","into":"0000000000000001","records":4}}}"#)
    }

    /// What the first pass reads of a line's dedupe member where it lies is what the member's
    /// parsed value says (the oracle below is how it was read before, from a `JSONValue`):
    /// escaped ids, capitals, repeated keys (the first), members in any order, nested ones,
    /// wrong types and lengths.
    @Test(arguments: [
        #"{"cluster":"00000000000000a1","size":2}"#, #"{"size":1,"cluster":"00000000000000A1"}"#,
        #"{"cluster":"\u0030\u00300000000000000a1"}"#, #"{"cluster":"00000000000000a1","cluster":"0000000000000002"}"#,
        #"{"cluster":"0000000000000a1"}"#, #"{"cluster":"+000000000000a10"}"#, #"{"cluster":"00000000000000g1"}"#,
        #"{"cluster":1234567890123456}"#, #"{"cluster":null}"#, #"{"other":{"cluster":"00000000000000a1"}}"#,
        #"{"merge":{"absorbed":"0000000000000002","into":"0000000000000001","records":4}}"#,
        #"{"merge":{"into":"0000000000000001","absorbed":"0000000000000002"},"cluster":"0000000000000003"}"#,
        #"{"merge":{"absorbed":"0000000000000002"}}"#, #"{"merge":null}"#, #"{"merge":"0000000000000002"}"#,
        #"{"against":{"known":3,"joined":1}}"#, #"{"against":null,"cluster":"0000000000000003"}"#, #"{}"#, "[]", #""text""#, "7",
    ])
    func aMarkIsWhatTheParsedMemberSays(member: String) throws {
        let line = #"{"title":"x","dedupe":"# + member + "}"
        func bad(_ reason: String) -> StageFailure { .data(source: "known.ndjson", line: 1, "--against: " + reason) }
        try withRecord(line) { record in
            let raw = record.member(named: "dedupe").map(record.rawValue)
            let read = Result { () throws(StageFailure) in try KnownClusters.mark(raw, memberKey: "dedupe", bad) }
            let parsed = Result { () throws(StageFailure) in try Self.parsedMark(record.value(forKey: "dedupe"), bad) }
            switch (read, parsed) {
            case (.success(let a), .success(let b)): #expect(a == b, "\(member)")
            case (.failure(let a), .failure(let b)): #expect(a.message == b.message, "\(member)")
            default: Issue.record("\(member): read \(read), parsed \(parsed)")
            }
        }
        try withRecord(#"{"title":"x"}"#) { _ in
            #expect(throws: StageFailure.self) { try KnownClusters.mark(nil, memberKey: "dedupe", bad) }
        }
    }

    /// The mark as it was read from the member's parsed value, before it was read where it lies.
    static func parsedMark(_ mark: JSONValue?, _ bad: (String) -> StageFailure) throws(StageFailure) -> KnownClusters.Mark {
        if let merge = mark?["merge"] {
            guard let absorbed = merge["absorbed"]?.stringValue.flatMap(KnownClusters.id),
                let into = merge["into"]?.stringValue.flatMap(KnownClusters.id)
            else { throw bad("a merge line needs \"absorbed\" and \"into\" cluster ids (16 hex digits)") }
            return .merge(absorbed: absorbed, into: into)
        }
        if mark?["against"] != nil, mark?["cluster"] == nil { return .summary }
        guard let id = mark?["cluster"]?.stringValue.flatMap(KnownClusters.id) else {
            throw bad(#"a known record needs its "dedupe":{"cluster":"…"} (16 hex digits): KNOWN is an output of sluice-dedupe (--mark)"#)
        }
        return .record(id)
    }
}
