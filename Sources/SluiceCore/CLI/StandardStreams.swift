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

    public static var inputWasClosed: Bool { closedAtStart.contains(0) }
    public static var outputWasClosed: Bool { closedAtStart.contains(1) }
}
