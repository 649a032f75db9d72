import Foundation
import SluiceCore

/// `--cache DIR`: response bodies kept with their validators so a later run can ask "has it
/// changed?" (`If-None-Match`, `If-Modified-Since`) and reuse the body on 304, or, `--offline`,
/// not ask at all. Each entry is two files named by a hash of the *redacted* URL, so no secret
/// reaches a file name or the cache's contents:
///
///     DIR/3f2a…9c.body   the body as received
///     DIR/3f2a…9c.json   {"url":"http://h/movies?page=2&api_key=REDACTED","etag":"\"v7\"",…}
///
/// A body is stored only after it arrived whole, by renaming a complete file into place.
struct HTTPCache {
    let directory: URL

    /// What is known about a cached response.
    struct Entry: Equatable {
        var url: String
        var etag: String?
        var lastModified: String?
        var contentType: String?
        var link: String?
    }

    init(directory: String) throws(StageFailure) {
        self.directory = URL(fileURLWithPath: directory, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: self.directory, withIntermediateDirectories: true)
        } catch {
            throw StageFailure(.ioError, "\(directory): cannot create the cache directory")
        }
    }

    /// The file stem for a redacted URL: 16 hex digits of its `StableHash` (FNV-1a), the same in
    /// every run, so a cache written by one run is found by the next.
    static func stem(for redactedURL: String) -> String { StableHash.hex(StableHash.of(redactedURL)) }

    func bodyFile(for url: String) -> URL { directory.appendingPathComponent(HTTPCache.stem(for: url) + ".body") }
    func metaFile(for url: String) -> URL { directory.appendingPathComponent(HTTPCache.stem(for: url) + ".json") }

    /// The cached entry for a redacted URL, if both its files are there and it is that URL's.
    func entry(for url: String) -> Entry? {
        guard FileManager.default.fileExists(atPath: bodyFile(for: url).path),
            let data = try? Data(contentsOf: metaFile(for: url)),
            let meta = try? JSONParser.parse([UInt8](data)), meta["url"]?.stringValue == url
        else { return nil }
        return Entry(
            url: url, etag: meta["etag"]?.stringValue, lastModified: meta["last_modified"]?.stringValue,
            contentType: meta["content_type"]?.stringValue, link: meta["link"]?.stringValue)
    }

    /// The request headers that ask the server whether `entry` is still current.
    static func conditions(for entry: Entry?) -> [(name: String, value: String)] {
        guard let entry else { return [] }
        var headers: [(name: String, value: String)] = []
        if let etag = entry.etag { headers.append(("If-None-Match", etag)) }
        if let lastModified = entry.lastModified { headers.append(("If-Modified-Since", lastModified)) }
        return headers
    }

    /// Moves a complete body into the cache and writes its validators. `link` must already be
    /// redacted: it may repeat the request's query.
    func store(body: URL, entry: Entry) throws(StageFailure) {
        let target = bodyFile(for: entry.url)
        let meta = JSONValue.object([
            "url": .string(entry.url), "etag": entry.etag.map(JSONValue.string),
            "last_modified": entry.lastModified.map(JSONValue.string),
            "content_type": entry.contentType.map(JSONValue.string), "link": entry.link.map(JSONValue.string),
        ])
        do {
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.moveItem(at: body, to: target)
            // Written whole to a temporary name, then renamed: a reader never sees half a file.
            try Data(JSONWriter.string(meta).utf8).write(to: metaFile(for: entry.url), options: .atomic)
        } catch {
            throw StageFailure(.ioError, "\(directory.path): cannot write to the cache: \(error.localizedDescription)")
        }
    }
}
