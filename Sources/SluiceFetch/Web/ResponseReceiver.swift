import Foundation
import SluiceCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Receives one request's answer for ``HTTPDownloader``: the body is written, as it arrives,
/// to a file of ours that `NamedTemporaryFiles` lists, and redirects are decided by
/// ``RedirectPolicy``. URLSession's download task spooled to `$TMPDIR/UUID.tmp` and left that
/// file behind whenever the transfer failed (a truncated body, a timeout, a refused redirect).
///
///     let receiver = ResponseReceiver(file: body, redirects: policy)
///     URLSession(configuration: .ephemeral, delegate: receiver, delegateQueue: nil).dataTask(with: request).resume()
///     receiver.wait()   // then receiver.response, receiver.error, receiver.writeFailed
final class ResponseReceiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let redirects: RedirectPolicy
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    private var handle: FileHandle?
    private var received: URLResponse?
    private var failure: Error?
    private var failedWriting = false

    /// `file` must exist and be empty; it is written, never removed here.
    init(file: URL, redirects: RedirectPolicy) throws {
        self.redirects = redirects
        handle = try FileHandle(forWritingTo: file)
    }

    /// Blocks until the task has completed (with or without an error).
    func wait() { finished.wait() }

    var response: URLResponse? { lock.withLock { received } }
    var error: Error? { lock.withLock { failure } }
    /// Whether writing the body to the file failed (the task was then cancelled).
    var writeFailed: Bool { lock.withLock { failedWriting } }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        lock.withLock { received = response }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let written: Bool = lock.withLock {
            guard let handle, !failedWriting else { return false }
            do { try handle.write(contentsOf: data) } catch { failedWriting = true }
            return !failedWriting
        }
        if !written { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.withLock {
            failure = error
            try? handle?.close()
            handle = nil
        }
        finished.signal()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        redirects.urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: request, completionHandler: completionHandler)
    }
}
