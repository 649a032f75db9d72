import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The small process each measured command runs under, so that its peak RSS is its own.
///
/// On Linux a process's `ru_maxrss` starts, at exec, from the high-water RSS of the memory it
/// replaced. A child posix_spawned by the bench (vfork: it borrows the bench's memory until it
/// execs) therefore reads at least the bench's own peak: 124 MB on every row once the bench had
/// scored dedupe. The launcher is `sluice-bench` itself, re-executed: its fresh memory is a few
/// MB, so the command it spawns starts from that. It waits for the command with `wait4` and
/// writes one line on fd 3 for the bench, then exits with the command's status:
///
///     sluice-bench __launch jq -c .       (fd 3)  "exit 0 4096 12.5 13.75 1.02 0.08\n"
///                                          status, peak RSS in KB, monotonic start and end,
///                                          user and system CPU seconds
///     sluice-bench __launch /no/such      (fd 3)  "failed /no/such: cannot start: No such file or directory\n"
public enum Launcher {
    /// The hidden first argument of `sluice-bench` that makes it a launcher.
    public static let subcommand = "__launch"
    /// The descriptor on which the launcher reports to the bench.
    static let reportDescriptor: Int32 = 3

    /// What the launcher reported about its command.
    struct Report: Equatable {
        /// The command's status as `wait4` gave it (exit code and signal).
        var status: Int32
        var peakRSSBytes: Int
        /// Monotonic seconds just before the spawn and just after the command ended.
        var start: Double
        var end: Double
        /// CPU seconds the command spent in user space and in the kernel (`rusage`).
        var userSeconds: Double = 0
        var systemSeconds: Double = 0

        var line: String { "exit \(status) \(peakRSSBytes / 1024) \(start) \(end) \(userSeconds) \(systemSeconds)\n" }

        /// The report (its line without the newline), or the reason the command did not start
        /// (`failed …`), or nil when the line is neither (the launcher itself failed).
        static func parse(_ line: String) -> Result<Report, ChildProcess.Failure>? {
            if line.hasPrefix("failed ") { return .failure(ChildProcess.Failure(description: String(line.dropFirst(7)))) }
            let words = line.split(separator: " ").map(String.init)
            guard words.count == 7, words[0] == "exit", let status = Int32(words[1]), let kilobytes = Int(words[2]),
                let start = Double(words[3]), let end = Double(words[4]), let user = Double(words[5]), let system = Double(words[6])
            else { return nil }
            return .success(
                Report(status: status, peakRSSBytes: kilobytes * 1024, start: start, end: end, userSeconds: user, systemSeconds: system))
        }
    }

    /// Runs `command` with this process's stdin, stdout and stderr, reports on fd 3, and ends
    /// with the command's exit status (128 + the signal that killed it).
    public static func main(_ command: [String]) -> Never {
        // The report descriptor is the bench's, not the command's.
        _ = fcntl(reportDescriptor, F_SETFD, FD_CLOEXEC)
        guard !command.isEmpty else {
            report("failed \(subcommand): no command\n")
            exit(64)
        }
        let start = ChildProcess.now()
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn(command, stdin: 0, stdout: 1, stderr: 2)
        } catch {
            report("failed \(error)\n")
            exit(127)
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let end = ChildProcess.now()
        // Linux reports ru_maxrss in kilobytes.
        report(
            Report(
                status: status, peakRSSBytes: Int(usage.ru_maxrss) * 1024, start: start, end: end, userSeconds: seconds(usage.ru_utime),
                systemSeconds: seconds(usage.ru_stime)
            ).line)
        exit(status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f))
    }

    static func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }

    static func report(_ line: String) {
        var bytes = Array(line.utf8)
        _ = write(reportDescriptor, &bytes, bytes.count)
    }
}
