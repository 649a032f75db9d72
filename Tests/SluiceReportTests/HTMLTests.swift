import Testing

@testable import SluiceReport

@Suite struct HTMLTests {
    @Test func escapesTheFiveCharactersThatMeanSomething() {
        #expect(HTML.escape(#"Joe's <b>"Bar" & Grill"#) == "Joe&#39;s &lt;b&gt;&quot;Bar&quot; &amp; Grill")
        #expect(HTML.escape("") == "")
        #expect(HTML.escape("Café — 東京 🎬") == "Café — 東京 🎬")
    }

    @Test func scriptJSONCannotCloseItsBlock() {
        let json = #"["</script><script>alert(1)</script>","a & b","<!--","\#u{2028}"]"#
        let safe = HTML.scriptJSON(json)
        #expect(!safe.contains("<") && !safe.contains(">") && !safe.contains("&") && !safe.contains("\u{2028}"))
        #expect(safe == #"["\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e","a \u0026 b","\u003c!--","\u2028"]"#)
    }

    @Test func clipsLongText() {
        #expect(HTML.clipped("abcdef", to: 3) == "abc…")
        #expect(HTML.clipped("abc", to: 3) == "abc")
    }

    @Test func figuresAreFixedAndLocaleFree() {
        #expect(Figure.percent(707, of: 2030) == "34.8%")
        #expect(Figure.percent(1, of: 3) == "33.3%")
        #expect(Figure.percent(2, of: 2) == "100.0%")
        #expect(Figure.percent(0, of: 0) == "0.0%")
        #expect(Figure.fixed(0.9, decimals: 2) == "0.90")
        #expect(Figure.fixed(0.005, decimals: 1) == "0.0")
        #expect(Figure.fixed(-0.04, decimals: 1) == "0.0")
        #expect(Figure.fixed(-12.25, decimals: 1) == "-12.3")
        #expect(Figure.fixed(1234, decimals: 0) == "1234")
        #expect(Figure.fixed(.nan, decimals: 1) == "–")
        // Past Int's range (a score of -1e300 in the lowest answers trapped): as Swift writes it.
        #expect(Figure.fixed(-1e300, decimals: 2) == "-1e+300")
        #expect(Figure.fixed(1e16, decimals: 0) == "1e+16")
        #expect(Figure.count(1, "record") == "1 record" && Figure.count(0, "place") == "0 places")
    }
}
