import Foundation
import Testing

/// The Python beside the Swift (`scripts/`, `scale/`, `examples/`) keeps its examples in
/// doctests; every file that has one is run with `python3 -m doctest` from its own folder, so a
/// docstring's example that stops being true fails `make test`.
@Suite struct PythonDoctestTests {
    static let folders = ["scripts", "scale", "examples"]

    /// Every `.py` file under the folders whose text holds a doctest prompt.
    static func filesWithDoctests() -> [URL] {
        let root = Executable.packageRoot
        return folders.flatMap { folder -> [URL] in
            let files =
                FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL } ?? []
            return files.filter {
                $0.pathExtension == "py" && ((try? String(contentsOf: $0, encoding: .utf8))?.contains(">>> ") ?? false)
            }
        }.sorted { $0.path < $1.path }
    }

    @Test func thereAreDoctests() {
        let names = PythonDoctestTests.filesWithDoctests().map(\.lastPathComponent)
        #expect(names.contains("record_keys.py") && names.contains("dedupe_plan.py"), "\(names)")
    }

    @Test(arguments: PythonDoctestTests.filesWithDoctests())
    func doctestsPass(_ file: URL) throws {
        let run = try Program.run(["python3", "-m", "doctest", file.lastPathComponent], in: file.deletingLastPathComponent())
        #expect(run.status == 0, "\(file.path):\n\(run.stdoutText)\(run.stderrText)")
    }
}
