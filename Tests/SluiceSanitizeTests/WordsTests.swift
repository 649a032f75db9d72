import Testing

@testable import SluiceSanitize

@Suite struct WordsTests {
    @Test func split() {
        #expect(Words.split("St. Francis  Blvd.") == ["St", "Francis", "Blvd"])
        #expect(Words.split("") == [])
        #expect(Words.split("CALIFORNIA,ST") == ["CALIFORNIA", "ST"])
    }

    @Test func keyFoldsCaseAndPunctuation() {
        #expect(Words.key("O'Farrell") == "ofarrell")
        #expect(Words.key("O’Farrell") == "ofarrell")
        #expect(Words.key("Haight-Ashbury") == "haight ashbury")
        #expect(Words.key("  St. Mary's  Square ") == "st marys square")
        #expect(Words.key("CAFÉ") == "café")
    }

    @Test func titleCase() {
        #expect(Words.titleCased("MASON") == "Mason")
        #expect(Words.titleCased("o'farrell") == "O'Farrell")
        #expect(Words.titleCased("BIMBO'S") == "Bimbo's")
        #expect(Words.titleCased("McAllister") == "McAllister")
        #expect(Words.titleCased("DE-HARO") == "De-Haro")
        #expect(Words.titleCased("ÉCOLE") == "École")
    }

    /// The title case the byte path replaced, built in an array: the two agree on every shape of word.
    @Test func titleCaseMatchesTheArrayBuiltForm() {
        func arrayBuilt(_ word: String) -> String {
            let hasUpper = word.utf8.contains { $0 >= 0x41 && $0 <= 0x5A }
            let hasLower = word.utf8.contains { $0 >= 0x61 && $0 <= 0x7A }
            if hasUpper && hasLower { return word }
            var out: [UInt8] = []
            var previous: UInt8 = 0x20
            for (position, byte) in word.utf8.enumerated() {
                let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                let startsPart =
                    position == 0 || previous == UInt8(ascii: "-") || previous == UInt8(ascii: "/")
                    || (previous == UInt8(ascii: "'") && position == 2)
                out.append(startsPart && lower >= 0x61 && lower <= 0x7A ? lower & ~0x20 : lower)
                previous = byte
            }
            return String(decoding: out, as: UTF8.self)
        }
        let words = [
            "", "1980", "&", "MASON", "mason", "Mason", "o'farrell", "D'ARCY", "l'amour", "DE-HARO", "a/b", "x", "3RD", "3rd",
            "VERYLONGSTREETNAMEPASTFIFTEEN", "verylongstreetnamepastfifteen", "o'", "'s",
        ]
        for word in words { #expect(Words.titleCased(word) == arrayBuilt(word), "\(word)") }
    }

    @Test func lowercasedMatchesTheStandardLibrary() {
        for text in ["", "st", "St", "NW", "O'FARRELL", "ÉCOLE", "Café", "3RD"] {
            #expect(Words.lowercased(text) == text.lowercased())
        }
    }

    /// What `compactMap { $0 }.joined(separator:)` gives, for short (inline) and long strings and
    /// non-ASCII text; `skippingEmpty` also leaves out empty parts.
    @Test func joinedMatchesCompactMapJoined() {
        let cases: [[String?]] = [
            [nil, nil], ["", nil, ""], ["1", "Market St", nil, "Apt 3"], ["Café Picaro", nil, "Mission", "San Francisco", "CA 94110"],
            ["A very long place name past fifteen bytes", "", "x"], [nil, "Mason"], ["", "Mason", nil, ""], [nil, nil, nil, nil, "CA"],
            ["A very long place name past fifteen bytes"],
        ]
        for parts in cases {
            let padded = parts + Array(repeating: nil, count: 5 - parts.count)
            for separator in [" ", ", ", " & ", ""] {
                let joined = Words.joined(padded[0], padded[1], padded[2], padded[3], padded[4], separator: separator)
                #expect(joined == parts.compactMap { $0 }.joined(separator: separator))
                let skipping = Words.joined(padded[0], padded[1], padded[2], padded[3], padded[4], separator: separator, skippingEmpty: true)
                #expect(skipping == parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: separator))
            }
        }
    }
}
