import Testing

@testable import SluiceDedupe

@Suite struct ExactMatcherTests {
    func labels(_ paths: [String], fold: Bool, _ lines: [String]) throws -> ExactMatcher {
        var matcher = ExactMatcher(paths: paths, fold: fold)
        for line in lines { try withRecord(line) { matcher.append($0) } }
        return matcher
    }

    @Test func equalKeysShareALabel() throws {
        let m = try labels(
            ["title", "address.key"], fold: false,
            [
                #"{"title":"Vertigo","address":{"key":"california st & mason st"}}"#,
                #"{"title":"Vertigo","address":{"key":"california st & mason st"},"x":1}"#,
                #"{"title":"Vertigo","address":{"key":"powell st"}}"#,
            ])
        #expect(m.labels[0] == m.labels[1])
        #expect(m.labels[0] != m.labels[2])
    }

    @Test func missingKeysStayAlone() throws {
        let m = try labels(["address.key"], fold: false, [#"{"a":1}"#, #"{"a":1}"#, #"{"address":{"key":null}}"#, #"{"address":{"key":""}}"#])
        #expect(Set(m.labels).count == 4)
        #expect(m.withoutKey == 4)
    }

    @Test func foldIgnoresCaseAndPunctuation() throws {
        let lines = [#"{"locations":"Vallejo St. Garage"}"#, #"{"locations":"vallejo st garage"}"#]
        #expect(try labels(["locations"], fold: false, lines).labels == [0, 1])
        #expect(try labels(["locations"], fold: true, lines).labels == [0, 0])
    }

    @Test func numbersCompareAsWritten() throws {
        let m = try labels(["n"], fold: false, [#"{"n":1.0}"#, #"{"n":1}"#, #"{"n":1.0}"#])
        #expect(m.labels == [0, 1, 0])
    }
}
