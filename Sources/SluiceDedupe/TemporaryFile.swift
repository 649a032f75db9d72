import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An unlinked temporary file in `$TMPDIR` (default `/tmp`): created, then its name removed at
/// once, so it disappears when its descriptor closes, however the stage ends. The input's spool
/// (`Spool`) and the compared pairs past their first chunk (`PairList`) live in one.
///
///     let file = try TemporaryFile(purpose: "the spool of the input")
///     file.fd      // open for reading and writing
///     file.name    // "/tmp/sluice-dedupe-* (the spool of the input)", for errors
///
/// - Complexity: O(1); disk space what is written to it.
public struct TemporaryFile: Sendable {
    public let fd: Int32
    /// How errors name it: the directory, a pattern and what it holds.
    public let name: String

    public init(purpose: String) throws(StageFailure) {
        let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((directory + "/sluice-dedupe-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else {
            throw StageFailure(.ioError, "\(directory): cannot create a temporary file: \(String(cString: strerror(errno)))")
        }
        template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
        self.fd = fd
        name = "\(directory)/sluice-dedupe-* (\(purpose))"
    }
}
