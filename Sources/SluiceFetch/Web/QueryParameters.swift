import Foundation
import SluiceCore

/// `--query NAME=VALUE` parameters, added to every request URL (the first page and each next
/// page), replacing a parameter of the same name. Values may use `@env:NAME`.
///
///     QueryParameters([("api_key", "k3y")]).applied(to: URL(string: "http://h/movies?page=2")!)
///     // http://h/movies?page=2&api_key=k3y
struct QueryParameters {
    var items: [(name: String, value: String)]

    init(_ items: [(name: String, value: String)] = []) {
        self.items = items
    }

    /// Parses the `--query` arguments, expanding `@env:` values into `secrets`.
    init(arguments: [String], secrets: inout Secrets) throws(StageFailure) {
        items = []
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                throw .usage("option '--query' needs NAME=VALUE, got a value without a name")
            }
            let value = try secrets.expand(String(argument[argument.index(after: equals)...]))
            items.append((String(argument[..<equals]), value))
        }
    }

    func applied(to url: URL) -> URL {
        guard !items.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        var query = components.queryItems ?? []
        for item in items {
            query.removeAll { $0.name == item.name }
            query.append(URLQueryItem(name: item.name, value: item.value))
        }
        components.queryItems = query
        // `+` is a space to most servers, but URLComponents leaves it as is in query values.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url ?? url
    }
}
