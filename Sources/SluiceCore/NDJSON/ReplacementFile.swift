#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written whole or not at all (`sluice-gazetteer build --out`): the bytes go to a
/// temporary file beside it (`.NAME.PID.tmp`, in the same folder so that the rename is atomic),
/// which `commit()` syncs and renames over it. Until then the file is untouched, whatever
/// happens — a full disk, an error, a kill; a replacement released without a commit removes
/// its temporary file, and so does SIGINT, SIGTERM or SIGHUP (`NamedTemporaryFiles`): only SIGKILL
/// can leave one (removed by the next run that gets the same process id).
///
/// A path that is not a regular file (`/dev/stdout`, a FIFO) cannot be replaced: it is written
/// directly.
public final class ReplacementFile {
    /// Where the bytes go; errors name the file being replaced.
    public let sink: ByteSink
    let path: String
    let temporaryPath: String?
    private var done = false

    public init(path: String) throws(StageFailure) {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            sink = try ByteSink(path: path)
            self.path = path
            temporaryPath = nil
            return
        }
        // Beside the file a symbolic link points to, so that the link stays a link.
        let target = ReplacementFile.resolvedLink(path)
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var attempt = 0
        while true {
            let candidate = "\(folder).\(name).\(getpid())\(attempt == 0 ? "" : ".\(attempt)").tmp"
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd >= 0 {
                sink = ByteSink(fd: fd, name: path, ownsDescriptor: true)
                self.path = target
                temporaryPath = candidate
                NamedTemporaryFiles.add(candidate)
                return
            }
            // A temporary file left by an earlier run killed with the same process id.
            guard errno == EEXIST, attempt < 100 else {
                throw StageFailure(.ioError, "\(path): cannot create a temporary file beside it (\(candidate)): \(String(cString: strerror(errno)))")
            }
            attempt += 1
        }
    }

    /// The file the bytes go to until `commit()`: the temporary file, or the path itself when it
    /// cannot be replaced. What was flushed can be read back from it (`sluice-gazetteer build`
    /// puts late rejects in their place).
    public var writingPath: String { temporaryPath ?? path }

    /// Writes out what is left, has it on disk and puts it in place of the file.
    public func commit() throws {
        try sink.sync()
        if let temporaryPath {
            guard rename(temporaryPath, path) == 0 else { throw IOFailure(errno: errno, operation: "rename", path: path) }
            NamedTemporaryFiles.forget(temporaryPath)
        }
        done = true
    }

    deinit {
        if !done, let temporaryPath { NamedTemporaryFiles.remove(temporaryPath) }
    }

    /// The path a symbolic link leads to (the path itself when it is not one, or does not exist).
    static func resolvedLink(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}
