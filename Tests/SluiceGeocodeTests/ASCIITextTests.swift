import SluiceCore
import Testing

@testable import SluiceGeocode

/// Every answer is checked against asking character by character, as the code did before.
@Suite struct ASCIITextTests {
    let samples: [Substring] = [
        "", " ", "Mason & Pine,  SF", "Pier 39; Fisherman's Wharf", ",,a,,", "1600 Divisadero", "12b", "UCSF Mt Zion 1600 Divisadero",
        "AT", "at", "At the corner", "a\r\nb, c", "Café Trieste, 601 Vallejo", "1\u{301}23", "e\u{301} 5", ",\u{301}a", "٣ Arabic three",
    ]

    @Test func piecesAsTheStandardSplit() {
        for text in samples {
            #expect(ASCIIText.pieces(of: text, separatedBy: [0x20]) == text.split(separator: " "), "\(text)")
            #expect(ASCIIText.pieces(of: text, separatedBy: [0x2C, 0x3B]) == text.split(whereSeparator: { $0 == "," || $0 == ";" }), "\(text)")
        }
        #expect(ASCIIText.pieces(of: "Mason & Pine,  SF", separatedBy: [0x20, 0x2C]) == ["Mason", "&", "Pine", "SF"])
    }

    @Test func digitsAndLettersAsCharacters() {
        for text in samples {
            for word in text.split(separator: " ") + [text] {
                #expect(ASCIIText.isDigits(word) == word.allSatisfy(\.isNumber), "\(word)")
                #expect(ASCIIText.startsWithDigit(word) == word.first?.isNumber, "\(word)")
                #expect(ASCIIText.startsWithLetter(word) == word.first?.isLetter, "\(word)")
            }
        }
        #expect(ASCIIText.isDigits("1600") && !ASCIIText.isDigits("16th"))
    }

    @Test func lowerCasedComparison() {
        for text in samples {
            #expect(ASCIIText.isLowercased(text, "at") == (text.lowercased() == "at"), "\(text)")
        }
        #expect(ASCIIText.isLowercased("At", "at") && !ASCIIText.isLowercased("Ate", "at"))
    }
}
