import Foundation
import SluiceCore

/// Where `sluice-fetch` reads from, as named on its command line: a path, `-` (stdin),
/// a `file://` URL, or an `http://` / `https://` URL. No other scheme is followed.
enum InputSource: Equatable {
    case standardInput
    case file(String)
    case web(URL)

    init(_ argument: String) throws(StageFailure) {
        if argument == "-" {
            self = .standardInput
            return
        }
        let lower = argument.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            guard let url = URL(string: argument), url.host != nil else {
                throw .usage("'\(argument)' is not a valid URL")
            }
            self = .web(url)
        } else if lower.hasPrefix("file://") {
            guard let url = URL(string: argument), url.isFileURL else { throw .usage("'\(argument)' is not a valid file URL") }
            self = .file(url.path)
        } else if let colon = argument.firstIndex(of: ":"), argument[..<colon].allSatisfy(\.isLetter),
            argument.distance(from: argument.startIndex, to: colon) > 1
        {
            throw .usage("'\(argument)': only http, https and file URLs are supported")
        } else {
            self = .file(argument)
        }
    }

    /// The name used in provenance and messages. For URLs, credentials are removed and the
    /// values of query parameters that look secret are masked, so keys never reach the output.
    var name: String {
        switch self {
        case .standardInput: "<stdin>"
        case .file(let path): path
        case .web(let url): InputSource.redacted(url)
        }
    }

    static let secretParameterWords = ["key", "token", "secret", "password", "passwd", "signature", "auth", "sig"]

    static func redacted(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        components.user = nil
        components.password = nil
        components.queryItems = components.queryItems?.map { item in
            let name = item.name.lowercased()
            let secret = secretParameterWords.contains { name.contains($0) }
            return secret ? URLQueryItem(name: item.name, value: "REDACTED") : item
        }
        return components.string ?? url.absoluteString
    }
}
