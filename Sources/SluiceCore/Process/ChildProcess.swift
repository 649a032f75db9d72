#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starting other programs and waiting for them, with `posix_spawnp` and files for their
/// standard streams: the one child-process helper (`sluice-eval`'s runs of `sluice-dedupe` and
/// of the peers' Python drivers; `sluice-bench`'s measured pipelines, `ChildProcess+Pipeline`).
/// Foundation's `Process` is not used: it reads a child's peak memory as the parent's, and its
/// pipes need a writer thread so that a full pipe cannot block.
///
///     let status = try ChildProcess.run(["sluice-dedupe", "--key", "k", "in.ndjson"], stdout: "out.ndjson")
///     status   // 0; or the exit status, or 128 + the signal that killed it
public enum ChildProcess {
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// Runs `command` (found on PATH) to its end: stdin from a file (nil: /dev/null), stdout to a
    /// file (created or truncated), stderr to a file or, nil, to this process's stderr. Throws
    /// when a file cannot be opened or the command cannot start; returns its exit status.
    @discardableResult
    public static func run(_ command: [String], stdin: String? = nil, stdout: String, stderr: String? = nil) throws -> Int32 {
        let input = open(stdin ?? "/dev/null", O_RDONLY | O_CLOEXEC)
        let output = open(stdout, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let errors = stderr.map { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) } ?? 2
        defer { for fd in [input, output, errors] where fd > 2 { close(fd) } }
        guard input >= 0, output >= 0, errors >= 0 else {
            throw Failure(description: "cannot open \(stdin ?? "/dev/null"), \(stdout) or \(stderr ?? "stderr"): \(String(cString: strerror(errno)))")
        }
        let pid = try spawn(command, stdin: input, stdout: output, stderr: errors)
        let status = wait(pid).status
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
    }

    /// Waits for a child, through interruptions: its `wait4` status and resource use.
    public static func wait(_ pid: pid_t) -> (status: Int32, usage: rusage) {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        return (status, usage)
    }

    /// `exit status N` or `killed by signal N`, from a `wait4` status.
    public static func describe(_ status: Int32) -> String {
        status & 0x7f == 0 ? "exit status \((status >> 8) & 0xff)" : "killed by signal \(status & 0x7f)"
    }

    /// A pipe whose ends close on exec: only the dup2'd copies survive into a child.
    public static func cloexecPipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Everything up to end of file, as one line without its newline.
    public static func readAll(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        while bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Starts `command` on PATH with the descriptors given as 0, 1 and 2 (and `extra`'s
    /// descriptor as the child's `extra.as`: the bench launcher's report pipe).
    public static func spawn(
        _ command: [String], stdin: Int32, stdout: Int32, stderr: Int32, extra: (descriptor: Int32, as: Int32)? = nil
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        if let extra { posix_spawn_file_actions_adddup2(&actions, extra.descriptor, extra.as) }
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, command[0], &actions, nil, argv, environ)
        guard result == 0 else {
            throw Failure(description: "\(command[0]): cannot start: \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// Seconds on the monotonic clock.
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The full path of `name` on PATH (or `name` itself when it has a slash and exists), or nil.
    public static func which(_ name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
