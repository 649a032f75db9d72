import Foundation

/// Runs a program that is not one of ours (`bash`, `python3`) found on PATH through
/// /usr/bin/env, with output captured in files as ``Executable`` does.
enum Program {
    static func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws -> Executable.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdout = try TemporaryFile()
        let stderr = try TemporaryFile()
        process.standardOutput = try FileHandle(forWritingTo: stdout.url)
        process.standardError = try FileHandle(forWritingTo: stderr.url)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Executable.Result(status: process.terminationStatus, stdout: try stdout.contents(), stderr: try stderr.contents())
    }
}
