import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct FuzzyMatcherTests {
    /// People from Febrl's dataset1: three duplicated with typos, the rest distinct.
    static let people = [
        #"{"given_name":"lachlan","surname":"berry","suburb":"bittern","date_of_birth":"19990219","provenance":{"row":1}}"#,
        #"{"given_name":"lachlan","surname":"berry","suburb":"bittren","date_of_birth":"19990219","provenance":{"row":2}}"#,
        #"{"given_name":"deakin","surname":"sondergeld","suburb":"sutherland","date_of_birth":"19120815","provenance":{"row":3}}"#,
        #"{"given_name":"deakin","surname":"sondergeld","suburb":"sutherland","date_of_birth":"19120518","provenance":{"row":4}}"#,
        #"{"given_name":"kayla","surname":"harrington","suburb":"maribyrnong","date_of_birth":"19150612","provenance":{"row":5}}"#,
        #"{"given_name":"kayla","surname":"harringotn","suburb":"maribyrnong","date_of_birth":"19150612","provenance":{"row":6}}"#,
        #"{"given_name":"luke","surname":"purdon","suburb":"ramsgate","date_of_birth":"19830121","provenance":{"row":7}}"#,
        #"{"given_name":"jack","surname":"berry","suburb":"toowoomba","date_of_birth":"19570704","provenance":{"row":8}}"#,
        #"{"given_name":"sienna","surname":"harris","suburb":"burwood","date_of_birth":null,"provenance":{"row":9}}"#,
        #"{"given_name":"amy","surname":"purdie","suburb":"nedlands","date_of_birth":"19610303","provenance":{"row":10}}"#,
    ]

    /// Ten records are too few for value frequencies to mean anything: no term-frequency adjustment.
    var settings: FuzzyMatcher.Settings {
        var settings = FuzzyMatcher.Settings()
        settings.termFrequency = false
        return settings
    }

    func run(_ lines: [String], specs: [String] = ["given_name", "surname", "suburb", "date_of_birth:date"], keepsColumnValues: Bool = true)
        throws -> (FuzzyMatcher, ClusterTable)
    {
        var matcher = FuzzyMatcher(
            specs: try specs.map(ComparisonSpec.parse),
            rules: [try BlockingRule.parse("surname:soundex"), try BlockingRule.parse("date_of_birth")],
            settings: settings)
        matcher.keepsColumnValues = keepsColumnValues
        var recordFacts = RecordFacts(keepProvenance: false)
        for line in lines {
            try withRecord(line) { record in
                matcher.append(record)
                try recordFacts.append(record)
            }
        }
        let table = try matcher.match(facts: recordFacts, pairsSink: nil)
        return (matcher, table)
    }

    @Test func ranksSortedInTwoHalvesAreTheRanksSortedWhole() throws {
        func ranks(threads: Int) throws -> [Int32] {
            var settings = FuzzyMatcher.Settings()
            settings.threads = threads
            var matcher = FuzzyMatcher(specs: [try .parse("title:jw")], rules: [try .parse("title")], settings: settings)
            // More distinct texts than the halves need, some outside ASCII, some missing.
            var state: UInt64 = 7
            for k in 0..<40_000 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let title = k % 97 == 0 ? "null" : #""t\#(state >> 40)\#(k % 5 == 0 ? "é" : "")""#
                try withRecord(#"{"title":\#(title)}"#) { matcher.append($0) }
            }
            for column in matcher.columns { try column.finish() }
            let ranks = matcher.sortRanks()
            return (0..<40_000).map { Int32(ranks.rank($0)) }
        }
        let whole = try ranks(threads: 1)
        #expect(try ranks(threads: 2) == whole)
        #expect(whole[0] == Int32.max, "a record without the text sorts last")
        #expect(Set(whole.filter { $0 != Int32.max }).count > 1 << 14)
    }

    /// Ranks order the texts as `String` does: texts sharing their first 8 bytes, texts that
    /// end inside them or are another's start, and texts outside ASCII beside ASCII ones.
    @Test func ranksFollowTheTextsOrder() throws {
        let titles = [
            "abcdefgh", "abcdefghi", "abcdefgha", "abcdefgg", "abc", "ab", "abcdefgω", "abcdωfgh", "b", "zz", "a b", "ab cdefghij",
            "\u{D55C}국", "ω", "e", "abcdefgh z",
        ]
        var matcher = FuzzyMatcher(specs: [try .parse("title:jw")], rules: [try .parse("title")], settings: FuzzyMatcher.Settings())
        for title in titles { try withRecord(#"{"title":"\#(title)"}"#) { matcher.append($0) } }
        for column in matcher.columns { try column.finish() }
        let ranks = matcher.sortRanks()
        let column = matcher.columns[0]
        let byRank = titles.indices.sorted { ranks.rank($0) < ranks.rank($1) }.map { column.texts[Int(column.ids[$0])] }
        #expect(byRank == column.texts.sorted())
        #expect(Set(titles.indices.map { ranks.rank($0) }).count == titles.count)
    }

    @Test func duplicatesClusterAndOthersStayAlone() throws {
        let (matcher, table) = try run(Self.people)
        #expect(table.inOneCluster(0, 1) && table.inOneCluster(2, 3) && table.inOneCluster(4, 5))
        #expect(Set([0, 2, 4, 6, 7, 8, 9].map { table.cluster(of: $0).id }).count == 7)
        #expect((6...9).allSatisfy { table.clusterOf[$0] == ClusterTable.alone && table.cluster(of: $0).size == 1 })
        #expect(table.clusterCount == 7 && table.clusters.count == 3)
        #expect(matcher.pairsCompared > 0)
        #expect(table.scores[0] > 0.9 && table.scores[6].isNaN)
    }

    /// A matcher that frees its columns' values as soon as nothing compares them (the stage's)
    /// makes the clusters one that keeps them makes: a `tokens` column's words are compared, not
    /// its texts, and linking frees every value only once the clusters are split.
    @Test func freeingValuesEarlyChangesNoCluster() throws {
        let specs = ["given_name", "surname:tokens", "suburb:tokens", "date_of_birth:date"]
        let (kept, expected) = try run(Self.people, specs: specs)
        let (freed, table) = try run(Self.people, specs: specs, keepsColumnValues: false)
        #expect(table.clusterOf == expected.clusterOf && table.clusters.map(\.id) == expected.clusters.map(\.id))
        #expect(table.scores.map(\.bitPattern) == expected.scores.map(\.bitPattern))
        #expect(freed.pairsCompared == kept.pairsCompared && freed.pairsMatched == kept.pairsMatched)
        #expect(kept.columns.allSatisfy { !$0.ids.isEmpty || !$0.first.isEmpty }, "kept to the end")
        #expect(freed.columns.allSatisfy { $0.ids.isEmpty && $0.values.count == 0 && $0.first.isEmpty }, "freed once linked")
    }

    /// Without the values kept, a `tokens` column frees its texts once split into words; the
    /// first text column keeps them, for sorted neighbourhood's order.
    @Test func tokensColumnFreesItsTextsOnceSplit() throws {
        let specs = try ["given_name:tokens", "suburb:tokens"].map(ComparisonSpec.parse)
        var matcher = FuzzyMatcher(specs: specs, rules: [try .parse("surname")], settings: settings)
        matcher.keepsColumnValues = false
        for line in Self.people { try withRecord(line) { matcher.append($0) } }
        try matcher.compare(recordCount: Self.people.count, keepAll: false)
        let (sorted, other) = (matcher.columns[0], matcher.columns[1])
        #expect(sorted.values.count > 0 && sorted.wordSets.count == sorted.values.count)
        #expect(other.values.count == 0 && other.wordSets.count > 0 && !other.ids.isEmpty)
    }

    @Test func addingRecordsKeepsClusterIds() throws {
        let (_, before) = try run(Self.people)
        let extra = #"{"given_name":"mia","surname":"castle","suburb":"fitzroy","date_of_birth":"19800101","provenance":{"row":11}}"#
        let (_, after) = try run([extra] + Self.people)
        for record in Self.people.indices {
            #expect(before.cluster(of: record).id == after.cluster(of: record + 1).id)
        }
    }
}

extension FuzzyMatcherTests {
    /// Repeated raw values copy an earlier record's results: the columns and keys must be those
    /// of parsing every record, for dotted paths, missing members and rules over several members.
    @Test func repeatedValuesReadAsIfParsedAgain() throws {
        let lines = [
            #"{"name":"Grace Cathedral","address":{"street":"1100 California St","postcode":"94108"},"year":1964}"#,
            #"{"name":"grace cathedral","address":{"street":"1100 California St","postcode":"94108"},"year":"1964"}"#,
            #"{"name":"Grace Cathedral","address":{"street":"1100 California St.","postcode":"94108"}}"#,
            #"{"name":"Grace Cathedral","year":1964}"#,
            #"{"name":"Coit Tower","address":{"street":"1 Telegraph Hill Blvd","postcode":"94133"},"year":1933}"#,
            #"{"name":"Coit Tower","year":1933}"#,
        ]
        let specs = try ["name", "address.street:tokens", "address.postcode:exact", "year:num"].map(ComparisonSpec.parse)
        let rules = try ["address.postcode", "name:soundex+year"].map(BlockingRule.parse)
        var matcher = FuzzyMatcher(specs: specs, rules: rules, settings: settings)
        let expected = specs.map(FieldColumn.init)
        var expectedKeys: [[String?]] = rules.map { _ in [] }
        for line in lines {
            try withRecord(line) { record in
                matcher.append(record)
                for column in expected { column.append(record.value(atPath: column.spec.path)) }
                for (rule, blockingRule) in rules.enumerated() { expectedKeys[rule].append(blockingRule.key { record.value(atPath: $0) }) }
            }
        }
        for (column, reference) in zip(matcher.columns, expected) {
            #expect(column.ids == reference.ids && column.counts == reference.counts && column.texts == reference.texts)
            #expect(column.first.map(\.bitPattern) == reference.first.map(\.bitPattern))
        }
        var reference = Blocker(ruleCount: rules.count, recordCount: lines.count, maxBlock: 100, window: 20)
        for (rule, keys) in expectedKeys.enumerated() { for (record, key) in keys.enumerated() { reference.setKey(rule: rule, record: record, key) } }
        #expect(matcher.blocker.keys == reference.keys)
    }

    /// The last rule's keys written to disk as records are read (`Blocker.spilledKeys`) give
    /// the pairs that keys held in memory give: a record repeating an earlier one's raw value
    /// takes that record's key from the memo, one without the member has none, and a rule over
    /// several members keys each record itself; one member thread or several.
    @Test func lastRulesKeysSpilledAsReadGiveTheSamePairs() throws {
        var lines: [String] = []
        var state: UInt64 = 11
        for k in 0..<3_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let postcode = k % 9 == 0 ? "" : #","postcode":"\#(94_100 + state >> 58)""#
            lines.append(#"{"name":"n\#(state >> 54)","year":\#(1950 + k % 3)\#(postcode)}"#)
        }
        for rules in [["postcode", "name:prefix3+year"], ["name:prefix3+year", "postcode"]] {
            func pairs(spills: Bool, threads: Int) throws -> [[Int]] {
                var matcher = FuzzyMatcher(
                    specs: try ["name", "postcode"].map(ComparisonSpec.parse), rules: try rules.map(BlockingRule.parse), settings: settings)
                matcher.blocker.spillsLastRuleKeys = spills
                try matcher.append(threads: threads) { append in
                    for line in lines { try withRecord(line) { append($0) } }
                }
                #expect(matcher.blocker.keys[1].isEmpty == spills)
                var out: [[Int]] = []
                try matcher.blocker.forEachPair(sortKey: { $0 }) { a, b, rule, isNew in out.append([a, b, rule, isNew ? 1 : 0]) }
                return out
            }
            let expected = try pairs(spills: false, threads: 1)
            #expect(expected.count > 1_000 && Set(expected.map { $0[2] }) == [0, 1])
            #expect(try pairs(spills: true, threads: 1) == expected)
            #expect(try pairs(spills: true, threads: 2) == expected)
        }
    }
}
