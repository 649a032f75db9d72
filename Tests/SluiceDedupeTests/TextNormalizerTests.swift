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
