import Testing

@testable import SluiceTools

@Suite struct CodePageTests {
    @Test func cpgNames() {
        #expect(CodePage(cpg: "UTF-8") == .utf8)
        #expect(CodePage(cpg: "utf_8\r\n") == .utf8)
        #expect(CodePage(cpg: "1252") == .windows1252)
        #expect(CodePage(cpg: "ANSI 1252") == .windows1252)
        #expect(CodePage(cpg: "ISO-8859-1\n") == .latin1)
        #expect(CodePage(cpg: "KOI8-R") == nil)
        #expect(CodePage(cpg: "") == nil)
    }

    @Test func languageDrivers() {
        #expect(CodePage(languageDriver: 0x57) == .windows1252)
        #expect(CodePage(languageDriver: 0x03) == .windows1252)
        #expect(CodePage(languageDriver: 0x00) == .automatic)
    }

    @Test func decoding() {
        // 0x80 and 0x93/0x94 differ between 1252 (€, quotes) and Latin-1 (C1 controls).
        let bytes: [UInt8] = [0x80, 0x20, 0x93, 0x4E, 0x69, 0xF1, 0x6F, 0x94]
        #expect(CodePage.windows1252.decode(bytes) == "€ \u{201C}Niño\u{201D}")
        #expect(CodePage.latin1.decode(bytes) == "\u{80} \u{93}Niño\u{94}")
        #expect(CodePage.automatic.decode(bytes) == "\u{80} \u{93}Niño\u{94}")
        #expect(CodePage.automatic.decode(Array("Niño €".utf8)) == "Niño €")
        #expect(CodePage.utf8.decode(Array("Niño".utf8)) == "Niño")
        // 1252's holes keep their C1 code points.
        #expect(CodePage.windows1252.decode([0x81, 0x8D]) == "\u{81}\u{8D}")
        #expect(CodePage.windows1252.decode([]) == "")
    }
}
