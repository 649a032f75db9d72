import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bench's use of the core's `ChildProcess`: a command, or several piped together
/// (`a | b | c`), measured as the kernel saw it: wall time from the first command's start to
/// the last one's end, and each command's peak resident set (`rusage.ru_maxrss`) and CPU time
/// (user + system) from `wait4`.
///
/// Each command runs under its own `Launcher` (`sluice-bench __launch`), which waits for it and
/// reports: a command spawned by the bench itself would read the bench's own peak (see Launcher).
///
///     let run = try ChildProcess.run([["jq", "-c", "."]], stdin: "films.ndjson", stdout: "/dev/null")
///     run.seconds          // 3.21
///     run.peakRSSBytes     // [4_194_304]: one per command
///     run.cpuSeconds       // [3.05]: one per command
extension ChildProcess {
    struct Result {
        var seconds: Double
        /// Peak resident memory of each command, in bytes, in pipeline order.
        var peakRSSBytes: [Int]
        /// CPU seconds (user + system) of each command, in pipeline order: inside a pipeline
        /// the wall time is shared, the CPU is each stage's own.
        var cpuSeconds: [Double] = []
    }

    /// The launcher: this executable when it is `sluice-bench` (nil otherwise: the commands are
    /// spawned directly, and their peak RSS is not their own).
    static let launcher: String? = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.hasSuffix("/sluice-bench") ? path : nil
    }()

    /// Runs the pipeline; stdin and stdout are files (stdin nil: /dev/null), stderr goes to
    /// `stderr`. Throws when a command cannot start or exits with a failure status.
    @discardableResult
    static func run(
        _ commands: [[String]], stdin: String?, stdout: String, stderr: String, launcher: String? = ChildProcess.launcher
    ) throws -> Result {
        precondition(!commands.isEmpty, "a pipeline needs a command")
        let input = open(stdin ?? "/dev/null", O_RDONLY | O_CLOEXEC)
        let output = open(stdout, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let errors = open(stderr, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        defer { for fd in [input, output, errors] where fd >= 0 { close(fd) } }
        guard input >= 0, output >= 0, errors >= 0 else {
            throw Failure(description: "cannot open \(stdin ?? "/dev/null"), \(stdout) or \(stderr): \(String(cString: strerror(errno)))")
        }
        let start = now()
        var children: [(pid: pid_t, report: Int32)] = []
        defer { for child in children where child.report >= 0 { close(child.report) } }
        var readEnd = input
        for (index, command) in commands.enumerated() {
            var writeEnd = output
            var nextRead: Int32 = -1
            if index < commands.count - 1 {
                (nextRead, writeEnd) = try cloexecPipe()
            }
            var report: (read: Int32, write: Int32) = (-1, -1)
            if launcher != nil { report = try cloexecPipe() }
            let argv = launcher.map { [$0, Launcher.subcommand] + command } ?? command
            let pid = try spawn(
                argv, stdin: readEnd, stdout: writeEnd, stderr: errors,
                extra: report.write >= 0 ? (report.write, Launcher.reportDescriptor) : nil)
            children.append((pid, report.read))
            if report.write >= 0 { close(report.write) }
            if readEnd != input { close(readEnd) }
            if writeEnd != output { close(writeEnd) }
            readEnd = nextRead
        }
        var peaks: [Int] = []
        var cpu: [Double] = []
        var failures: [String] = []
        var (first, last) = (Double.infinity, -Double.infinity)
        for (child, command) in zip(children, commands) {
            let waited = ChildProcess.wait(child.pid)
            var status = waited.status
            // Linux reports ru_maxrss in kilobytes.
            var peak = Int(waited.usage.ru_maxrss) * 1024
            var seconds = Launcher.seconds(waited.usage.ru_utime) + Launcher.seconds(waited.usage.ru_stime)
            let name = command.joined(separator: " ")
            if child.report >= 0 {
                switch Launcher.Report.parse(readAll(child.report)) {
                case .success(let report):
                    (status, peak, seconds) = (report.status, report.peakRSSBytes, report.userSeconds + report.systemSeconds)
                    (first, last) = (min(first, report.start), max(last, report.end))
                case .failure(let failure):
                    failures.append(failure.description)
                    continue
                case nil:
                    failures.append("\(name): the launcher \(launcher ?? "") did not report (\(describe(status)))")
                    continue
                }
            }
            peaks.append(peak)
            cpu.append(seconds)
            if status != 0 { failures.append("\(name): " + describe(status)) }
        }
        // The commands' own span when the launchers reported it (their start-up left out).
        let seconds = last >= first ? last - first : now() - start
        if !failures.isEmpty { throw Failure(description: failures.joined(separator: "; ") + " (see \(stderr))") }
        return Result(seconds: seconds, peakRSSBytes: peaks, cpuSeconds: cpu)
    }
}
