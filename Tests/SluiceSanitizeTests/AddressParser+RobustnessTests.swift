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
        "\u{2019}", "\u{201C}", "x", "0", "-70", "/374", ":", "\\", "intersection", "--", "WEST", "wa", "4011",
    ]

    @Test func randomFragmentStringsNeverTrap() {
        var generator = SplitMix64(seed: 2084)  // the same strings on every run
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
