import Foundation
import Testing

@testable import SluiceFetch

@Suite struct LinkHeaderTests {
    let base = testURL("https://api.example.org/items?page=2")

    @Test func findsNextAmongOtherRelations() {
        let header = #"<https://api.example.org/items?page=1>; rel="first", <https://api.example.org/items?page=3>; rel="next""#
        #expect(LinkHeader.next(in: header, relativeTo: base)?.absoluteString == "https://api.example.org/items?page=3")
    }

    @Test func resolvesRelativeTargetsAndSpaceSeparatedRelations() {
        #expect(
            LinkHeader.next(in: #"</items?page=3>; rel="prefetch next""#, relativeTo: base)?.absoluteString == "https://api.example.org/items?page=3")
        #expect(LinkHeader.next(in: "<?page=3>; REL=NEXT", relativeTo: base)?.absoluteString == "https://api.example.org/items?page=3")
    }

    @Test func aCommaInsideAQuotedParameterDoesNotSplit() {
        let links = LinkHeader.links(in: #"<a>; title="x, y"; rel="last", <b>; rel=next"#)
        #expect(links.map(\.target) == ["a", "b"])
        #expect(links.map(\.relations) == [["last"], ["next"]])
    }

    @Test func noNextIsNil() {
        #expect(LinkHeader.next(in: nil, relativeTo: base) == nil)
        #expect(LinkHeader.next(in: "", relativeTo: base) == nil)
        #expect(LinkHeader.next(in: #"<x>; rel="prev""#, relativeTo: base) == nil)
    }
}
