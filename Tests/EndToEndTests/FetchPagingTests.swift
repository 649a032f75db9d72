import Foundation
import Testing

/// `sluice-fetch` paging through a real local server: by page number, by a next URL in the
/// body, by Link headers; stopping at the right page, on a cycle and at --max-pages.
@Suite(.serialized) struct FetchPagingTests {
    let fetch = Executable("sluice-fetch")

    func ids(_ result: Executable.Result) -> [String] {
        result.stdoutLines.compactMap { line in
            line.split(separator: ",").first.map { String($0.dropFirst(#"{"id":"#.count)) }
        }
    }

    @Test func pageNumbersStopAtTotalPages() throws {
        let server = try FixtureServer()
        let result = try fetch.run([server.url("/numbered"), "--page-param", "page", "--records-at", "results"])
        #expect(result.status == 0)
        #expect(ids(result) == ["11", "12", "21", "22", "31", "32"])
        // Provenance names the first page as the source, the page, and a row counting on.
        #expect(
            result.stdoutLines[2] == #"{"id":21,"title":"item 2.1","provenance":{"source":"\#(server.url("/numbered?page=1"))","page":2,"row":3}}"#)
    }

    @Test func pageNumbersStopAtAnEmptyPage() throws {
        let server = try FixtureServer()
        let result = try fetch.run([server.url("/until-empty"), "--page-param", "page", "--start", "2"])
        #expect(result.status == 0)
        #expect(ids(result) == ["21", "22"])
    }

    @Test func followsTheNextURLInTheBody() throws {
        let server = try FixtureServer()
        let result = try fetch.run([server.url("/next/1"), "--next-at", "links.next", "--records-at", "results", "--delay", "0.01"])
        #expect(result.status == 0)
        #expect(ids(result) == ["11", "12", "21", "22", "31", "32"])
    }

    @Test func followsLinkHeaders() throws {
        let server = try FixtureServer()
        let result = try fetch.run([server.url("/linked"), "--link-next"])
        #expect(result.status == 0)
        #expect(ids(result) == ["11", "12", "21", "22", "31", "32"])
    }

    @Test func aNextLinkCycleStopsWithAClearError() throws {
        let server = try FixtureServer()
        let result = try fetch.run([server.url("/cycle/1"), "--next-at", "links.next", "--records-at", "results"])
        #expect(result.status == 65)
        #expect(ids(result) == ["11", "12", "21", "22"])
        #expect(
            result.stderrText
                == "sluice-fetch: \(server.url("/cycle/1")): next-link cycle: page 2 links back to page 1 (\(server.url("/cycle/1"))); stopping\n")
    }

    @Test func maxPagesStopsWithAWarning() throws {
        let server = try FixtureServer()
        let result = try fetch.run([server.url("/next/1"), "--next-at", "links.next", "--records-at", "results", "--max-pages", "2"])
        #expect(result.status == 0)
        #expect(ids(result) == ["11", "12", "21", "22"])
        #expect(
            result.stderrText.contains(
                "warning: \(server.url("/next/1")): stopped after --max-pages 2; more pages remained (next: \(server.url("/next/3")))"))
    }

    @Test func pagingOptionsAreExclusiveAndNeedAURL() throws {
        let both = try fetch.run(["http://127.0.0.1:9/x", "--page-param", "p", "--link-next"])
        #expect(both.status == 64)
        #expect(both.stderrText.hasPrefix("sluice-fetch: options '--page-param' and '--link-next' cannot be combined: choose one way to page\n"))
        let file = try TemporaryFile(contents: Data("[]".utf8), suffix: ".json")
        let local = try fetch.run([file.path, "--page-param", "page"])
        #expect(local.status == 64)
        #expect(local.stderrText.contains("is not a URL: paging, --query, --cache and --offline apply to http(s) sources only"))
    }
}
