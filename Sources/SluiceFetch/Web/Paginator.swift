import Foundation
import SluiceCore

/// Decides which page comes next: by page number (`--page-param page --start 1`, until a page
/// brings no records or the body's `total_pages` is reached), by a URL in the body
/// (`--next-at links.next`), or by an RFC 8288 `Link: <…>; rel="next"` header (`--link-next`).
/// It refuses to visit a URL twice (a next-link cycle) and stops at `--max-pages`.
///
///     var pages = Paginator(mode: .pageNumber(parameter: "page", start: 1, totalAt: "total_pages"))
///     pages.first(URL(string: "http://h/ads")!)   // http://h/ads?page=1
struct Paginator {
    enum Mode: Equatable {
        case single
        case pageNumber(parameter: String, start: Int, totalAt: String)
        case nextAt(String)
        case linkHeader
    }

    /// What one page turned out to hold.
    struct Page {
        var url: URL
        var number: Int
        var records: Int
        /// The parsed body, when it was read as a whole document (not streamed).
        var document: JSONValue?
        var link: String?
    }

    /// Why paging stopped early.
    enum Failure: Error, Equatable {
        case cycle(page: Int, target: String, firstSeenOn: Int)
        case notAURL(page: Int, path: String, found: String)
    }

    var mode: Mode
    var maxPages = 1000
    /// Redacted URL → the page it was read as, to catch cycles.
    private var visited: [String: Int] = [:]

    init(mode: Mode, maxPages: Int = 1000) {
        self.mode = mode
        self.maxPages = maxPages
    }

    var isPaging: Bool { mode != .single }

    /// The first page's URL: the source itself, with the page parameter set when paging by number.
    func first(_ url: URL) -> URL {
        guard case .pageNumber(let parameter, let start, _) = mode else { return url }
        return QueryParameters([(parameter, String(start))]).applied(to: url)
    }

    /// Notes a page about to be read under its redacted name.
    mutating func visit(_ name: String, page: Int) throws(Failure) {
        if let earlier = visited[name] { throw .cycle(page: page - 1, target: name, firstSeenOn: earlier) }
        visited[name] = page
    }

    /// The next page's URL, or nil when `page` was the last.
    func next(after page: Page) throws(Failure) -> URL? {
        switch mode {
        case .single:
            return nil
        case .pageNumber(let parameter, _, let totalAt):
            if page.records == 0 { return nil }
            if let total = page.document?.value(atPath: totalAt)?.doubleValue, Double(page.number) >= total { return nil }
            let current = URLComponents(url: page.url, resolvingAgainstBaseURL: false)?.queryItems?.last { $0.name == parameter }
            let number = current?.value.flatMap(Int.init).map { $0 + 1 } ?? page.number + 1
            return QueryParameters([(parameter, String(number))]).applied(to: page.url)
        case .nextAt(let path):
            guard let value = page.document?.value(atPath: path) else { return nil }
            switch value {
            case .null: return nil
            case .string(let text) where text.isEmpty: return nil
            case .string(let text):
                guard let url = URL(string: text, relativeTo: page.url)?.absoluteURL, ["http", "https"].contains(url.scheme?.lowercased() ?? "")
                else {
                    throw .notAURL(page: page.number, path: path, found: text)
                }
                return url
            default:
                throw .notAURL(page: page.number, path: path, found: value.typeName)
            }
        case .linkHeader:
            return LinkHeader.next(in: page.link, relativeTo: page.url)
        }
    }
}
