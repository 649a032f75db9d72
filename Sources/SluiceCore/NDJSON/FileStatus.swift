#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the system says of a file, read the same way on Linux and macOS: which file it is
/// (device and inode, whatever its name), its kind, size and modification time. For telling
/// whether a file changed (dedupe's rereading of its input, a compiled index's source) and
/// whether two descriptors are one file.
public struct FileStatus: Equatable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var isRegular: Bool
    public var size: Int
    /// The modification time, seconds and nanoseconds.
    public var modified: (seconds: Int64, nanoseconds: Int64)

    public init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        isRegular = status.st_mode & S_IFMT == S_IFREG
        size = Int(status.st_size)
        #if canImport(Glibc)
            modified = (Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec))
        #else
            modified = (Int64(status.st_mtimespec.tv_sec), Int64(status.st_mtimespec.tv_nsec))
        #endif
    }

    /// An open descriptor's status (nil when the system cannot say).
    public init?(fd: Int32) {
        var status = stat()
        guard fstat(fd, &status) == 0 else { return nil }
        self.init(status)
    }

    /// A path's status, links followed (nil when it does not exist or cannot be read).
    public init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// Whether both name the same file (device and inode).
    public func isSameFile(as other: FileStatus) -> Bool { device == other.device && inode == other.inode }

    public static func == (a: FileStatus, b: FileStatus) -> Bool {
        (a.device, a.inode, a.isRegular, a.size) == (b.device, b.inode, b.isRegular, b.size) && a.modified == b.modified
    }
}
