import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct BlockingRuleTests {
    @Test func parsesParts() throws {
        let rule = try BlockingRule.parse("given_name:prefix3+postcode")
        #expect(rule.parts == [.init(path: "given_name", transform: .prefix(3)), .init(path: "postcode", transform: .exact)])
        #expect(try BlockingRule.parse("geo:geohash7").parts[0].transform == .geohash(7))
        for bad in ["", "a:prefix", "a:geohash13", "a:nope", "+b"] {
            #expect(throws: StageFailure.self, "\(bad)") { try BlockingRule.parse(bad) }
        }
    }

    @Test func keysFromTransforms() throws {
        let address: JSONValue = .string("Mason & California Streets")
        #expect(BlockingRule.apply(.fingerprint, to: address) == BlockingRule.apply(.fingerprint, to: .string("California Streets, Mason")))
        #expect(BlockingRule.apply(.prefix(3), to: .string("Lachlan")) == "lac")
        #expect(BlockingRule.apply(.soundex, to: .string("Rupert")) == "r163")
        #expect(BlockingRule.apply(.exact, to: .null) == nil)
        let geo: JSONValue = .object([JSONMember("lat", .number("37.7955")), JSONMember("lon", .number("-122.4106"))])
        #expect(BlockingRule.apply(.geohash(5), to: geo) == "9q8zn")
        #expect(BlockingRule.apply(.geohash(5), to: .string("x")) == nil)
    }

    @Test func aMissingPartMeansNoKey() throws {
        let rule = try BlockingRule.parse("surname+postcode")
        let record: [String: JSONValue] = ["surname": .string("Berry")]
        #expect(rule.key { record[$0] } == nil)
    }
}

extension BlockingRuleTests {
    @Test func fingerprintIsTheSortedDistinctWords() {
        let texts = [
            "mason st california st", "st street st", "2130 williams ave", "pier 39 pier 3 pier 390", "a ab abc a b",
            "ferry building", "caf\u{E9} de la paix cafe", "z\u{FC}rich zurich z", "x",
            // In order already (the key is the text itself), but for the spaces or a repeat.
            "a b c", "building ferry", "a  b", " a b", "a b ", "a a b", "", " ", "b a",
        ]
        for text in texts {
            #expect(BlockingRule.fingerprint(text) == Set(text.split(separator: " ")).sorted().joined(separator: " "), "\(text)")
        }
        #expect(BlockingRule.fingerprint("mason st california st") == "california mason st")
    }

    /// `fingerprintASCII`, on bytes, writes what `fingerprint` returns, its scratch words reused.
    @Test func theByteFingerprintWritesWhatTheStringOneReturns() {
        var words: [Range<Int>] = []
        for text in ["mason st california st", "st street st", "a b c", "building ferry", "a  b", " a b", "a a b", "", " ", "b a", "x"] {
            let written = Array(text.utf8).withUnsafeBufferPointer { bytes in
                var out = [UInt8](repeating: 0, count: bytes.count)
                let count = out.withUnsafeMutableBufferPointer { BlockingRule.fingerprintASCII(bytes, into: $0, words: &words) }
                return String(decoding: out[..<count], as: UTF8.self)
            }
            #expect(written == BlockingRule.fingerprint(text), "\(text)")
        }
    }
}
