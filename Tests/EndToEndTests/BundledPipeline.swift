import Foundation
import Testing

@testable import SluiceCore

/// `scripts/pipeline.sh` over the bundled data, run once per test process into
/// `.build/e2e-pipeline` (replaced by each run, so nothing piles up), for the tests that read
/// its report and GeoJSON.
enum BundledPipeline {
    struct Output: Sendable {
        var directory: URL
        var printed: String

        func file(_ name: String) -> URL { directory.appendingPathComponent(name) }
    }

    struct Failure: Error, CustomStringConvertible, Sendable {
        var description: String
    }

    /// Runs `scripts/pipeline.sh` with the test build's executables into `directory`; its
    /// status and everything it printed (stdout and stderr together).
    /// With `more`, the week-2 run (`scripts/pipeline.sh`'s third argument).
    static func run(into directory: URL, more: String? = nil) throws -> (status: Int32, printed: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["scripts/pipeline.sh", Executable.binDirectory.path, directory.path] + (more.map { [$0] } ?? [])
        process.currentDirectoryURL = Executable.packageRoot
        let out = try TemporaryFile()
        process.standardOutput = try FileHandle(forWritingTo: out.url)
        process.standardError = try FileHandle(forWritingTo: out.url)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: try out.contents(), as: UTF8.self))
    }

    static let result: Result<Output, Failure> = {
        let directory = Executable.packageRoot.appendingPathComponent(".build/e2e-pipeline")
        do {
            try? FileManager.default.removeItem(at: directory)
            let (status, printed) = try run(into: directory)
            guard status == 0 else { return .failure(Failure(description: "pipeline failed: \(printed)")) }
            return .success(Output(directory: directory, printed: printed))
        } catch {
            return .failure(Failure(description: "pipeline could not run: \(error)"))
        }
    }()

    static func output() throws -> Output { try result.get() }

    /// The records of one of its NDJSON files, parsed.
    static func records(_ name: String) throws -> [JSONValue] {
        let data = try Data(contentsOf: try output().file(name))
        return try data.split(separator: 0x0A).map { try JSONParser.parse(Array($0)) }
    }

    /// Distinct placed positions (`lat,lon` as written) of records: a precision other than
    /// `none` and numeric coordinates in range, counted independently of the report's code.
    static func places(of records: [JSONValue]) -> Set<String> {
        var places = Set<String>()
        for record in records {
            guard let geo = record["geo"], geo["precision"]?.stringValue != "none",
                case .number(let lat)? = geo["lat"], case .number(let lon)? = geo["lon"],
                let latitude = Double(lat), let longitude = Double(lon), abs(latitude) <= 90, abs(longitude) <= 180
            else { continue }
            places.insert(lat + "," + lon)
        }
        return places
    }
}
