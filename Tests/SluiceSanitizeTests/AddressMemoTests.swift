import Testing

@testable import SluiceSanitize

@Suite struct AddressMemoTests {
    @Test func parsesEachStringOnceWhileRemembered() {
        var memo = AddressMemo(capacity: 2)
        var parsed: [String] = []
        func parse(_ text: String) -> ParsedAddress {
            parsed.append(text)
            return AddressParser().parse(text)
        }
        let first = memo.entry(for: "City Hall", parse: parse)
        #expect(memo.entry(for: "City Hall", parse: parse).json == first.json)
        var json: [UInt8] = []
        AddressParser().parse("City Hall").writeJSON(to: &json)
        #expect(first.json == json)
        #expect(first.several == nil)
        #expect(parsed == ["City Hall"])
    }

    /// A composed `é` and `e` + U+0301 are one `String` key; each record must keep its own `raw`.
    @Test func answersCanonicallyEquivalentTextsEachWithItsOwnBytes() {
        var memo = AddressMemo(capacity: 4)
        let composed = "Caf\u{E9} Trieste (601 Vallejo St)"
        let decomposed = "Cafe\u{301} Trieste (601 Vallejo St)"
        #expect(composed == decomposed)
        for text in [composed, decomposed, composed] {
            var json: [UInt8] = []
            AddressParser().parse(text).writeJSON(to: &json)
            #expect(memo.entry(for: text) { AddressParser().parse($0) }.json == json)
        }
        #expect(memo.count == 0)
    }

    @Test func keepsTheAddressOnlyWhenItNamesSeveralLocations() {
        var memo = AddressMemo(capacity: 2)
        let text = "Vallejo Street Garage; 766 Vallejo St."
        let entry = memo.entry(for: text) { AddressParser().parse($0) }
        #expect(entry.several == AddressParser().parse(text))
        #expect(entry.several?.alternatives.count == 2)
    }

    /// Capacity 2: `a b` fill the newer generation, `c` starts a new one (`a b` older), `a` is
    /// carried over unparsed, `d` starts another (`c a` older), and `b`, forgotten, is parsed again.
    @Test func keepsTwoGenerations() {
        var memo = AddressMemo(capacity: 2)
        var parsed: [String] = []
        func parse(_ text: String) -> ParsedAddress {
            parsed.append(text)
            return AddressParser().parse(text)
        }
        for text in ["a", "b", "c", "a", "d", "a", "b"] { _ = memo.entry(for: text, parse: parse) }
        #expect(parsed == ["a", "b", "c", "d", "b"])
        #expect(memo.count <= 4)
    }

    /// Each entry's JSON is a copy of its own size, not the reused buffer (which a long address
    /// grows): entries sharing it kept its whole capacity each, and memory grew with the input.
    @Test func entriesDoNotKeepTheWriteBuffer() {
        var memo = AddressMemo(capacity: 8)
        let long = String(repeating: "Golden Gate Park Music Concourse ", count: 25)
        _ = memo.entry(for: long) { AddressParser().parse($0) }
        let short = memo.entry(for: "Pier 39") { AddressParser().parse($0) }
        #expect(short.json.capacity < 2 * short.json.count)
    }
}
