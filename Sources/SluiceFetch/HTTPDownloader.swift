import Foundation
import SluiceCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads one URL to a temporary file with URLSession: a timeout, bounded retries with
/// exponential backoff on connection errors, 429 and 5xx (honouring `Retry-After`), and a clear
/// failure for everything else. Header values are sent but never printed.
struct HTTPDownloader {
    var headers: [(name: String, value: String)] = []
    var timeout: Double = 30
    var retries = 3
    /// Longest wait between attempts, whatever `Retry-After` asks for.
    var maxWait: Double = 60
    var warn: (String) -> Void = { _ in }

    struct Download {
        var file: URL
        var contentType: String?
    }

    func download(_ url: URL, name: String) throws(StageFailure) -> Download {
        var attempt = 0
        while true {
            attempt += 1
            let outcome = fetchOnce(url)
            let retryable: String
            var wait = min(maxWait, 0.5 * pow(2, Double(attempt - 1)))
            switch outcome {
            case .success(let download):
                return download
            case .status(let code, let retryAfter, let file):
                try? FileManager.default.removeItem(at: file)
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
        case success(Download)
        case status(Int, retryAfter: Double?, file: URL)
        case failure(URLError)
    }

    /// One request, made synchronous: the command-line stage has nothing else to do meanwhile.
    func fetchOnce(_ url: URL) -> Outcome {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        for header in headers { request.addValue(header.value, forHTTPHeaderField: header.name) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = max(timeout, 24 * 3600)
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let box = OutcomeBox()
        let done = DispatchSemaphore(value: 0)
        let task = session.downloadTask(with: request) { location, response, error in
            defer { done.signal() }
            if let error {
                box.outcome = .failure(error as? URLError ?? URLError(.unknown))
                return
            }
            guard let location, let http = response as? HTTPURLResponse else {
                box.outcome = .failure(URLError(.badServerResponse))
                return
            }
            // The system deletes `location` when this handler returns: move it somewhere of ours.
            let kept = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-fetch-\(UUID().uuidString)")
            do {
                try FileManager.default.moveItem(at: location, to: kept)
            } catch {
                box.outcome = .failure(URLError(.cannotWriteToFile))
                return
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: kept.path)[.size] as? Int) ?? nil
            if http.expectedContentLength > 0, let size, Int64(size) < http.expectedContentLength {
                try? FileManager.default.removeItem(at: kept)
                box.outcome = .failure(URLError(.networkConnectionLost))
                return
            }
            guard (200..<300).contains(http.statusCode) else {
                box.outcome = .status(http.statusCode, retryAfter: HTTPDownloader.retryAfter(http.value(forHTTPHeaderField: "Retry-After")), file: kept)
                return
            }
            box.outcome = .success(Download(file: kept, contentType: http.value(forHTTPHeaderField: "Content-Type")))
        }
        task.resume()
        done.wait()
        return box.outcome ?? .failure(URLError(.unknown))
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
        default: "network error \(error.code.rawValue): \(error.localizedDescription)"
        }
    }
}

/// Carries the completion handler's result back to the waiting thread; the semaphore orders
/// the write before the read, which the compiler cannot see.
private final class OutcomeBox: @unchecked Sendable {
    var outcome: HTTPDownloader.Outcome?
}
