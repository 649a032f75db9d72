import Testing

@testable import SluiceSanitize

@Suite struct WordTraitsTests {
    @Test func shapes() {
        #expect(WordTraits(lowercase: "1158") == [.number, .letterOrDigit])
        #expect(WordTraits(lowercase: "522a").contains(.numberWithLetter))
        #expect(!WordTraits(lowercase: "522a").contains(.number))
        #expect(!WordTraits(lowercase: "a").contains(.numberWithLetter))
        #expect(WordTraits(lowercase: "???") == [])
        #expect(WordTraits(lowercase: "") == [])
        #expect(WordTraits(lowercase: "café").contains(.letterOrDigit))
        #expect(WordTraits(lowercase: "é") == [.letterOrDigit, .nonASCII])
    }

    @Test func lists() {
        #expect(WordTraits(lowercase: "st").contains([.anySuffix, .streetSuffix]))
        #expect(WordTraits(lowercase: "park").contains([.anySuffix, .placeWord]))
        #expect(!WordTraits(lowercase: "park").contains(.streetSuffix))
        #expect(WordTraits(lowercase: "btwn").contains(.betweenWord))
        #expect(WordTraits(lowercase: "apt").contains(.inlineUnit))
        #expect(WordTraits(lowercase: "northwest").contains(.directional))
        #expect(WordTraits(lowercase: "streets").contains(.pluralSuffix))
        #expect(WordTraits(lowercase: "mason") == [.letterOrDigit, .asciiLetter])
        #expect(WordTraits(lowercase: "francisco").contains(.endsCityName))
        #expect(WordTraits(lowercase: "ca").contains([.endsCityName, .endsStateName]))
        #expect(WordTraits(lowercase: "york").contains(.endsStateName))
        #expect(!WordTraits(lowercase: "new").contains(.endsStateName))
        #expect(WordTraits(lowercase: "broadway").contains(.startsSuffixlessStreet))
        #expect(WordTraits(lowercase: "twenty").contains(.tensWord))
    }

    @Test func tokensCarryTheirTraits() {
        let tokens = AddressTokenizer.tokens("Suite #5 at Hotel")
        #expect(tokens.map(\.isPlaceWord) == [false, false, false, false, true])
        #expect(tokens[1].traits == [.inlineUnit])  // `#` is punctuation but a unit designator
        #expect(tokens[2].isNumber)
    }
}
