import Testing

@testable import SluiceCore

@Suite struct TerminalTextTests {
    @Test func escapesWhatATerminalWouldObey() {
        // The issue's value: it set the window title and cleared the screen.
        #expect(TerminalText.escaped("Cafe\u{1B}]0;PWNED\u{07}\u{1B}[2J") == #"Cafe\u001b]0;PWNED\u0007\u001b[2J"#)
        #expect(TerminalText.escaped("a\nb\tc\rd\u{0}") == #"a\nb\tc\rd\u0000"#)
        // DEL, a C1 control (CSI, U+009B) and a right-to-left override.
        #expect(TerminalText.escaped("x\u{7F}y\u{9B}2Jz\u{202E}w\u{2066}") == #"x\u007fy\u009b2Jz\u202ew\u2066"#)
    }

    @Test func leavesOrdinaryTextAlone() {
        for text in ["", "plain", "Café à Noël", "日本語", "emoji 🎬", "back\\slash", "\u{A0}no-break", "\u{2014} dash"] {
            #expect(TerminalText.escaped(text) == text)
        }
    }

    @Test func keepsNewlinesWhenAskedAndStillEscapesTheRest() {
        #expect(TerminalText.escaped("line 1\nline 2", keepingNewlines: true) == "line 1\nline 2")
        #expect(TerminalText.escaped("a\n\u{1B}[2J", keepingNewlines: true) == "a\n\\u001b[2J")
        #expect(TerminalText.escaped("a\n") == "a\\n")
    }

    @Test func theResultHoldsNoCharacterItEscapes() {
        var generator = SplitMix64(seed: 33)
        for _ in 0..<500 {
            let scalars = (0..<generator.int(below: 20)).compactMap { _ in
                Unicode.Scalar([0x1B, 0x07, 0x0A, 0x41, 0x9B, 0x7F, 0x202E, 0xE9, 0x2069, 0x1F3AC][generator.int(below: 10)])
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            let escaped = TerminalText.escaped(text)
            #expect(!escaped.unicodeScalars.contains(where: TerminalText.needsEscape))
            #expect(escaped.unicodeScalars.count >= text.unicodeScalars.count)
        }
    }
}
