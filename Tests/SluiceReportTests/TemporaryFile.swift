import Foundation

/// A file with the given text in the temporary directory, removed when released.
final class TemporaryFile {
    let path: String

    init(_ text: String, suffix: String = "") throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-report-test-\(UUID().uuidString)\(suffix)").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
