import Testing

@testable import SluiceFetch

@Suite struct HTMLTokenizerTests {
    @Test func readsTagsAttributesAndText() {
        #expect(
            HTMLTokenizer.tokens(#"<td class=x rowspan="2" data-sort='a b' hidden>Pilot &amp; Co<br/></td>"#) == [
                .start(
                    "td",
                    [
                        .init(name: "class", value: "x"), .init(name: "rowspan", value: "2"), .init(name: "data-sort", value: "a b"),
                        .init(name: "hidden", value: ""),
                    ]),
                .text("Pilot &amp; Co"), .start("br", []), .end("td"),
            ])
    }

    @Test func emptyInputHasNoTokens() {
        #expect(HTMLTokenizer.tokens("") == [])
    }

    @Test func skipsCommentsDoctypesScriptsAndStyles() {
        let html = "<!DOCTYPE html><!-- <table> --><script>if (a < b) { x = '</td>' }</script><style>td{}</style><p>Hi"
        #expect(
            HTMLTokenizer.tokens(html) == [.start("script", []), .end("script"), .start("style", []), .end("style"), .start("p", []), .text("Hi")])
    }

    @Test func upperCaseNamesAndALoneLessThanAreTolerated() {
        #expect(HTMLTokenizer.tokens("<TD>1 < 2</TD>") == [.start("td", []), .text("1 < 2"), .end("td")])
    }

    @Test func aPageEndingInsideATagStillGivesWhatCameBefore() {
        #expect(HTMLTokenizer.tokens("<td>Last<a href=\"/x") == [.start("td", []), .text("Last"), .start("a", [.init(name: "href", value: "/x")])])
    }

    @Test func attributeValuesAreDecoded() {
        #expect(HTMLToken.start("a", [.init(name: "href", value: "/a?b=1&c=2")]).attribute("href") == "/a?b=1&c=2")
        #expect(HTMLTokenizer.tokens(#"<a href="/a?b=1&amp;c=2">"#).first?.attribute("href") == "/a?b=1&c=2")
    }
}
