import Foundation
import SluiceCore

/// Gets one HTTP(S) body for `sluice-fetch`: through the ``HTTPCache`` when there is one
/// (conditional request, the cached body on 304), only from it when `--offline`, and straight
/// from the network otherwise. Every name it prints or stores is redacted by ``Secrets``.
///
///     let body = try client.get(url)   // body.file: read it; body.discard() when done
struct WebClient {
    var downloader = HTTPDownloader()
    var cache: HTTPCache?
    var offline = false
    var secrets = Secrets()
    /// How many bodies came over the network, and how many were reused on 304 or offline.
    private(set) var downloaded = 0
    private(set) var reused = 0

    /// A body ready to read.
    struct Body {
        var file: URL
        var contentType: String?
        var link: String?
        /// A temporary download to delete after reading (cached bodies stay).
        var isTemporary: Bool

        func discard() {
            if isTemporary { NamedTemporaryFiles.remove(file.path) }
        }
    }

    /// The URL as it may be shown: secrets and secret-looking query values masked.
    func name(of url: URL) -> String { secrets.redact(InputSource.redacted(url)) }

    mutating func get(_ url: URL) throws(StageFailure) -> Body {
        let name = name(of: url)
        let cached = cache?.entry(for: name)
        if offline {
            guard let cache, let cached else {
                throw StageFailure(.noInput, "\(name): not in the cache\(cache.map { " \($0.directory.path)" } ?? "") (--offline)")
            }
            reused += 1
            return Body(file: cache.bodyFile(for: name), contentType: cached.contentType, link: cached.link, isTemporary: false)
        }
        let response = try downloader.download(url, name: name, conditions: HTTPCache.conditions(for: cached))
        if response.status == 304, let cache, let cached {
            NamedTemporaryFiles.remove(response.file.path)
            reused += 1
            return Body(file: cache.bodyFile(for: name), contentType: cached.contentType, link: cached.link, isTemporary: false)
        }
        guard response.status != 304 else {
            NamedTemporaryFiles.remove(response.file.path)
            throw StageFailure(.unavailable, "\(name): HTTP 304 Not Modified, but there is no cached copy")
        }
        downloaded += 1
        guard let cache else {
            return Body(file: response.file, contentType: response.contentType, link: response.link, isTemporary: true)
        }
        let entry = HTTPCache.Entry(
            url: name, etag: response.etag, lastModified: response.lastModified, contentType: response.contentType,
            link: response.link.map(secrets.redact))
        // Moved into the cache, or removed when it cannot be.
        defer { NamedTemporaryFiles.remove(response.file.path) }
        try cache.store(body: response.file, entry: entry)
        // The live Link header (with any secrets) is used now; the cache keeps the redacted one.
        return Body(file: cache.bodyFile(for: name), contentType: response.contentType, link: response.link, isTemporary: false)
    }
}
