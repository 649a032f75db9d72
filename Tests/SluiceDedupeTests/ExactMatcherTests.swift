import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct ExactMatcherTests {
    func labels(_ paths: [String], fold: Bool, _ lines: [String]) throws -> ExactMatcher {
        var matcher = ExactMatcher(paths: paths, fold: fold)
        for line in lines { try withRecord(line) { matcher.append($0) } }
        return matcher
    }

    @Test func equalKeysShareALabel() throws {
        let m = try labels(
            ["title", "address.key"], fold: false,
            [
                #"{"title":"Vertigo","address":{"key":"california st & mason st"}}"#,
                #"{"title":"Vertigo","address":{"key":"california st & mason st"},"x":1}"#,
                #"{"title":"Vertigo","address":{"key":"powell st"}}"#,
            ])
        #expect(m.clusterOf[0] == m.clusterOf[1])
        #expect(m.clusterOf[0] != m.clusterOf[2])
        #expect(m.clusters.map(\.size) == [2, 1])
    }

    /// The clusters built as records arrive are those `ClusterTable(labels:…)` builds from
    /// labels and every record's facts (what exact mode held before: 50 bytes a record).
    @Test func clustersAreThoseOfTheLabelledTable() throws {
        let lines = [
            #"{"k":"a","provenance":{"row":1}}"#, #"{"k":"b","x":null,"provenance":{"row":2}}"#,
            #"{"k":"a","x":1,"provenance":{"row":3}}"#, #"{"x":1,"provenance":{"row":4}}"#,
            #"{"k":"b","x":"","y":"","provenance":{"row":5}}"#, #"{"k":"a","x":2,"provenance":{"row":6}}"#, #"{"k":"b"}"#,
        ]
        let m = try labels(["k"], fold: false, lines)
        var facts = RecordFacts(keepProvenance: false)
        for line in lines { try withRecord(line) { try facts.append($0) } }
        let expected = try ClusterTable(
            labels: [0, 1, 0, -4, 1, 0, 1], facts: facts, keyHashes: [StableHash.of(Array(#""a""#.utf8)), StableHash.of(Array(#""b""#.utf8))])
        let table = m.table
        #expect(table.clusterOf == expected.clusterOf)
        #expect(table.clusters.map(\.id) == expected.clusters.map(\.id))
        #expect(table.clusters.map(\.size) == expected.clusters.map(\.size))
        // The most complete member, the earliest on ties: record 2 (k, x, provenance) in "a".
        #expect(table.clusters.map(\.canonical) == expected.clusters.map(\.canonical))
        #expect(table.clusters.map(\.canonical) == [2, 1, 3])
        #expect((0..<lines.count).map { table.score(of: $0) == 1 } == [true, true, true, false, true, true, true])
        #expect(table.score(of: 3).isNaN)
    }

    @Test func missingKeysStayAlone() throws {
        let m = try labels(["address.key"], fold: false, [#"{"a":1}"#, #"{"a":1}"#, #"{"address":{"key":null}}"#, #"{"address":{"key":""}}"#])
        #expect(Set(m.clusterOf).count == 4)
        #expect(m.withoutKey == 4)
    }

    /// Parts of one row (`sluice-sanitize --split`: one provenance) without a key are clusters
    /// of their own with ids of their own, as fuzzy mode's (`RecordFacts.clusterIdentities`);
    /// they had one id.
    @Test func partsOfOneRowWithoutAKeyHaveIdsOfTheirOwn() throws {
        let lines = [
            #"{"k":"a","provenance":{"row":1}}"#, #"{"x":1,"provenance":{"row":1}}"#, #"{"x":2,"provenance":{"row":1}}"#,
            #"{"x":3,"provenance":{"row":2}}"#,
        ]
        let m = try labels(["k"], fold: false, lines)
        #expect(Set(m.clusters.map(\.id)).count == 4)
        #expect(try m.clusters.map(\.id).dropFirst() == facts(lines).clusterIdentities().dropFirst())
    }

    @Test func foldIgnoresCaseAndPunctuation() throws {
        let lines = [#"{"locations":"Vallejo St. Garage"}"#, #"{"locations":"vallejo st garage"}"#]
        #expect(try labels(["locations"], fold: false, lines).clusterOf == [0, 1])
        #expect(try labels(["locations"], fold: true, lines).clusterOf == [0, 0])
    }

    @Test func numbersCompareAsWritten() throws {
        let m = try labels(["n"], fold: false, [#"{"n":1.0}"#, #"{"n":1}"#, #"{"n":1.0}"#])
        #expect(m.clusterOf == [0, 1, 0])
    }

    /// The key as the matcher used to build it: each value parsed and written again.
    func writtenKey(_ record: NDJSONRecord, _ paths: [String]) -> [UInt8]? {
        var parts: [String] = []
        for path in paths {
            guard let value = record.value(atPath: path), value != .null, value != .string("") else { return nil }
            parts.append(JSONWriter.string(value))
        }
        return Array(parts.joined(separator: "\u{1F}").utf8)
    }

    @Test(arguments: [
        #"{"t":"Vertigo","n":1.50,"a":{"key":"mason st"}}"#,
        #"{ "t" : "a\"b\u00e9" , "n" : -2e3 , "a" : { "key" : "x" } }"#,
        #"{"t":"café","n":true,"a":{"key":["b",{"c" : 1}]}}"#,
        #"{"t":"x","n":1,"a":{"key":{"z":1, "y":[null]}},"a":{"key":"second"}}"#,
        #"{"t":"x","n":1,"a":"not an object"}"#,
        #"{"t":"","n":1,"a":{"key":"k"}}"#,
        #"{"t":"x","n":null,"a":{"key":"k"}}"#,
    ])
    func keyTextIsTheWrittenValues(line: String) throws {
        try withRecord(line) { record in
            var key: [UInt8] = [0x41]
            let found = ExactMatcher.KeyFields(paths: ["t", "n", "a.key"], fold: false).key(of: record, into: &key)
            let expected = writtenKey(record, ["t", "n", "a.key"])
            #expect(found == (expected != nil))
            #expect(key == [0x41] + (expected ?? []))
        }
    }
    /// `address.key` leaves the town out: a cluster of one street key whose records name
    /// different towns is counted (once), case and punctuation aside; a record naming none, or
    /// a key that holds the town too, counts nothing.
    @Test func aStreetKeyOfSeveralTownsIsCounted() throws {
        let lines = [
            #"{"address":{"key":"100 main","city":"Seattle"}}"#, #"{"address":{"key":"100 main","city":"SEATTLE"}}"#,
            #"{"address":{"key":"100 main"}}"#, #"{"address":{"key":"100 main","city":"Boston"}}"#,
            #"{"address":{"key":"100 main","city":"Portland"}}"#, #"{"address":{"key":"1 oak","city":"St. Paul"}}"#,
            #"{"address":{"key":"1 oak","city":"st paul"}}"#,
        ]
        let matcher = try labels(["address.key"], fold: false, lines)
        #expect(matcher.fields.townPaths == [["address", "city"]])
        #expect(matcher.clustersOfSeveralTowns == 1)
        let withTown = try labels(["address.key", "address.city"], fold: false, lines)
        #expect(withTown.fields.townPaths.isEmpty && withTown.clustersOfSeveralTowns == 0)
        #expect(ExactMatcher.KeyFields(paths: ["title"], fold: false).townPaths.isEmpty)
        #expect(ExactMatcher.KeyFields(paths: ["address.key", "address.zip"], fold: false).townPaths.isEmpty)
    }
}
