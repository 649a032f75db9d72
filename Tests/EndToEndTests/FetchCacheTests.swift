import Foundation
import Testing

/// `--cache` and `--offline` against a real local server, and secrets kept out of everything
/// the stage writes.
@Suite(.serialized) struct FetchCacheTests {
    let fetch = Executable("sluice-fetch")

    func stats(_ server: FixtureServer) throws -> String {
        let url = try #require(URL(string: server.url("/stats")))
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test func aRefreshFailingOnPage7ReportsItAndTheReRunResumesFromTheCache() throws {
        let server = try FixtureServer()
        let cache = try TemporaryDirectory()
        let arguments = [server.url("/ten?run=r1"), "--page-param", "page", "--records-at", "results", "--retries", "0", "--cache", cache.url.path]
        let failed = try fetch.run(arguments)
        #expect(failed.status == 69)
        #expect(failed.stdoutLines.count == 12)  // pages 1–6 were streamed out before the failure
        #expect(
            failed.stderrText.contains(
                "\(server.url("/ten?run=r1&page=7")): HTTP 500 Internal Server Error (stopped at page 7; pages 1–6 were written; a re-run reuses them from the cache)"
            ))
        #expect(try stats(server) == #"{"full":6,"not_modified":0}"#)
        let rerun = try fetch.run(arguments)
        #expect(rerun.status == 0)
        #expect(rerun.stdoutLines.count == 20)
        #expect(rerun.stderrText == "sluice-fetch: 20 in, 20 out, 0 rejected, 10 pages, 6 from the cache\n")
        // Pages 1–6 were answered 304 and reused; only pages 7–10 came over the wire.
        #expect(try stats(server) == #"{"full":10,"not_modified":6}"#)
    }

    @Test func offlineServesOnlyFromTheCache() throws {
        let server = try FixtureServer()
        let cache = try TemporaryDirectory()
        let arguments = [server.url("/numbered"), "--page-param", "page", "--records-at", "results", "--cache", cache.url.path]
        let online = try fetch.run(arguments)
        let offline = try fetch.run(arguments + ["--offline"])
        #expect(offline.status == 0)
        #expect(offline.stdout == online.stdout)
        #expect(try stats(server) == #"{"full":3,"not_modified":0}"#)
        let missing = try fetch.run([server.url("/films.json"), "--cache", cache.url.path, "--offline"])
        #expect(missing.status == 66)
        #expect(missing.stderrText == "sluice-fetch: \(server.url("/films.json")): not in the cache \(cache.url.path) (--offline)\n")
        let noCache = try fetch.run([server.url("/films.json"), "--offline"])
        #expect(noCache.status == 64)
    }

    @Test func secretsFromTheEnvironmentNeverReachOutputMessagesOrTheCache() throws {
        let server = try FixtureServer()
        let cache = try TemporaryDirectory()
        // A parameter name that does not look secret: masked because its value came from @env.
        let result = try fetch.run(
            [server.url("/keyed"), "--query", "api_key=@env:FIXTURE_KEY", "--query", "k=@env:FIXTURE_KEY", "--cache", cache.url.path],
            environment: ["FIXTURE_KEY": "s3cret-key"])
        #expect(result.status == 0)
        #expect(
            result.stdoutLines.first
                == #"{"id":11,"title":"item 1.1","provenance":{"source":"\#(server.url("/keyed?api_key=REDACTED&k=REDACTED"))","row":1}}"#)
        let wrong = try fetch.run(
            [server.url("/keyed"), "--query", "k=@env:FIXTURE_KEY", "--query", "api_key=@env:FIXTURE_KEY"],
            environment: ["FIXTURE_KEY": "wrong-key-42"])
        #expect(wrong.status == 69)
        #expect(wrong.stderrText == "sluice-fetch: \(server.url("/keyed?k=REDACTED&api_key=REDACTED")): HTTP 401 Unauthorized\n")
        for output in [result.stdoutText, result.stderrText, wrong.stderrText] {
            #expect(!output.contains("s3cret-key") && !output.contains("wrong-key-42"))
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: cache.url.path) {
            #expect(!file.contains("s3cret"))
            #expect(try Data(contentsOf: cache.file(file)).range(of: Data("s3cret-key".utf8)) == nil)
        }
        let unset = try fetch.run([server.url("/keyed"), "--header", "Authorization: Bearer @env:SLUICE_TEST_UNSET_VARIABLE"])
        #expect(unset.status == 64)
        #expect(
            unset.stderrText.hasPrefix(
                "sluice-fetch: environment variable SLUICE_TEST_UNSET_VARIABLE (named by @env:SLUICE_TEST_UNSET_VARIABLE) is not set\n"))
    }

    @Test func headersTakeSecretsFromTheEnvironment() throws {
        let server = try FixtureServer()
        let result = try fetch.run(
            [server.url("/echo-header"), "--header", "X-Api-Key: @env:FIXTURE_HEADER"], environment: ["FIXTURE_HEADER": "h3ader-value"])
        #expect(result.stdoutLines.first?.hasPrefix(#"{"key_seen":"h3ader-value""#) == true)
        #expect(!result.stderrText.contains("h3ader-value"))
    }
}
