import Foundation
import SluiceCore

/// `@env:NAME` indirection for `--header` and `--query` values, and the set of secret values to
/// mask wherever text leaves the stage (messages, provenance, cache files).
///
///     var secrets = Secrets(environment: ["TOKEN": "abc123"])
///     try secrets.expand("Bearer @env:TOKEN")   // "Bearer abc123"
///     secrets.redact("…?token=abc123")          // "…?token=REDACTED"
struct Secrets {
    static let mask = "REDACTED"
    let environment: [String: String]
    /// The values taken from the environment, longest first so a secret containing another is
    /// masked whole.
    private(set) var values: [String] = []

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// Replaces each `@env:NAME` in `text` with the variable's value and remembers that value
    /// as a secret. A variable that is unset or empty is a usage error naming the variable.
    mutating func expand(_ text: String) throws(StageFailure) -> String {
        var out = ""
        var rest = Substring(text)
        while let marker = rest.range(of: "@env:") {
            out += rest[..<marker.lowerBound]
            let name = rest[marker.upperBound...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            guard !name.isEmpty else { throw .usage("'@env:' must be followed by an environment variable name") }
            guard let value = environment[String(name)], !value.isEmpty else {
                throw .usage("environment variable \(name) (named by @env:\(name)) is not set")
            }
            out += value
            remember(value)
            rest = rest[marker.upperBound...].dropFirst(name.count)
        }
        return out + rest
    }

    mutating func remember(_ value: String) {
        // Very short values would mask innocent text, and cannot be kept secret anyway.
        guard value.count >= 3, !values.contains(value) else { return }
        values.append(value)
        values.sort { $0.count > $1.count }
    }

    /// `text` with every secret, plain or percent-encoded, replaced by `REDACTED`.
    func redact(_ text: String) -> String {
        var out = text
        for value in values {
            out = out.replacingOccurrences(of: value, with: Secrets.mask)
            if let encoded = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != value {
                out = out.replacingOccurrences(of: encoded, with: Secrets.mask)
            }
        }
        return out
    }
}
