import Foundation
import Testing

/// A fixture HTTP server on 127.0.0.1 (Python's standard library), stopped with the test.
final class FixtureServer {
    let process = Process()
    let port: Int

    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Executable.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/http_fixture_server.py").path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        // The server prints its port as its first line once it is listening.
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    deinit {
        // SIGKILL, not terminate(): children of the test runner inherit a signal mask that
        // blocks SIGTERM, so a polite stop would wait forever.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

@Suite(.serialized) struct FetchHTTPTests {
    let fetch = Executable("sluice-fetch")

    @Test func fetchesJSONAndCSVByContentType() throws {
        let server = try FixtureServer()
        let json = try fetch.run([server.url("/films.json")])
        #expect(json.status == 0)
        #expect(
            json.stdoutLines == [
                #"{"title":"Vertigo","year":1958,"provenance":{"source":"\#(server.url("/films.json"))","row":1}}"#,
                #"{"title":"Bullitt","year":1968,"provenance":{"source":"\#(server.url("/films.json"))","row":2}}"#,
            ])
        let csv = try fetch.run([server.url("/films.csv"), "--infer-types"])
        #expect(csv.stdoutLines.first?.hasPrefix(#"{"title":"Vertigo","year":1958,"#) == true)
    }

    @Test func retriesA503ThenSucceeds() throws {
        let server = try FixtureServer()
        let result = try fetch.run([server.url("/flaky?id=a")])
        #expect(result.status == 0)
        #expect(result.stdoutLines.count == 2)
        #expect(result.stderrText.contains("HTTP 503 Service Unavailable, retrying in 0.5 s (attempt 2 of 4)"))
    }

    @Test func honoursRetryAfterOn429() throws {
        let server = try FixtureServer()
        let started = Date()
        let result = try fetch.run([server.url("/limited?id=b")])
        #expect(result.status == 0)
        #expect(result.stderrText.contains("HTTP 429 Too Many Requests, retrying in 1.0 s"))
        #expect(Date().timeIntervalSince(started) >= 1)
    }

    @Test func aMissingResourceIsExit66AndOther4xxExit69WithoutRetries() throws {
        let server = try FixtureServer()
        let missing = try fetch.run([server.url("/missing")])
        #expect(missing.status == 66)
        #expect(missing.stderrText == "sluice-fetch: \(server.url("/missing")): HTTP 404 Not Found\n")
        let forbidden = try fetch.run([server.url("/forbidden")])
        #expect(forbidden.status == 69)
        #expect(forbidden.stderrText == "sluice-fetch: \(server.url("/forbidden")): HTTP 403 Forbidden\n")
    }

    @Test func aSlowServerTimesOut() throws {
        let server = try FixtureServer()
        let result = try fetch.run([server.url("/slow"), "--timeout", "1", "--retries", "0"])
        #expect(result.status == 69)
        #expect(result.stderrText == "sluice-fetch: \(server.url("/slow")): timed out after 1 s\n")
    }

    @Test func aTruncatedBodyIsAnErrorNotHalfTheRecords() throws {
        let server = try FixtureServer()
        let result = try fetch.run([server.url("/truncated"), "--retries", "0"])
        #expect(result.status == 69)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.contains("truncated"))
    }

    /// A failed transfer leaves nothing in `$TMPDIR`: URLSession's download task left its
    /// partial `UUID.tmp` there, so every truncated body, timeout or refused redirect did.
    @Test(arguments: ["/truncated", "/slow", "/redirect-loop", "/redirect-file", "/missing", "/films.json"])
    func aTransferLeavesNothingInTMPDIR(path: String) throws {
        let server = try FixtureServer()
        let tmp = try TemporaryDirectory()
        let result = try fetch.run([server.url(path), "--timeout", "1", "--retries", "0"], environment: ["TMPDIR": tmp.url.path])
        #expect(result.status == (path == "/films.json" ? 0 : path == "/missing" ? 66 : 69))
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.url.path) == [])
    }

    @Test func anHTMLPageIsNotRecords() throws {
        let server = try FixtureServer()
        let result = try fetch.run([server.url("/html"), "--format", "json"])
        #expect(result.status == 65)
        #expect(
            result.stderrText
                == "sluice-fetch: \(server.url("/html")): the server sent an HTML page, not JSON records (--html-table reads a table from a page)\n")
    }

    @Test func aRefusedConnectionIsClear() throws {
        // Port 9 (discard) on loopback: nothing listens there in the test environment.
        let result = try fetch.run(["http://127.0.0.1:9/x.json", "--retries", "0"])
        #expect(result.status == 69)
        #expect(result.stderrText == "sluice-fetch: http://127.0.0.1:9/x.json: connection refused\n")
    }

    @Test func sendsHeadersButNeverPrintsThem() throws {
        let server = try FixtureServer()
        let result = try fetch.run([server.url("/echo-header"), "--header", "X-Api-Key: s3cret"])
        #expect(result.stdoutLines.first?.hasPrefix(#"{"key_seen":"s3cret""#) == true)
        #expect(!result.stderrText.contains("s3cret"))
    }
}
