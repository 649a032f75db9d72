#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A scratch file in `$TMPDIR` (default `/tmp`), unlinked as soon as it is created: only its
/// descriptor names it, so it disappears when the process ends, however it ends (an error, a
/// signal, `kill -9`), and nothing is ever left behind to clean up. `sluice-dedupe`'s spool and
/// `sluice-gazetteer build`'s sorted runs are such files.
///
///     let fd = try TemporaryFile.open(prefix: "sluice-dedupe")   // $TMPDIR/sluice-dedupe-XXXXXX, already unlinked
public enum TemporaryFile {
    /// `$TMPDIR` when it is set and not empty, else `/tmp`.
    public static var directory: String {
        getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// A new file open for reading and writing, already unlinked. The caller owns (closes) it.
    public static func open(prefix: String) throws(StageFailure) -> Int32 {
        let directory = directory
        var template = Array((directory + "/\(prefix)-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else {
            throw StageFailure(.ioError, "\(directory): cannot create a temporary file: \(String(cString: strerror(errno)))")
        }
        template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
        return fd
    }
}
