import Foundation
import Testing

@testable import SluiceFetch

@Suite struct HTTPCacheTests {
    func directory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("sluice-cache-test-\(UUID().uuidString)").path
    }

    @Test func storesABodyWithItsValidatorsUnderAHashedName() throws {
        let path = directory()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let cache = try HTTPCache(directory: path)
        let url = "http://h/movies?page=2&api_key=REDACTED"
        #expect(cache.entry(for: url) == nil)
        let body = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-body-\(UUID().uuidString)")
        try Data("[1]".utf8).write(to: body)
        let entry = HTTPCache.Entry(
            url: url, etag: "\"v7\"", lastModified: "Mon, 04 Mar 2019 00:00:00 GMT", contentType: "application/json", link: nil)
        try cache.store(body: body, entry: entry)
        #expect(cache.entry(for: url) == entry)
        #expect(try Data(contentsOf: cache.bodyFile(for: url)) == Data("[1]".utf8))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: path).sorted() == [
                HTTPCache.stem(for: url) + ".body", HTTPCache.stem(for: url) + ".json",
            ])
        #expect(HTTPCache.conditions(for: entry).map(\.name) == ["If-None-Match", "If-Modified-Since"])
        #expect(HTTPCache.conditions(for: nil).isEmpty)
    }

    @Test func stemsAreSixteenHexDigitsAndDiffer() {
        #expect(HTTPCache.stem(for: "") == "cbf29ce484222325")
        #expect(HTTPCache.stem(for: "a") == "af63dc4c8601ec8c")  // a cache written before still found
        #expect(HTTPCache.stem(for: "http://h/a?page=1") != HTTPCache.stem(for: "http://h/a?page=2"))
        #expect(HTTPCache.stem(for: "x").count == 16)
    }

    @Test func anEntryForAnotherURLIsNotServed() throws {
        let path = directory()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let cache = try HTTPCache(directory: path)
        try Data("x".utf8).write(to: cache.bodyFile(for: "http://h/a"))
        try Data(#"{"url":"http://h/other"}"#.utf8).write(to: cache.metaFile(for: "http://h/a"))
        #expect(cache.entry(for: "http://h/a") == nil)
    }
}
