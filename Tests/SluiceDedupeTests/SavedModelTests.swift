import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct SavedModelTests {
    static let specs = ["given_name", "surname", "suburb", "date_of_birth:date"]
    static let rules = ["surname:soundex", "date_of_birth"]

    /// Matches `FuzzyMatcherTests.people` with `preset` (learning when nil).
    func run(_ lines: [String], preset: SavedModel? = nil, termFrequency: Bool = true) throws -> (FuzzyMatcher, ClusterTable) {
        var settings = FuzzyMatcher.Settings()
        settings.termFrequency = termFrequency
        var matcher = FuzzyMatcher(
            specs: try Self.specs.map(ComparisonSpec.parse), rules: try Self.rules.map(BlockingRule.parse), settings: settings)
        preset?.use(in: &matcher)
        var facts = RecordFacts(keepProvenance: false)
        for line in lines {
            try withRecord(line) { record in
                matcher.append(record)
                try facts.append(record)
            }
        }
        let table = try matcher.match(facts: facts, pairsSink: nil)
        return (matcher, table)
    }

    func saved(_ matcher: FuzzyMatcher) throws -> SavedModel {
        try SavedModel(matcher: matcher, model: #require(matcher.model))
    }

    @Test func readsBackWhatItWrote() throws {
        let (matcher, _) = try run(FuzzyMatcherTests.people)
        let model = try saved(matcher)
        let read = try SavedModel(json: try JSONParser.parse(model.bytes), path: "model.json")
        #expect(read == model)
        #expect(read.bytes == model.bytes)
        #expect(read.model.m == matcher.model?.m && read.model.u == matcher.model?.u && read.model.prior == matcher.model?.prior)
        #expect(read.blocks.count == Self.rules.count && read.model.blocks == matcher.model?.blocks)
    }

    @Test func aVersionOneFileHasNoBlocksAndScoresWithUAlone() throws {
        var model = try saved(try run(FuzzyMatcherTests.people).0)
        model.blocks = []
        var value = try JSONParser.parse(model.bytes)
        guard case .object(var members) = value else { Issue.record("not an object"); return }
        members.removeAll { $0.key == "blocks" }
        value = .object(members)
        let read = try SavedModel(json: value, path: "m")
        #expect(read.blocks.isEmpty && read.model.block(of: 0x1111) == nil)
        // It writes back as it was read: `"blocks": []` was refused, as one entry per rule it is not
        // (found by `make fuzz`'s model target).
        #expect(try SavedModel(json: try JSONParser.parse(read.bytes), path: "m") == read)
    }

    @Test func theSameInputWithItsModelGivesTheSameClustersAndScores() throws {
        let (matcher, learnt) = try run(FuzzyMatcherTests.people)
        let model = try SavedModel(json: try JSONParser.parse(try saved(matcher).bytes), path: "model.json")
        let (again, used) = try run(FuzzyMatcherTests.people, preset: model)
        #expect(used.clusterOf == learnt.clusterOf)
        #expect(used.clusters.map(\.id) == learnt.clusters.map(\.id))
        #expect(used.scores.map(\.bitPattern) == learnt.scores.map(\.bitPattern))
        #expect(again.threshold == matcher.threshold)
    }

    @Test func aModelIsUsedAsItIsNotLearntAgain() throws {
        let (matcher, _) = try run(FuzzyMatcherTests.people)
        var model = try saved(matcher)
        // A model that calls nothing a match: with it, nothing links, whatever EM would learn.
        model.m = model.u
        model.prior = 1e-9
        let (_, table) = try run(FuzzyMatcherTests.people, preset: model)
        #expect(table.multiRecordClusters == 0)
    }

    @Test func labelsLeaveShiftsInTheFile() throws {
        var model = try saved(try run(FuzzyMatcherTests.people).0)
        model.shifts = model.m.map { $0.map { _ in 0.5 } }
        let text = String(decoding: model.bytes, as: UTF8.self)
        #expect(text.contains(#""shift":0.5"#))
        #expect(try SavedModel(json: try JSONParser.parse(model.bytes), path: "m").shifts == model.shifts)
    }

    @Test func aNewerVersionOrAnotherFileIsADataError() throws {
        let model = try saved(try run(FuzzyMatcherTests.people).0)
        var text = String(decoding: model.bytes, as: UTF8.self)
        text = text.replacingOccurrences(of: #""version":2"#, with: #""version":3"#)
        do {
            _ = try SavedModel(json: try JSONParser.parse(text), path: "model.json")
            Issue.record("a newer version was read")
        } catch let failure as StageFailure {
            #expect(failure.exitCode == .dataError)
            #expect(failure.message.contains("version 3"))
        }
        #expect(throws: StageFailure.self) { try SavedModel(json: try JSONParser.parse(#"{"format":"other"}"#), path: "m") }
    }

    /// Numbers past `Int`'s range where the file holds a version, a field's number or a count
    /// are data errors: they crashed the stage (`Int(6e62)`; found by `make fuzz`'s model target).
    @Test func numbersPastIntsRangeAreDataErrorsNotCrashes() throws {
        let text = String(decoding: try saved(try run(FuzzyMatcherTests.people).0).bytes, as: UTF8.self)
        #expect(text.contains(#""fields":[1]"#))
        let edits = [
            text.replacingOccurrences(of: #""version":2"#, with: #""version":6e62"#),
            text.replacingOccurrences(of: #""fields":[1]"#, with: #""fields":[1e30]"#),
            // The first of two members of one name is the one read.
            "{\"labels\":{\"pairs\":1e30}," + text.dropFirst(),
            "{\"labels\":{\"matches\":-1}," + text.dropFirst(),
        ]
        for edited in edits {
            do {
                _ = try SavedModel(json: try JSONParser.parse(edited), path: "model.json")
                Issue.record("read: \(edited.prefix(80))")
            } catch let failure as StageFailure {
                #expect(failure.exitCode == .dataError)
            }
        }
    }

    /// m, u, lambda, the prior and the threshold are chances. Before, a file with `"m":-0.5`,
    /// `"u":-1`, `"prior":2` or `"threshold":7` was used as it was (exit 0; the threshold one
    /// linked nothing, the negative m warned of an exact match counting against a match).
    @Test func aChanceOutsideZeroToOneIsADataError() throws {
        let model = try saved(try run(FuzzyMatcherTests.people).0)
        let text = String(decoding: model.bytes, as: UTF8.self)
        let damaged: [(String, String, String)] = [
            (#""threshold":0.9"#, #""threshold":7"#, #"not a sluice-dedupe-model file: "threshold" is 7, not a chance between 0 and 1"#),
            (#""prior":"#, #""prior":2,"was":"#, #"not a sluice-dedupe-model file: "prior" is 2, not a chance between 0 and 1"#),
            (#""lambda":"#, #""lambda":-3,"was":"#, #"not a sluice-dedupe-model file: "lambda" is -3, not a chance between 0 and 1"#),
            (#""level":"exact","m":"#, #""level":"exact","m":-0.5,"was":"#, "an \"m\" of given_name:jw is -0.5, not a chance between 0 and 1"),
            (#""level":"exact","m":"#, #""level":"exact","m":1.5,"was":"#, "an \"m\" of given_name:jw is 1.5, not a chance between 0 and 1"),
        ]
        for (from, to, message) in damaged {
            let edited = text.replacingOccurrences(of: from, with: to)
            #expect(edited != text, "\(from) is not in the model")
            do {
                _ = try SavedModel(json: try JSONParser.parse(edited), path: "model.json")
                Issue.record("\(to) was read")
            } catch let failure as StageFailure {
                #expect(failure.exitCode == .dataError)
                #expect(failure.message.contains(message), "\(failure.message)")
            }
        }
        // The first u of the file: the missing level's, 0.
        let u = text.replacingOccurrences(of: #""u":0.0"#, with: #""u":-1"#)
        #expect(throws: StageFailure.self) { try SavedModel(json: try JSONParser.parse(u), path: "model.json") }
    }

    /// A compared level's m or u of 0 (u divides m in its weight, m's log is taken) and a prior
    /// or lambda of 0 or 1 (the prior odds' log) are chances no run learns. Before, they were read:
    /// a u of 0 scored its level +12 bits where m was 0.005 (the floor, linking what it should
    /// not), a prior of 1 or 0 weighed every pair +inf or -inf (everything linked, or nothing).
    @Test func anImpossibleChanceIsADataError() throws {
        let model = try saved(try run(FuzzyMatcherTests.people).0)
        #expect(model.blocks.count == 2 && model.u[0].count > 2)
        let damaged: [(String, (inout SavedModel) -> Void)] = [
            ("comparison 'given_name:jw' level 2 'similarity>=0.92': u must be > 0, got 0.0", { $0.u[0][2] = 0 }),
            ("comparison 'surname:jw' level 1 'exact': m must be > 0, got 0.0", { $0.m[1][1] = 0 }),
            (#""prior" must be > 0 and < 1, got 1.0"#, { $0.prior = 1 }),
            (#""prior" must be > 0 and < 1, got 0.0"#, { $0.prior = 0 }),
            (#""lambda" must be > 0 and < 1, got 1.0"#, { $0.lambda = 1 }),
            (
                "\"blocks\" entry 2 ('date_of_birth'): comparison 'given_name:jw' level 1 'exact': u must be > 0, got 0.0",
                { $0.blocks[1].u[0][1] = 0 }
            ),
            // Shifts of 1e308 were read: two summed to an infinite weight, written "weight":null.
            (
                "comparison 'surname:jw' level 1 'exact': shift must be within ±1000 bits, got 1e+308",
                {
                    $0.shifts = $0.m.map { $0.map { _ in 0 } }
                    $0.shifts?[1][1] = 1e308
                }
            ),
            (
                "comparison 'given_name:jw' level 2 'similarity>=0.92': shift must be within ±1000 bits, got -1000.5",
                {
                    $0.shifts = $0.m.map { $0.map { _ in 0 } }
                    $0.shifts?[0][2] = -1000.5
                }
            ),
            // An oversized block of -3 records was read, and reported as the largest.
            (
                "not a sluice-dedupe-model file: an \"oversized\" block is not a 16-hex-digit key with its size (2 records or more)",
                { $0.oversized = [[0x8c1f_0000_0000_0001: -3], [:]] }
            ),
        ]
        for (message, damage) in damaged {
            var edited = model
            damage(&edited)
            do {
                _ = try SavedModel(json: try JSONParser.parse(edited.bytes), path: "model.json")
                Issue.record("read: \(message)")
            } catch let failure as StageFailure {
                #expect(failure.exitCode == .dataError)
                #expect(failure.message == "model.json: error: " + message, "\(failure.message)")
            }
        }
        // The missing level's m and u are 0 in every model: never weighed, still read.
        #expect(model.m[0][0] == 0 && model.u[0][0] == 0 && model.blocks[0].u[0][0] == 0)
        #expect(try SavedModel(json: try JSONParser.parse(model.bytes), path: "model.json") == model)
        // A shift of ±1000 bits is still read.
        var edge = model
        edge.shifts = model.m.map { $0.map { _ in 1000 } }
        #expect(try SavedModel(json: try JSONParser.parse(edge.bytes), path: "model.json").shifts == edge.shifts)
    }

    /// Before, a folder and an empty device were both "no such file or not readable", exit 66.
    @Test func aModelPathIsReadAsEveryInputIs() throws {
        func failure(_ path: String) -> StageFailure? {
            do {
                _ = try SavedModel.read(path: path)
                return nil
            } catch { return error }
        }
        #expect(failure("/no/such/model.json")?.exitCode == .noInput)
        #expect(failure("/no/such/model.json")?.message == "/no/such/model.json: cannot open the model: No such file or directory")
        #expect(failure("/tmp")?.exitCode == .ioError)
        #expect(failure("/tmp")?.message == "/tmp: cannot read the model: Is a directory")
        #expect(failure("/dev/null")?.exitCode == .dataError)
        #expect(failure("/dev/null")?.message == "/dev/null: error: not a model: invalid JSON: unexpected end of input at column 1")
    }

    /// Version 1 files carry no counts and no oversized blocks: read, each run counts its own.
    @Test func aVersionOneFileIsReadWithoutCounts() throws {
        let model = try saved(try run(FuzzyMatcherTests.people).0)
        guard case .object(var members) = model.json else {
            Issue.record("not an object")
            return
        }
        members.removeAll { $0.key == "oversized" }
        for index in members.indices where members[index].key == "version" { members[index].value = .int(1) }
        for index in members.indices where members[index].key == "fields" {
            guard case .array(let fields) = members[index].value else { continue }
            members[index].value = .array(
                fields.map { field in
                    guard case .object(let parts) = field else { return field }
                    return .object(parts.filter { $0.key != "counts" })
                })
        }
        let read = try SavedModel(json: .object(members), path: "old.json")
        #expect(read.counts.allSatisfy { $0 == nil } && read.oversized.isEmpty)
        #expect(read.m == model.m && read.u == model.u)
    }

    /// The counts the model saw: a run over part of its records weighs equal text as the
    /// model's run did, one over more records by its own counts.
    @Test func aRunOverPartOfTheRecordsWeighsValuesAsTheModelsRunDid() throws {
        let (matcher, _) = try run(FuzzyMatcherTests.people)
        let model = try saved(matcher)
        #expect(model.counts.count == Self.specs.count && model.counts[3] == nil)
        let part = Array(FuzzyMatcherTests.people.prefix(FuzzyMatcherTests.people.count / 2))
        let (partial, _) = try run(part, preset: model)
        let (alone, _) = try run(part)
        var differed = false
        for field in 0..<3 {
            for record in part.indices {
                #expect(partial.columns[field].termFrequency(record) == matcher.columns[field].termFrequency(record))
                if alone.columns[field].termFrequency(record) != matcher.columns[field].termFrequency(record) { differed = true }
            }
        }
        #expect(differed, "the part alone counts otherwise, or this test shows nothing")
        var more = model
        more.counts = model.counts.map { $0.map { _ in ValueCounts(present: 1, values: [:]) } }
        let (own, _) = try run(part, preset: more)
        for record in part.indices { #expect(own.columns[1].termFrequency(record) == alone.columns[1].termFrequency(record)) }
    }

    @Test func countsReadBackAndRefuseWhatIsNotACount() throws {
        let counts = ValueCounts(present: 9, values: ["smith": 3, "é": 2], words: ["cafe": 4])
        #expect(try ValueCounts(json: counts.json(withWords: true)) == counts)
        #expect(JSONWriter.string(counts.json(withWords: false)) == #"{"present":9,"values":{"smith":3,"é":2}}"#)
        #expect(throws: ValueCountsError.self) { try ValueCounts(json: JSONParser.parse(#"{"present":9,"values":{"a":1.5}}"#)) }
        #expect(throws: ValueCountsError.self) { try ValueCounts(json: JSONParser.parse(#"{"values":{}}"#)) }
    }

    @Test func aModelForOtherComparisonsOrBlocksIsAUsageError() throws {
        let model = try saved(try run(FuzzyMatcherTests.people).0)
        let specs = try Self.specs.map(ComparisonSpec.parse)
        let rules = try Self.rules.map(BlockingRule.parse)
        try model.check(specs: specs, rules: rules, termFrequency: true, path: "m")
        for (otherSpecs, otherRules, tf) in [
            (Array(specs.dropLast()), rules, true), (specs, Array(rules.dropLast()), true), (specs, rules, false),
        ] {
            do {
                try model.check(specs: otherSpecs, rules: otherRules, termFrequency: tf, path: "m")
                Issue.record("a model for other options was accepted")
            } catch {
                #expect(error.exitCode == .usage)
            }
        }
    }
}
