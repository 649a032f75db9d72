import Foundation

/// The package's folder, found from this file's place in it, for tests that read the sources,
/// the bundled data or the golden cases.
public enum PackageRoot {
    public static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
