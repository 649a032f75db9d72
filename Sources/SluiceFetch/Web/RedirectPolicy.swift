import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Decides each redirect of one request: only http and https are followed, never from https
/// down to plain http (unless allowed), at most ``limit`` hops, and never back to a URL already
/// visited (a loop). A refused redirect stops the request with ``refusal`` set.
///
///     RedirectPolicy.check(from: "https://a.org/x", to: "http://a.org/y", visited: [], allowInsecure: false)
///     // "refusing the redirect from https to http://a.org/y (use --allow-insecure-redirect to follow it)"
final class RedirectPolicy: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    static let limit = 10
    let allowInsecure: Bool
    private let lock = NSLock()
    private var visited: [String]
    private var refused: String?

    init(start: URL, allowInsecure: Bool) {
        self.allowInsecure = allowInsecure
        visited = [start.absoluteString]
    }

    /// Why the last redirect was refused, if it was.
    var refusal: String? { lock.withLock { refused } }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let from = response.url?.absoluteString ?? visited.last ?? ""
        // The Location header as sent: swift-corelibs-foundation turns `file:///x` into
        // `http://host/x` in the new request, which would hide the scheme from the check.
        let location = response.value(forHTTPHeaderField: "Location").flatMap { URL(string: $0) }
        let to = (location?.scheme != nil ? location?.absoluteString : nil) ?? request.url?.absoluteString ?? ""
        let problem: String? = lock.withLock {
            let problem = RedirectPolicy.check(from: from, to: to, visited: visited, allowInsecure: allowInsecure)
            if let problem { refused = problem } else { visited.append(to) }
            return problem
        }
        completionHandler(problem == nil ? request : nil)
    }

    /// The reason to refuse a redirect from `from` to `to`, or nil to follow it. Messages name
    /// the target with its query removed: a redirect may carry a signed token.
    static func check(from: String, to: String, visited: [String], allowInsecure: Bool) -> String? {
        let shown = to.split(separator: "?", maxSplits: 1).first.map(String.init) ?? to
        let scheme = URL(string: to)?.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            return "refusing a redirect to \(shown): only http and https are followed"
        }
        if scheme == "http", URL(string: from)?.scheme?.lowercased() == "https", !allowInsecure {
            return "refusing the redirect from https to \(shown) (use --allow-insecure-redirect to follow it)"
        }
        if visited.contains(to) { return "redirect loop: back to \(shown) after \(visited.count) redirects" }
        if visited.count > limit { return "too many redirects (more than \(limit))" }
        return nil
    }
}
