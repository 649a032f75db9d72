#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input, output and error as the shell handed them over. A stream closed with `<&-`
/// or `>&-` leaves its descriptor free, and the next file opened (a `--rejects` file) would take
/// it: every record meant for stdout would land in the rejects. So the entry point occupies each
/// closed one with /dev/null before opening anything, and remembers which were closed.
public enum StandardStreams {
    /// The descriptors among 0, 1 and 2 that were closed at start. Written once by `secure()`,
    /// before any thread starts, and only read afterwards.
    nonisolated(unsafe) public private(set) static var closedAtStart: Set<Int32> = []

    /// Opens /dev/null on each of 0, 1 and 2 that is closed (the lowest free descriptor is the
    /// one `open` returns, so they are filled in order), and records which were.
    public static func secure() {
        var closed: Set<Int32> = []
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            closed.insert(fd)
            let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            // Should /dev/null itself be missing, nothing better can be done than carry on.
            if opened >= 0, opened != fd { close(opened) }
        }
        closedAtStart = closed
    }

    /// The pipe capacity a stage asks for on its stdin and stdout: Linux's default, 64 KiB,
    /// had the five piped stages switch context about ten times as often (300k records: 43k
    /// voluntary switches against 4.7k) and wait for each other's small writes.
    public static let pipeBytes: Int32 = 1 << 20

    /// Widens stdin and stdout to `pipeBytes` when they are pipes (Linux only; a limit lower
    /// than that, `/proc/sys/fs/pipe-max-size`, leaves the pipe as it was). Either end of a
    /// pipe may set its size, so the stages widen each pipe between them from both ends.
    public static func widenPipes() {
        for fd: Int32 in 0...1 { widenPipe(fd) }
    }

    /// Widens `fd` to `pipeBytes` if it is a pipe; true when it is a pipe of at least that now.
    @discardableResult
    public static func widenPipe(_ fd: Int32) -> Bool {
        #if os(Linux)
            guard isPipe(fd) else { return false }
            // F_SETPIPE_SZ and F_GETPIPE_SZ (linux/fcntl.h), not exported by Glibc's module.
            let (setPipeSize, getPipeSize): (Int32, Int32) = (1031, 1032)
            if fcntl(fd, getPipeSize) >= pipeBytes { return true }
            return fcntl(fd, setPipeSize, pipeBytes) >= pipeBytes
        #else
            return false
        #endif
    }

    /// Whether `fd` is a pipe (or a named one).
    public static func isPipe(_ fd: Int32) -> Bool {
        var status = stat()
        return fstat(fd, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
    }

    /// Whether the stage reads from a pipe and writes into one: `a | stage | b`.
    public static var betweenPipes: Bool { isPipe(0) && isPipe(1) }

    public static var inputWasClosed: Bool { closedAtStart.contains(0) }
    public static var outputWasClosed: Bool { closedAtStart.contains(1) }
}
