import Foundation

/// RFC 8288 `Link` headers: finds the target of `rel="next"`.
///
///     LinkHeader.next(in: #"<https://api.example.org/items?page=3>; rel="next", <…?page=1>; rel="first""#,
///                     relativeTo: URL(string: "https://api.example.org/items?page=2")!)
///     // https://api.example.org/items?page=3
enum LinkHeader {
    /// The `next` target, resolved against `base`; nil when there is none.
    static func next(in header: String?, relativeTo base: URL) -> URL? {
        guard let header else { return nil }
        for link in links(in: header) where link.relations.contains("next") {
            return URL(string: link.target, relativeTo: base)?.absoluteURL
        }
        return nil
    }

    /// Each `<target>; param=value; …` in a header, with its `rel` values lowercased.
    static func links(in header: String) -> [(target: String, relations: [String])] {
        var found: [(target: String, relations: [String])] = []
        var rest = Substring(header)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            // The parameters run to the next link; a comma inside a quoted value does not end them.
            var parameters = ""
            var quoted = false
            while let character = rest.first {
                if character == "\"" { quoted.toggle() }
                if character == ",", !quoted { break }
                if character == "<", !quoted { break }
                parameters.append(character)
                rest = rest.dropFirst()
            }
            var relations: [String] = []
            for parameter in parameters.split(separator: ";") {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { continue }
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                relations += value.lowercased().split(separator: " ").map(String.init)
            }
            found.append((target, relations))
        }
        return found
    }
}
