import Foundation
import SluiceCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads one URL to a temporary file with URLSession: a timeout, bounded retries with
/// exponential backoff on connection errors, 429 and 5xx (honouring `Retry-After`), redirects
/// checked by ``RedirectPolicy``, conditional requests (a 304 is an answer, not an error), and a
/// clear failure for everything else. Header values are sent but never printed.
///
///     let response = try downloader.download(url, name: "https://api.example.org/items?page=2")
///     response.status  // 200, or 304 when `conditions` matched the server's copy
struct HTTPDownloader {
    var headers: [(name: String, value: String)] = []
    var timeout: Double = 30
    var retries = 3
    /// Longest wait between attempts, whatever `Retry-After` asks for.
    var maxWait: Double = 60
    var allowInsecureRedirect = false
    var warn: (String) -> Void = { _ in }

    /// A successful answer: the body spooled to `file` (empty for a 304) and the headers we use.
    struct Response {
        var status: Int
        var file: URL
        var contentType: String?
        var etag: String?
        var lastModified: String?
        var link: String?
    }

    /// Downloads `url`, sending `conditions` (`If-None-Match`, `If-Modified-Since`) as well.
    func download(_ url: URL, name: String, conditions: [(name: String, value: String)] = []) throws(StageFailure) -> Response {
        var attempt = 0
        while true {
            attempt += 1
            let outcome = fetchOnce(url, conditions: conditions)
            let retryable: String
            var wait = min(maxWait, 0.5 * pow(2, Double(attempt - 1)))
            switch outcome {
            case .success(let response):
                return response
            case .refusedRedirect(let reason):
                throw StageFailure(.unavailable, "\(name): \(reason)")
            case .status(let code, let retryAfter, let file):
                NamedTemporaryFiles.remove(file.path)
                let reason = "HTTP \(code) \(HTTPURLResponse.localizedString(forStatusCode: code).capitalized)"
                guard code == 429 || code >= 500 else {
                    throw StageFailure(code == 404 || code == 410 ? .noInput : .unavailable, "\(name): \(reason)")
                }
                if let retryAfter { wait = min(maxWait, retryAfter) }
                retryable = reason
            case .failure(let error):
                guard HTTPDownloader.isRetryable(error) else {
                    throw StageFailure(.unavailable, "\(name): \(describe(error))")
                }
                retryable = describe(error)
            }
            guard attempt <= retries else {
                let tries = attempt == 1 ? "" : " (after \(attempt) attempts)"
                throw StageFailure(.unavailable, "\(name): \(retryable)\(tries)")
            }
            warn("\(name): \(retryable), retrying in \(String(format: "%.1f", wait)) s (attempt \(attempt + 1) of \(retries + 1))")
            Thread.sleep(forTimeInterval: wait)
        }
    }

    enum Outcome {
        case success(Response)
        case status(Int, retryAfter: Double?, file: URL)
        case refusedRedirect(String)
        case failure(URLError)
    }

    /// One request, made synchronous: the command-line stage has nothing else to do meanwhile.
    func fetchOnce(_ url: URL, conditions: [(name: String, value: String)] = []) -> Outcome {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        for header in headers + conditions { request.addValue(header.value, forHTTPHeaderField: header.name) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = max(timeout, 24 * 3600)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let redirects = RedirectPolicy(start: url, allowInsecure: allowInsecureRedirect)
        let session = URLSession(configuration: configuration, delegate: redirects, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let box = OutcomeBox()
        let done = DispatchSemaphore(value: 0)
        let task = session.downloadTask(with: request) { location, response, error in
            defer { done.signal() }
            box.outcome = HTTPDownloader.outcome(location: location, response: response, error: error, refusal: redirects.refusal)
        }
        task.resume()
        done.wait()
        return box.outcome ?? .failure(URLError(.unknown))
    }

    /// Classifies what URLSession handed the completion handler.
    static func outcome(location: URL?, response: URLResponse?, error: Error?, refusal: String?) -> Outcome {
        if let refusal { return .refusedRedirect(refusal) }
        if let error { return .failure(error as? URLError ?? URLError(.unknown)) }
        guard let http = response as? HTTPURLResponse, location != nil || http.statusCode == 304 else {
            return .failure(URLError(.badServerResponse))
        }
        // The system deletes `location` when the handler returns: move it somewhere of ours,
        // listed so that a signal does not leave it in $TMPDIR (`NamedTemporaryFiles`).
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-fetch-\(UUID().uuidString)")
        NamedTemporaryFiles.add(kept.path)
        do {
            if let location {
                try FileManager.default.moveItem(at: location, to: kept)
            } else {
                try Data().write(to: kept)
            }
        } catch {
            NamedTemporaryFiles.remove(kept.path)
            return .failure(URLError(.cannotWriteToFile))
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: kept.path)[.size] as? Int) ?? nil
        if http.statusCode != 304, http.expectedContentLength > 0, let size, Int64(size) < http.expectedContentLength {
            NamedTemporaryFiles.remove(kept.path)
            return .failure(URLError(.networkConnectionLost))
        }
        guard (200..<300).contains(http.statusCode) || http.statusCode == 304 else {
            return .status(http.statusCode, retryAfter: retryAfter(http.value(forHTTPHeaderField: "Retry-After")), file: kept)
        }
        return .success(
            Response(
                status: http.statusCode, file: kept, contentType: http.value(forHTTPHeaderField: "Content-Type"),
                etag: http.value(forHTTPHeaderField: "ETag"), lastModified: http.value(forHTTPHeaderField: "Last-Modified"),
                link: http.value(forHTTPHeaderField: "Link")))
    }

    /// `Retry-After` as seconds: a number, or an HTTP date in the future.
    static func retryAfter(_ value: String?) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value).map { max(0, $0.timeIntervalSinceNow) }
    }

    static func isRetryable(_ error: URLError) -> Bool {
        // A refused or dropped connection may be a restart; an unknown host will not fix itself.
        switch error.code {
        case .timedOut, .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet: true
        default: false
        }
    }

    func describe(_ error: URLError) -> String {
        switch error.code {
        case .timedOut: "timed out after \(String(format: "%g", timeout)) s"
        case .cannotFindHost, .dnsLookupFailed: "cannot resolve the host name"
        case .cannotConnectToHost: "connection refused"
        case .networkConnectionLost: "the connection closed before the whole body arrived (truncated)"
        case .badServerResponse: "the server's answer is not valid HTTP"
        case .unsupportedURL: "unsupported URL"
        case .httpTooManyRedirects: "too many redirects"
        default: "network error \(error.code.rawValue)"
        }
    }
}

/// Carries the completion handler's result back to the waiting thread; the semaphore orders
/// the write before the read, which the compiler cannot see.
private final class OutcomeBox: @unchecked Sendable {
    var outcome: HTTPDownloader.Outcome?
}
