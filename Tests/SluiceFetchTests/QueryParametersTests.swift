import Foundation
import Testing

@testable import SluiceFetch

@Suite struct QueryParametersTests {
    @Test func addsAndReplacesParameters() {
        let query = QueryParameters([("api_key", "k3y"), ("page", "3")])
        #expect(query.applied(to: URL(string: "http://h/movies?page=2&sort=asc")!).absoluteString == "http://h/movies?sort=asc&api_key=k3y&page=3")
        #expect(QueryParameters().applied(to: URL(string: "http://h/x")!).absoluteString == "http://h/x")
    }

    @Test func encodesPlusSoItIsNotASpace() {
        #expect(QueryParameters([("q", "a+b")]).applied(to: URL(string: "http://h/s")!).absoluteString == "http://h/s?q=a%2Bb")
    }

    @Test func parsesArgumentsAndExpandsSecrets() throws {
        var secrets = Secrets(environment: ["KEY": "s3cret"])
        let query = try QueryParameters(arguments: ["api_key=@env:KEY", "lang=en=GB"], secrets: &secrets)
        #expect(query.items.map { "\($0.name)=\($0.value)" } == ["api_key=s3cret", "lang=en=GB"])
        #expect(secrets.values == ["s3cret"])
        #expect(throws: (any Error).self) { try QueryParameters(arguments: ["=x"], secrets: &secrets) }
    }
}
