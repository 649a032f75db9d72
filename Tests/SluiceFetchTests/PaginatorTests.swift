import Foundation
import SluiceCore
import Testing

@testable import SluiceFetch

@Suite struct PaginatorTests {
    let url = testURL("http://h/ads?page=2")

    func page(_ number: Int, records: Int = 2, document: String? = nil, link: String? = nil, url: URL? = nil) throws -> Paginator.Page {
        Paginator.Page(url: url ?? self.url, number: number, records: records, document: try document.map { try JSONParser.parse($0) }, link: link)
    }

    @Test func pageNumbersCountOnUntilEmptyOrTotal() throws {
        let pages = Paginator(mode: .pageNumber(parameter: "page", start: 1, totalAt: "meta.total_pages"))
        #expect(pages.first(URL(string: "http://h/ads")!).absoluteString == "http://h/ads?page=1")
        #expect(try pages.next(after: page(2))?.absoluteString == "http://h/ads?page=3")
        #expect(try pages.next(after: page(2, records: 0)) == nil)
        #expect(try pages.next(after: page(2, document: #"{"meta":{"total_pages":2}}"#)) == nil)
        #expect(try pages.next(after: page(2, document: #"{"meta":{"total_pages":3}}"#)) != nil)
    }

    @Test func nextURLsInTheBodyAreResolvedAndNullEnds() throws {
        let pages = Paginator(mode: .nextAt("links.next"))
        #expect(try pages.next(after: page(1, document: #"{"links":{"next":"/ads?cursor=b"}}"#))?.absoluteString == "http://h/ads?cursor=b")
        #expect(try pages.next(after: page(1, document: #"{"links":{"next":null}}"#)) == nil)
        #expect(try pages.next(after: page(1, document: #"{"links":{}}"#)) == nil)
        #expect(throws: Paginator.Failure.notAURL(page: 1, path: "links.next", found: "number")) {
            try pages.next(after: page(1, document: #"{"links":{"next":3}}"#))
        }
        #expect(throws: Paginator.Failure.notAURL(page: 1, path: "links.next", found: "file:///etc/passwd")) {
            try pages.next(after: page(1, document: #"{"links":{"next":"file:///etc/passwd"}}"#))
        }
    }

    @Test func linkHeadersAndSinglePages() throws {
        #expect(try Paginator(mode: .linkHeader).next(after: page(1, link: "</ads?page=3>; rel=next"))?.absoluteString == "http://h/ads?page=3")
        #expect(try Paginator(mode: .single).next(after: page(1, link: "</ads?page=3>; rel=next")) == nil)
    }

    @Test func aURLSeenTwiceIsACycle() throws {
        var pages = Paginator(mode: .nextAt("next"))
        try pages.visit("http://h/a", page: 1)
        try pages.visit("http://h/b", page: 2)
        #expect(throws: Paginator.Failure.cycle(page: 2, target: "http://h/a", firstSeenOn: 1)) { try pages.visit("http://h/a", page: 3) }
    }
}
