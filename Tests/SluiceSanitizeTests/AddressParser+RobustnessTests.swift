import SluiceCore
import Testing

@testable import SluiceSanitize

/// The parser must never trap, whatever the text: strings built from the grammar's own
/// fragments in random order (a fixed seed, so a failure repeats) all parse and serialise.
@Suite struct AddressParserRobustnessTests {
    static let fragments = [
        "Mason", "St.", ".", "&", "/", "@", "(", ")", "[", "]", ";", ",", "-", " - ", "between", "and", "at", "from",
        "to", "123", "1158", "70", "#", "Pier", "San Francisco", "CA", "94110", "12345-6789", "b/w", "Jr", "corner of",
        " ", "  ", "'", "\"", "é", "🎬", "\u{0}", "\u{7}", "Streets", "Apt", "4th", "Floor", "the", "on", "near", "btwn",
        "North", "NW", "Nob Hill", "Blvd", "Third", "Twenty", "block of", "midblock", "of", "NY", "Park", "Plaza", "東京",
        "\u{2019}", "\u{201C}", "x", "0", "-70", "/374", ":",
    ]

    /// A small deterministic generator (SplitMix64), so the strings are the same on every run.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func randomFragmentStringsNeverTrap() {
        var generator = SplitMix(state: 2084)
        let parser = AddressParser(city: "San Francisco", state: "CA")
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...12, using: &generator)
            var text = ""
            for _ in 0..<count {
                text += Self.fragments.randomElement(using: &generator) ?? ""
                if Bool.random(using: &generator) { text += " " }
            }
            let address = parser.parse(text)
            #expect(address.raw == text)
            let json = JSONWriter.string(address.json)
            #expect((try? JSONParser.parse(json)) != nil, "\(text)")
        }
    }
}
