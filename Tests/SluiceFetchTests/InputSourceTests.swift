import Foundation
import Testing

@testable import SluiceFetch

@Suite struct InputSourceTests {
    @Test func classifiesSources() throws {
        #expect(try InputSource("-") == .standardInput)
        #expect(try InputSource("data/x.csv") == .file("data/x.csv"))
        #expect(try InputSource("file:///tmp/x.json") == .file("/tmp/x.json"))
        #expect(try InputSource("https://example.org/a.json") == .web(testURL("https://example.org/a.json")))
        #expect(try InputSource("C:/odd/but/a/path") == .file("C:/odd/but/a/path"))
    }

    @Test func refusesOtherSchemes() {
        #expect(throws: (any Error).self) { try InputSource("ftp://example.org/x.csv") }
        #expect(throws: (any Error).self) { try InputSource("gopher://x") }
    }

    @Test func removesSecretsFromNames() throws {
        let source = try InputSource("https://user:pw@api.example.org/v1/movies?page=2&api_key=abc123&Token=t")
        #expect(source.name == "https://api.example.org/v1/movies?page=2&api_key=REDACTED&Token=REDACTED")
    }

    @Test func readsRetryAfter() {
        #expect(HTTPDownloader.retryAfter("3") == 3)
        #expect(HTTPDownloader.retryAfter(nil) == nil)
        #expect(HTTPDownloader.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT") == 0)
    }
}
