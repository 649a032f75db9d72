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
    /// The body goes to a file of ours (``ResponseReceiver``), removed on every failure.
    func fetchOnce(_ url: URL, conditions: [(name: String, value: String)] = []) -> Outcome {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        for header in headers + conditions { request.addValue(header.value, forHTTPHeaderField: header.name) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = max(timeout, 24 * 3600)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let redirects = RedirectPolicy(start: url, allowInsecure: allowInsecureRedirect)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-fetch-\(UUID().uuidString)")
        NamedTemporaryFiles.add(file.path)
        let receiver: ResponseReceiver
        do {
            guard FileManager.default.createFile(atPath: file.path, contents: nil) else { throw URLError(.cannotCreateFile) }
            receiver = try ResponseReceiver(file: file, redirects: redirects)
        } catch {
            NamedTemporaryFiles.remove(file.path)
            return .failure(URLError(.cannotCreateFile))
        }
        let session = URLSession(configuration: configuration, delegate: receiver, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        session.dataTask(with: request).resume()
        receiver.wait()
        let outcome = HTTPDownloader.outcome(of: receiver, file: file)
        switch outcome {
        case .success, .status: break
        case .refusedRedirect, .failure: NamedTemporaryFiles.remove(file.path)
        }
        return outcome
    }

    /// Classifies a completed request whose body is in `file`.
    static func outcome(of receiver: ResponseReceiver, file: URL) -> Outcome {
        if let refusal = receiver.redirects.refusal { return .refusedRedirect(refusal) }
        if receiver.writeFailed { return .failure(URLError(.cannotWriteToFile)) }
        let http = receiver.response as? HTTPURLResponse
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
        // A body shorter than its Content-Length is truncated, whether or not the session says
        // why (it reports an unknown error when the server closes early).
        if let http, http.statusCode != 304, http.expectedContentLength > 0, let size, Int64(size) < http.expectedContentLength {
            return .failure(URLError(.networkConnectionLost))
        }
        if let error = receiver.error { return .failure(error as? URLError ?? URLError(.unknown)) }
        guard let http else { return .failure(URLError(.badServerResponse)) }
        guard (200..<300).contains(http.statusCode) || http.statusCode == 304 else {
            return .status(http.statusCode, retryAfter: retryAfter(http.value(forHTTPHeaderField: "Retry-After")), file: file)
        }
        return .success(
            Response(
                status: http.statusCode, file: file, contentType: http.value(forHTTPHeaderField: "Content-Type"),
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
