import Foundation
import SluiceCore
import SluiceTestSupport
import Testing

@testable import SluiceDedupe

@Suite struct KnownSelectionTests {
    static let specs = ["given_name", "surname", "suburb", "date_of_birth:date"]
    static let rules = ["surname:soundex", "date_of_birth"]

    static func person(_ given: String, _ surname: String, _ suburb: String?, _ born: String?, row: Int, cluster: UInt64? = nil) -> String {
        func text(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "null" }
        let mark = cluster.map { #","dedupe":{"cluster":"\#(StableHash.hex($0))","size":1,"canonical":true}"# } ?? ""
        return
            #"{"given_name":"\#(given)","surname":"\#(surname)","suburb":\#(text(suburb)),"date_of_birth":\#(text(born)),"provenance":{"row":\#(row)}\#(mark)}"#
    }

    /// Known: cluster A1 of two records, one sharing the new record's blocks and one (a
    /// surname and birth date of its own) sharing none; cluster 01 sharing the surname; and
    /// six people of other blocks from the same suburb, who make "bittern" common.
    static let known: [String] =
        [
            person("lachlan", "berry", "bittern", "19990219", row: 1, cluster: 0xA1),
            person("lachlan", "langberry", "bittern", "19990912", row: 2, cluster: 0xA1),
            person("lachlan", "berry", "bittern", nil, row: 3, cluster: 0x01),
        ] + (1...6).map { person("amy", "purdie", "bittern", "1961030\($0)", row: 3 + $0, cluster: 0xB0 + UInt64($0)) }
        + [person("kayla", "harrington", "maribyrnong", "19150612", row: 10, cluster: 0xC3)]
    static let new = [person("lachlan", "berry", "bittern", "19990219", row: 11)]

    /// Links `new` against `known` read from a file, holding only what `KnownSelection`
    /// chooses (`selective`) or every known record, with a model learnt on everything (without
    /// its counts, so that term frequencies are the run's own: held and unheld records).
    func link(
        selective: Bool, known knownLines: [String] = known, new newLines: [String] = new, specs specTexts: [String] = specs,
        rules ruleTexts: [String] = rules, settings: FuzzyMatcher.Settings = .init()
    ) throws -> (known: KnownClusters, outcome: KnownClusters.Outcome, held: [Int], pairs: Int) {
        let scratch = try ScratchDirectory()
        let path = scratch.file("known.ndjson")
        try Data((knownLines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let specs = try specTexts.map(ComparisonSpec.parse)
        let rules = try ruleTexts.map(BlockingRule.parse)
        var matcher = try KnownClustersTests.matcher(learntOn: knownLines + newLines, specs: specs, rules: rules, settings: settings)
        var selection: KnownSelection?
        if selective {
            var input = KnownSelection(specs: specs, rules: rules, settings: settings, learntOversized: [])
            for line in newLines { try withRecord(line) { input.addInput($0) } }
            selection = input
        }
        var facts = RecordFacts(keepProvenance: false)
        var held: [Int] = []
        let known = try KnownClusters.read(path: path, memberKey: "dedupe", maxLineBytes: 1 << 20, selection: &selection) { record in
            held.append(Int(record.value(atPath: "provenance.row")?.doubleValue ?? 0))
            matcher.append(record)
            try facts.append(record)
        }
        selection?.use(in: &matcher)
        matcher.knownCount = known.held
        matcher.knownLinks = known.links
        for line in newLines {
            try withRecord(line) { record in
                matcher.append(record)
                try facts.append(record)
            }
        }
        let outcome = try known.resolve(try matcher.match(facts: facts, pairsSink: nil), facts: facts)
        return (known, outcome, held, matcher.pairsCompared)
    }

    @Test func aKnownRecordSharingNoBlockWithTheInputIsNotHeld() throws {
        let (known, _, held, _) = try link(selective: true)
        // Rows 1 and 3 share a block with the new record, row 2 is in row 1's cluster; the
        // people of other blocks (4–9, 10) are read, counted and not held.
        #expect(held == [1, 2, 3])
        #expect(known.count == 10 && known.held == 3)
        #expect(known.size(of: 0xB1) == 1 && known.isKnown(0xC3) && !known.isKnown(0xC4))
        let (all, _, everyRow, _) = try link(selective: false)
        #expect(everyRow == Array(1...10) && all.held == 10)
    }

    @Test func theAnswersAreThoseOfARunHoldingAllOfKnown() throws {
        let (_, partOf, _, _) = try link(selective: true)
        let (_, whole, _, _) = try link(selective: false)
        #expect(partOf.merges == whole.merges && partOf.joined == whole.joined && partOf.created == whole.created)
        #expect(partOf.table.clusterOf == whole.table.clusterOf)
        #expect(partOf.table.clusters.map(\.id) == whole.table.clusters.map(\.id))
        #expect(partOf.table.clusters.map(\.size) == whole.table.clusters.map(\.size))
        #expect(partOf.table.clusters.map(\.canonical) == whole.table.clusters.map(\.canonical))
        #expect(partOf.table.scores.map(\.bitPattern) == whole.table.scores.map(\.bitPattern))
    }

    @Test func aKnownClusterTouchedByOneOfItsRecordsIsReportedWhole() throws {
        let (_, outcome, _, _) = try link(selective: true)
        let cluster = outcome.table.clusters[Int(outcome.table.clusterOf[0])]
        // The new record joins A1 (the larger) and merges 01 into it: A1's record that shares no
        // block still counts in the size and the survivor's choice.
        #expect(cluster.id == 0xA1)
        #expect(outcome.merges == [KnownClusters.Merge(absorbed: 0x01, into: 0xA1, records: 1)])
        #expect(cluster.size == 4)
        #expect(outcome.joined == 1 && outcome.created == 0)
    }

    @Test func inAnOversizedBlockOnlyTheInputsNeighboursAreHeld() throws {
        // One block of six (over --max-block 5), sorted by the first text field, given_name:
        // anna, bella, cara (new), carla, zoe, zora (new). With --window 1 the new records meet
        // bella, carla and zoe only; those five are not over --max-block, and are still compared
        // by sorted neighbourhood (cara and zora never), as in a run holding all of KNOWN.
        let known = ["anna", "bella", "carla", "zoe"].enumerated().map { index, name in
            Self.person(name, "smith", "bittern", nil, row: index + 1, cluster: 0xD0 + UInt64(index))
        }
        let new = [Self.person("cara", "smith", "bittern", nil, row: 5), Self.person("zora", "smith", "bittern", nil, row: 6)]
        var settings = FuzzyMatcher.Settings()
        settings.maxBlock = 5
        settings.window = 1
        func run(_ selective: Bool) throws -> (known: KnownClusters, outcome: KnownClusters.Outcome, held: [Int], pairs: Int) {
            try link(
                selective: selective, known: known, new: new, specs: ["given_name", "surname", "suburb"], rules: ["surname"], settings: settings)
        }
        let (partOf, chosen, held, pairs) = try run(true)
        #expect(held == [2, 3, 4])
        #expect(partOf.count == 4 && partOf.held == 3)
        let (_, whole, _, allPairs) = try run(false)
        #expect(pairs == 3 && allPairs == 3)
        #expect(chosen.table.clusters.map(\.id) == whole.table.clusters.map(\.id))
        #expect(chosen.table.scores.map(\.bitPattern) == whole.table.scores.map(\.bitPattern))
        #expect(chosen.merges == whole.merges && chosen.joined == whole.joined)
    }

    @Test func unheldCountsWeighEqualTextAsOverAllOfKnown() throws {
        let specs = try Self.specs.map(ComparisonSpec.parse)
        let rules = try Self.rules.map(BlockingRule.parse)
        var selection = KnownSelection(specs: specs, rules: rules, settings: FuzzyMatcher.Settings(), learntOversized: [])
        for line in Self.new { try withRecord(line) { selection.addInput($0) } }
        let columns = specs.map(FieldColumn.init)
        for (index, line) in Self.known.enumerated() { try withRecord(line) { selection.read($0, index: Int32(index)) } }
        let held = selection.choose()
        for index in held {
            try withRecord(Self.known[Int(index)]) { record in
                for column in columns { column.append(record.value(atPath: column.spec.path)) }
            }
        }
        selection.removeHeld(from: columns)
        // Suburb: 9 known records hold "bittern", 2 of them held here (rows 1 and 3 share a
        // block; `KnownClusters.read` would hold row 2 too); 1 holds "maribyrnong", not held.
        #expect(columns[2].unheld?.count(of: "bittern") == 7 && columns[2].unheld?.count(of: "maribyrnong") == 1)
        #expect(columns[2].unheld?.present == 8)
        // A date is not text: nothing counted.
        #expect(columns[3].unheld == nil)
        // Without term frequencies, no field is counted (no name field here).
        var noTF = FuzzyMatcher.Settings()
        noTF.termFrequency = false
        #expect(KnownSelection(specs: specs, rules: rules, settings: noTF, learntOversized: []).counts.allSatisfy { $0 == nil })
    }

    @Test func fromAPipeEveryKnownRecordIsHeld() throws {
        // A FIFO cannot be read twice: the selection is dropped and everything held.
        let scratch = try ScratchDirectory()
        let path = scratch.file("known.fifo")
        #expect(mkfifo(path, 0o600) == 0)
        let writer = Thread {
            let fd = open(path, O_WRONLY)
            let text = Array((Self.known.joined(separator: "\n") + "\n").utf8)
            _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        writer.start()
        let specs = try Self.specs.map(ComparisonSpec.parse)
        var selection: KnownSelection? = KnownSelection(
            specs: specs, rules: try Self.rules.map(BlockingRule.parse), settings: FuzzyMatcher.Settings(), learntOversized: [])
        var rows = 0
        let known = try KnownClusters.read(path: path, memberKey: "dedupe", maxLineBytes: 1 << 20, selection: &selection) { _ in rows += 1 }
        #expect(selection == nil && rows == 10 && known.held == 10)
    }

    /// A malformed known line stops the run with the same error whether KNOWN is read whole or
    /// its first pass only checks each line and finds a few members: file, line and reason.
    @Test(arguments: [
        (#"{"given_name":"amy","dedupe":{"cluster":"00000000000000b1"}"#, "invalid JSON: unexpected end of input at column 60"),
        (#"{"given_name":"a\qmy","dedupe":{"cluster":"00000000000000b1"}}"#, "invalid JSON: invalid escape in string at column 17"),
        (#"["not a record"]"#, "a record must be a JSON object, found an array"),
        (
            #"{"given_name":"amy","dedupe":{"cluster":"b1"}}"#,
            #"a known record needs its "dedupe":{"cluster":"…"} (16 hex digits): KNOWN is an output of sluice-dedupe (--mark)"#
        ),
        (#"{"dedupe":{"merge":{"absorbed":"00000000000000b1"}}}"#, #"a merge line needs "absorbed" and "into" cluster ids (16 hex digits)"#),
    ])
    func aMalformedKnownLineIsTheSameErrorEitherWay(line: String, reason: String) throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("known.ndjson")
        let lines = Self.known.prefix(2) + [line] + Self.known.dropFirst(2)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let specs = try Self.specs.map(ComparisonSpec.parse), rules = try Self.rules.map(BlockingRule.parse)
        for selective in [false, true] {
            var selection: KnownSelection?
            if selective {
                var input = KnownSelection(specs: specs, rules: rules, settings: .init(), learntOversized: [])
                for line in Self.new { try withRecord(line) { input.addInput($0) } }
                selection = input
            }
            do {
                _ = try KnownClusters.read(path: path, memberKey: "dedupe", maxLineBytes: 1 << 20, selection: &selection) { _ in }
                Issue.record("read a malformed line")
            } catch let failure as StageFailure {
                #expect(failure.message == "\(path):3: error: --against: \(reason)", "selective: \(selective)")
            }
        }
    }

    /// Reading a known record from its line and first members gives the selection what reading
    /// it as a record does: the same held records and counts, with members in another order,
    /// repeated, missing, or escaped.
    @Test func readingALineIsReadingItsRecord() throws {
        let specs = try Self.specs.map(ComparisonSpec.parse), rules = try Self.rules.map(BlockingRule.parse)
        var input = KnownSelection(specs: specs, rules: rules, settings: .init(), learntOversized: [])
        for line in Self.new { try withRecord(line) { input.addInput($0) } }
        let known =
            Self.known + [
                #"{"date_of_birth":"19990219","surname":"berry","given_name":"lachlan","suburb":"bittern"}"#,
                #"{"surname":"berry","surname":"other","date_of_birth":null,"given_n\u0061me":"lachlan"}"#,
                #"{"suburb":{"surname":"berry"},"given_name":["lachlan"]}"#,
            ]
        var byRecord = input, byLine = input
        let keys = input.headKeys
        var found: [NDJSONRecord.Member?] = []
        for (index, line) in known.enumerated() {
            try withRecord(line) { byRecord.read($0, index: Int32(index)) }
            try Array(line.utf8).withUnsafeBufferPointer { bytes in
                try NDJSONRecord.check(bytes, findingFirst: keys, into: &found)
                byLine.read(line: bytes, members: found, index: Int32(index))
            }
        }
        #expect(byRecord.choose() == byLine.choose())
        #expect(byRecord.counts == byLine.counts)
        #expect(byLine.choose() == [0, 2, 10, 11])
    }

    /// A member the rules read that input records hold and no known record does: KNOWN lacks
    /// the field (a table exported without `--nest address` has `address_key`), so nothing of
    /// KNOWN is compared through those rules. Read from lines, from KNOWN's index, and joined
    /// from ranges, as the first pass reads them.
    @Test func namesTheMembersTheInputHoldsAndKnownLacks() throws {
        let specs = try ["name", "address.key:address"].map(ComparisonSpec.parse)
        let rules = try ["address.key", "name:prefix3"].map(BlockingRule.parse)
        var input = KnownSelection(specs: specs, rules: rules, settings: .init(), learntOversized: [])
        try withRecord(#"{"name":"Joe's Cafe","address":{"key":"100 main"}}"#) { input.addInput($0) }
        let flattened = [#"{"name":"Joe's Cafe","address_key":"100 main"}"#, #"{"name":"Ann Inn","address_key":"7 oak"}"#]
        var byLine = input, joined = input
        let keys = input.headKeys
        var found: [NDJSONRecord.Member?] = []
        for (index, line) in flattened.enumerated() {
            try Array(line.utf8).withUnsafeBufferPointer { bytes in
                try NDJSONRecord.check(bytes, findingFirst: keys, into: &found)
                byLine.read(line: bytes, members: found, index: Int32(index))
            }
        }
        #expect(byLine.headsKnownLacks().map(\.member) == ["address"])
        #expect(byLine.headsKnownLacks().map(\.rules) == [["address.key"]])
        // Through the index: keys 0 (none) under the rule reading `address`.
        var byIndex = input
        var records = KnownIndex.Records(ruleCount: 2)
        records.append(keys: [0, Blocker.hash(of: "joe")], sortText: nil)
        byIndex.noteIndexed(records, counts: byIndex.counts)
        #expect(byIndex.headsKnownLacks().map(\.member) == ["address"])
        // One range of KNOWN holding it is enough.
        try withRecord(#"{"name":"Bo","address":{"key":"5 elm"}}"#) { record in
            var part = input
            part.read(record, index: 0)
            joined.merge(byLine, indexBase: 0)
            joined.merge(part, indexBase: 2)
        }
        #expect(joined.headsKnownLacks().isEmpty)
    }

    /// A text of plain ASCII is keyed and counted from its bytes (`noteNewASCII`), any other
    /// (escaped, beyond ASCII, not a string) by parsing it: the same held records and counts.
    @Test func aPlainTextGivesFromItsBytesWhatItsParseGives() throws {
        let specs = try ["title", "locations:tokens"].map(ComparisonSpec.parse)
        let rules = try ["locations:fingerprint", "title:prefix4"].map(BlockingRule.parse)
        func film(_ title: String, _ locations: String) -> String {
            #"{"title":\#(title),"locations":\#(locations),"dedupe":{"cluster":"00000000000000a1"}}"#
        }
        var input = KnownSelection(specs: specs, rules: rules, settings: .init(), learntOversized: [])
        try withRecord(film(#""Vertigo""#, #""Mason St & California St""#)) { input.addInput($0) }
        let plain = [
            film(#""Vertigo""#, #""California St, Mason St""#), film(#""Vert's Igo""#, #""mason  st. & california st""#),
            film(#""Bullitt""#, #""Taylor St""#), film("1958", #""  ""#), film(#""Vertigo""#, "null"),
        ]
        let other = [
            film(#""V\u0065rtigo""#, #""California St, Mas\u006fn St""#), film(#""V\u00e9rt's Igo""#, #""mason  st. & calif\u00f3rnia st""#),
            film(#""Bull\u0069tt""#, #""T\u0061ylor St""#), film("1958", #""\u0020 ""#), film(#""V\u0065rtigo""#, "null"),
        ]
        var byBytes = input, byParse = input
        let keys = input.headKeys
        var found: [NDJSONRecord.Member?] = []
        for (index, (a, b)) in zip(plain, other).enumerated() {
            for (line, isPlain) in [(a, true), (b, false)] {
                try Array(line.utf8).withUnsafeBufferPointer { bytes in
                    try NDJSONRecord.check(bytes, findingFirst: keys, into: &found)
                    if isPlain {
                        byBytes.read(line: bytes, members: found, index: Int32(index))
                    } else {
                        byParse.read(line: bytes, members: found, index: Int32(index))
                    }
                }
            }
        }
        let held = byBytes.choose()
        #expect(held == byParse.choose() && held == [0, 1, 4])
        #expect(byBytes.counts == byParse.counts)
        let locations = try #require(byBytes.counts[1])
        #expect(locations.present == 3 && locations.count(of: "california st mason st") == 1 && locations.count(of: "mason st california st") == 1)
    }

    /// An oversized block's neighbours are those of the blocker's order (by text as Strings
    /// order them, none last; then known before new, each in its order), also where the texts
    /// share their first eight bytes, are equal, shorter, missing or beyond ASCII.
    @Test func anOversizedBlocksNeighboursFollowTheTextOrder() {
        let texts: [String?] = [
            "golden gate bridge", "golden gate", "golden gate bridge", nil, "golden", "z\u{FC}rich", "zurich", "zebra", "a",
            "golden gate park", "\u{E9}cole", "ecole", nil, "golden gate bridge", "b", "golden gate bri",
        ]
        var block = KnownSelection.Block()
        for (index, text) in texts.enumerated() {
            if index % 5 == 2 { block.input.append((Int32(index), text)) } else { block.known.append((Int32(index), text)) }
        }
        // The order written out as the blocker defines it, compared as Strings throughout.
        let members = (block.known.map { ($0.text, false, $0.index) } + block.input.map { ($0.text, true, $0.index) }).sorted { a, b in
            switch (a.0, b.0) {
            case (let x?, let y?) where x != y: return x < y
            case (nil, _?): return false
            case (_?, nil): return true
            default: return (a.1 ? 1 : 0, a.2) < (b.1 ? 1 : 0, b.2)
            }
        }
        for window in [1, 2, 3] {
            var expected: [Int32] = []
            for (place, member) in members.enumerated() where member.1 {
                for near in max(0, place - window)...min(members.count - 1, place + window) where !members[near].1 {
                    expected.append(members[near].2)
                }
            }
            #expect(KnownSelection.near(block, window: window) == expected, "window \(window)")
        }
        // a, b, ecole, golden, golden gate, golden gate bri, golden gate bridge (0, 13, new 2),
        // golden gate park (9), zebra (new 7), zurich (6), zürich, école, none (3, new 12).
        #expect(KnownSelection.near(block, window: 1).sorted() == [3, 6, 9, 9, 13])
    }

    /// The counts a selection gives the matcher are those of every known record, each text
    /// counted once per record holding it, also when a member's cache fills and is emptied
    /// (more distinct texts than `cacheLimit`) while common texts keep coming back.
    @Test func countsSurviveTheCacheBeingEmptied() throws {
        let specs = try Self.specs.map(ComparisonSpec.parse), rules = try Self.rules.map(BlockingRule.parse)
        var selection = KnownSelection(specs: specs, rules: rules, settings: .init(), learntOversized: [])
        for line in Self.new { try withRecord(line) { selection.addInput($0) } }
        var expected = UnheldCounts()
        let distinct = KnownSelection.cacheLimit + 5_000
        for index in 0..<(distinct + distinct / 2) {
            // Every third record a common name, the others a name of their own.
            let given = index % 3 == 0 ? "Amy" : "Given \(index)"
            let line = Self.person(given, "purdie", "bittern", "19610301", row: index)
            try withRecord(line) { selection.read($0, index: Int32(index)) }
            expected.add(try #require(TextNormalizer.normalize(given)), values: true, words: false)
        }
        _ = selection.choose()
        let given = try #require(selection.counts[0])
        // Compared whole, reported by their sizes (a failure would print thousands of hashes).
        let same = given == expected
        #expect(same, "present \(given.present) against \(expected.present), \(given.values.count) values against \(expected.values.count)")
        #expect(given.present == distinct + distinct / 2 && given.count(of: "amy") == Int32((distinct + distinct / 2 + 2) / 3))
    }
}
