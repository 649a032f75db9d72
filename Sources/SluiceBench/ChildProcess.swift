#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a command, or several piped together (`a | b | c`), and measures what the kernel saw:
/// wall time from before the first spawn to after the last exit, and the peak resident set of
/// each child from `wait4`'s `rusage.ru_maxrss`.
///
///     let run = try ChildProcess.run([["jq", "-c", "."]], stdin: "films.ndjson", stdout: "/dev/null")
///     run.seconds          // 3.21
///     run.peakRSSBytes     // [4_194_304]: one per command
enum ChildProcess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    struct Result {
        var seconds: Double
        /// Peak resident memory of each command, in bytes, in pipeline order.
        var peakRSSBytes: [Int]
    }

    /// Runs the pipeline; stdin and stdout are files (stdin nil: /dev/null), stderr goes to
    /// `stderr`. Throws when a command cannot start or exits with a failure status.
    @discardableResult
    static func run(_ commands: [[String]], stdin: String?, stdout: String, stderr: String) throws -> Result {
        precondition(!commands.isEmpty, "a pipeline needs a command")
        let input = open(stdin ?? "/dev/null", O_RDONLY | O_CLOEXEC)
        let output = open(stdout, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let errors = open(stderr, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        defer { for fd in [input, output, errors] where fd >= 0 { close(fd) } }
        guard input >= 0, output >= 0, errors >= 0 else {
            throw Failure(description: "cannot open \(stdin ?? "/dev/null"), \(stdout) or \(stderr): \(String(cString: strerror(errno)))")
        }
        let start = now()
        var pids: [pid_t] = []
        var readEnd = input
        for (index, command) in commands.enumerated() {
            var writeEnd = output
            var nextRead: Int32 = -1
            if index < commands.count - 1 {
                // O_CLOEXEC: only the dup2'd copies survive into the children.
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                nextRead = ends[0]
                writeEnd = ends[1]
            }
            let pid = try spawn(command, stdin: readEnd, stdout: writeEnd, stderr: errors)
            pids.append(pid)
            if readEnd != input { close(readEnd) }
            if writeEnd != output { close(writeEnd) }
            readEnd = nextRead
        }
        var peaks: [Int] = []
        var failures: [String] = []
        for (pid, command) in zip(pids, commands) {
            var status: Int32 = 0
            var usage = rusage()
            while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
            // Linux reports ru_maxrss in kilobytes.
            peaks.append(Int(usage.ru_maxrss) * 1024)
            let exited = status & 0x7f == 0
            let code = (status >> 8) & 0xff
            if !exited || code != 0 {
                failures.append("\(command.joined(separator: " ")): " + (exited ? "exit status \(code)" : "killed by signal \(status & 0x7f)"))
            }
        }
        let seconds = now() - start
        if !failures.isEmpty { throw Failure(description: failures.joined(separator: "; ") + " (see \(stderr))") }
        return Result(seconds: seconds, peakRSSBytes: peaks)
    }

    static func spawn(_ command: [String], stdin: Int32, stdout: Int32, stderr: Int32) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
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
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The full path of `name` on PATH (or `name` itself when it has a slash and exists), or nil.
    static func which(_ name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
