import Foundation
import Testing

@testable import SluiceCore

@Suite struct StringProtocolTrimmingTests {
    /// What trimming means, walking characters: the answer the quick path must give.
    func walked(_ text: some StringProtocol) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[first...last])
    }

    @Test func spacesAndTabsAtEitherEnd() {
        #expect("  a b \t".trimmingSpaces() == "a b")
        #expect("   ".trimmingSpaces() == "")
        #expect("".trimmingSpaces() == "")
        #expect("a\u{A0}".trimmingSpaces() == "a\u{A0}")
    }

    @Test func theQuickPathAgreesWithWalkingCharacters() {
        let samples = ["Mason St", " a ", "\ta\t", "  ", "a  b", " \u{301}x", "x \u{301}", "\u{301} x", "Café ", "\r\n a", "é"]
        for text in samples {
            #expect(text.trimmingSpaces() == walked(text), "\(text)")
            let inner = ("[" + text + "]").dropFirst().dropLast()
            #expect(inner.trimmingSpaces() == walked(inner), "\(text)")
        }
    }
}

@Suite struct StringTrimmingCharactersTests {
    @Test func theGivenCharactersThenSpacesAsFoundationWould() {
        for text in ["Pier 39.,", ",. Pier 39 ,.", "...", "", "Café,", " ,a, "] {
            let foundation = text.trimmingCharacters(in: CharacterSet(charactersIn: ",.")).trimmingSpaces()
            #expect(text.trimmingCharacters(in: ",.") == foundation, "\(text)")
        }
        // Characters, not scalars: a comma with an accent on it is not a comma.
        #expect(",\u{301}x,".trimmingCharacters(in: ",") == ",\u{301}x")
    }
}
