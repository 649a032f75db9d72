import Foundation
import Testing

/// `sluice-fetch` against a misbehaving local server: redirect loops and forbidden schemes,
/// and a 50 MB page that must be streamed, not held.
@Suite(.serialized) struct FetchReliabilityTests {
    let fetch = Executable("sluice-fetch")

    @Test func aRedirectLoopIsStopped() throws {
        let server = try FixtureServer()
        let result = try fetch.run([server.url("/redirect-loop"), "--retries", "0"])
        #expect(result.status == 69)
        #expect(
            result.stderrText
                == "sluice-fetch: \(server.url("/redirect-loop")): redirect loop: back to \(server.url("/redirect-loop")) after 2 redirects\n")
    }

    @Test func aRedirectToAFileURLIsRefused() throws {
        let server = try FixtureServer()
        let result = try fetch.run([server.url("/redirect-file")])
        #expect(result.status == 69)
        #expect(
            result.stderrText
                == "sluice-fetch: \(server.url("/redirect-file")): refusing a redirect to file:///etc/passwd: only http and https are followed\n")
        #expect(result.stdout.isEmpty)
    }

    /// Runs the fetch under a small Python parent that reports the child's peak RSS (getrusage
    /// of its only child) and counts output lines without keeping them.
    @Test func aFiftyMegabytePageIsStreamedInBoundedMemory() throws {
        let server = try FixtureServer()
        let probe = """
            import resource, subprocess, sys
            child = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            lines = 0
            for chunk in iter(lambda: child.stdout.read(1 << 16), b""):
                lines += chunk.count(b"\\n")
            child.wait()
            print(child.returncode, lines, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        let script = try TemporaryFile(contents: Data(probe.utf8), suffix: ".py")
        func peak(megabytes: Int) throws -> Int {
            let result = try Program.run(["python3", script.path, fetch.url.path, server.url("/big?mb=\(megabytes)")])
            let fields = result.stdoutText.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
            #expect(fields.count == 3)
            #expect(fields.first == "0")
            #expect(fields.dropFirst().first == String(megabytes * 10_000))
            return Int(fields.last ?? "") ?? .max
        }
        // Peak RSS in KiB, against a 1 MB page as the baseline (the runtime, buffers): the
        // 50 MB page may add a little, never anything near its size.
        let baseline = try peak(megabytes: 1)
        let large = try peak(megabytes: 50)
        #expect(large - baseline < 16 * 1024, "peak RSS \(large) KiB for 50 MB against \(baseline) KiB for 1 MB")
    }
}
