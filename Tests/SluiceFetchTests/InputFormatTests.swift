import Testing

@testable import SluiceFetch

@Suite struct InputFormatTests {
    func detect(_ name: String, _ contentType: String? = nil, _ text: String) -> InputFormat {
        InputFormat.detect(name: name, contentType: contentType, firstBytes: Array(text.utf8))
    }

    @Test func prefersTheContentTypeThenTheExtension() {
        #expect(detect("x", "application/json; charset=utf-8", "[{}]") == .json)
        #expect(detect("x", "application/x-ndjson", "{}\n{}") == .ndjson)
        #expect(detect("x", "text/csv", "a,b") == .csv)
        #expect(detect("films.csv", nil, "{}") == .csv)
        #expect(detect("films.jsonl", nil, "") == .ndjson)
        #expect(detect("https://h/api.ndjson?page=2", nil, "") == .ndjson)
    }

    @Test func sniffsTheContent() {
        #expect(detect("-", nil, "  [ {\"a\":1} ]") == .json)
        #expect(detect("-", nil, "{\"a\":1}\n{\"a\":2}\n") == .ndjson)
        #expect(detect("-", nil, "{\n  \"results\": []\n}") == .json)
        #expect(detect("-", nil, "{\"a\":1}") == .json)
        #expect(detect("-", nil, "Title,Year\nA,1") == .csv)
        #expect(detect("page.json", nil, "") == .json)
    }
}
