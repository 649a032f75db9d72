import Foundation
import SluiceTestSupport
import Testing

/// Runs the built `sluice-*` executables as a user would: arguments, stdin, a working
/// directory; returns the exit status and everything printed.
struct Executable {
    let name: String

    init(_ name: String) { self.name = name }

    static let packageRoot = PackageRoot.url

    /// Where `swift build` put the executables: `SLUICE_BIN_DIR` (set by `make test`), or the
    /// default debug folder.
    static let binDirectory: URL = {
        if let dir = ProcessInfo.processInfo.environment["SLUICE_BIN_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir)
        }
        return packageRoot.appendingPathComponent(".build/debug")
    }()

    var url: URL { Executable.binDirectory.appendingPathComponent(name) }

    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: Data
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        var stderrText: String { String(decoding: stderr, as: UTF8.self) }
        var stdoutLines: [String] { stdoutText.split(separator: "\n").map(String.init) }
    }

    /// Runs to completion. `stdin` is a file to read from (nil: empty input).
    func run(_ arguments: [String], stdin: URL? = nil, in directory: URL? = nil, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        process.standardInput = try stdin.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
        // Output goes to files, not pipes, so a large output can never block the child.
        let out = try TemporaryFile()
        let err = try TemporaryFile()
        process.standardOutput = try FileHandle(forWritingTo: out.url)
        process.standardError = try FileHandle(forWritingTo: err.url)
        try process.run()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: try Data(contentsOf: out.url), stderr: try Data(contentsOf: err.url))
    }

    /// Runs with `input` written to a temporary file and given as stdin.
    func run(_ arguments: [String], input: Data, in directory: URL? = nil) throws -> Result {
        let file = try TemporaryFile(contents: input)
        return try run(arguments, stdin: file.url, in: directory)
    }
}

/// A file in the temporary directory, removed when released.
final class TemporaryFile {
    let url: URL

    init(contents: Data = Data(), suffix: String = "") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-test-\(UUID().uuidString)\(suffix)")
        try contents.write(to: url)
    }

    var path: String { url.path }

    func contents() throws -> Data { try Data(contentsOf: url) }

    deinit {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
    }
}

/// A directory in the temporary directory, removed when released.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: url) }
}
