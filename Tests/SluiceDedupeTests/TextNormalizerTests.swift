import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct TextNormalizerTests {
    @Test func foldsCasePunctuationAndSpaces() {
        #expect(TextNormalizer.normalize("Vallejo St. Garage, 766 Vallejo St.") == "vallejo st garage 766 vallejo st")
        #expect(TextNormalizer.normalize("Vallejo Street Garage; 766 Vallejo St.") == "vallejo street garage 766 vallejo st")
        #expect(TextNormalizer.normalize("O'Brien") == "obrien")
    }

    @Test func foldsAccentsOutsideASCII() {
        #expect(TextNormalizer.normalize("  Café  de   la Paix ") == "cafe de la paix")
    }

    @Test func emptyAndPunctuationOnlyAreMissing() {
        #expect(TextNormalizer.normalize("") == nil)
        #expect(TextNormalizer.normalize(" -- ") == nil)
    }

    @Test func textOfNonStringValues() {
        #expect(TextNormalizer.text(of: .number("4011")) == "4011")
        #expect(TextNormalizer.text(of: .bool(true)) == "true")
        #expect(TextNormalizer.text(of: .null) == nil)
        #expect(TextNormalizer.text(of: .array([.string("a")])) == nil)
        #expect(TextNormalizer.text(of: nil) == nil)
    }
}

extension TextNormalizerTests {
    /// The byte-level ASCII path agrees with the general (Foundation) path on ASCII text.
    @Test func asciiPathAgreesWithTheUnicodePath() {
        let samples = [
            "  Vallejo St. Garage ", "O'Brien's Pub", "2130 Williams Ave.", "PIER 39", "Bill Duke", "", "...", "a-b_c/d\\e",
            "\tTab\r\nNew line", "Looking", "HTTP://EXAMPLE.COM/x?y=1&z=2", "''", "x'", "12,345.67",
        ]
        for text in samples { #expect(TextNormalizer.normalize(text) == TextNormalizer.normalizeUnicode(text), "\(text)") }
    }

    /// `normalizeASCII`, on bytes, writes what `normalize` returns (0 bytes for nil).
    @Test func theByteFormWritesWhatTheStringFormReturns() {
        let samples = ["  Vallejo St. Garage ", "O'Brien's Pub", "PIER 39", "", "...", "a-b_c/d\\e", "x'", "Looking", "12,345.67"]
        for text in samples {
            let written = Array(text.utf8).withUnsafeBufferPointer { bytes in
                var out = [UInt8](repeating: 0, count: bytes.count)
                let count = out.withUnsafeMutableBufferPointer { TextNormalizer.normalizeASCII(bytes, into: $0) }
                return String(decoding: out[..<count], as: UTF8.self)
            }
            #expect(written == (TextNormalizer.normalize(text) ?? ""), "\(text)")
        }
    }
}
