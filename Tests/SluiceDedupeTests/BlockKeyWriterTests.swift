import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct BlockKeyWriterTests {
    static let rules = ["title:prefix3+year", "address.key:fingerprint", "geo:geohash5", "title:soundex", "title:metaphone"]

    func writer(_ rules: [String] = Self.rules) throws -> BlockKeyWriter {
        BlockKeyWriter(
            rules: try rules.map(BlockingRule.parse),
            member: ResultMember(name: DedupeFields.member, shape: DedupeWriter.shape))
    }

    @Test func keysPerRuleInOrderNilWhenAPartIsMissing() throws {
        let line = #"{"title":"Vértigo","year":1958,"address":{"key":"mason st & california st"},"geo":{"lat":37.7955,"lon":-122.4106}}"#
        let keys = try withRecord(line) { try writer().keys($0) }
        #expect(keys == ["ver\u{1F}1958", "california mason st", "9q8zn", "v632", "frtk"])
        let bare = try withRecord(#"{"title":"Vertigo"}"#) { try writer().keys($0) }
        #expect(bare == [nil, nil, nil, "v632", "frtk"])
        #expect(try withRecord("{}") { try writer().keys($0) } == [nil, nil, nil, nil, nil])
    }

    /// The keys written are the ones fuzzy mode blocks by: equal hashes, record by record, also
    /// for the records the matcher copies an earlier record's keys to (a repeated value).
    @Test func keysAreTheMatchersOwn() throws {
        let lines = [
            #"{"title":"Vertigo","year":1958,"address":{"key":"mason st california st"}}"#,
            #"{"title":"VERTIGO!","year":"1958","address":{"key":"california st mason st"}}"#,
            #"{"title":"Vertigo","year":1958,"address":null}"#,
            #"{"title":"Bullitt","geo":{"lat":37.8,"lon":-122.4}}"#,
            #"{"title":"Bullitt","geo":{"lat":37.8,"lon":-122.4}}"#,
            #"{"year":1968}"#,
        ]
        let writer = try writer()
        var matcher = FuzzyMatcher(specs: [try ComparisonSpec.parse("title")], rules: writer.rules, settings: .init())
        var written: [[String?]] = []
        for line in lines {
            try withRecord(line) { record in
                matcher.append(record)
                written.append(writer.keys(record))
            }
        }
        for (record, keys) in written.enumerated() {
            for (rule, key) in keys.enumerated() {
                let hash = key.map { StableHash.of($0) == 0 ? 1 : StableHash.of($0) } ?? 0
                #expect(matcher.blocker.keys[rule][record] == hash, "record \(record) rule \(Self.rules[rule])")
            }
        }
        #expect(written[0][0] == written[1][0] && written[0][1] == written[1][1])
    }

    @Test func theMemberValue() throws {
        var out: [UInt8] = []
        JSONWriter.write(try writer().value(["a\u{1F}b", nil]), to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #"{"block_keys":["a\u001fb",null]}"#)
    }

    @Test func onlyInFuzzyModeAndWithNothingThatLearnsOrLinks() throws {
        func usageError(_ arguments: [String]) -> String? {
            do {
                _ = try DedupeCommand(arguments: try ParsedArguments(arguments, options: DedupeCommand.usage.allOptions))
                return nil
            } catch {
                return error.exitCode == .usage ? error.message : "exit \(error.exitCode)"
            }
        }
        #expect(usageError(["--compare", "title", "--block", "title", "--block-keys"]) == nil)
        #expect(usageError(["--key", "title", "--block-keys"]) == "option '--block-keys' needs fuzzy mode (--compare)")
        for other in [["--mark"], ["--drop"], ["--model-out", "m.json"], ["--suggest", "3"], ["--pairs", "p.ndjson"]] {
            #expect(
                usageError(["--compare", "title", "--block", "title", "--block-keys"] + other)
                    == "option '--block-keys' writes keys, not clusters: it cannot be used with \(other[0])")
        }
    }
}
