import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real terminal for tests of what a person does at one: a pseudo-terminal whose far side is
/// the controlling terminal of one executable (in a session of its own, as a shell would start
/// it), keys written to the near side as a person types them, and everything the executable
/// shows there read back, colour escapes included. Its stdin, stdout and stderr are files, as
/// in `sluice-dedupe < in > out 2> err` typed at a prompt. No tmux or shell in between, so the
/// exit status is the executable's own.
final class PseudoTerminal {
    let master: Int32
    let pid: pid_t
    /// Everything shown on the terminal so far.
    private(set) var shown: [UInt8] = []
    private var status: Int32?

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Linux's TIOCSPTLCK and TIOCGPTN (function-like macros, which Swift does not import) and
    /// glibc's POSIX_SPAWN_SETSID (hidden behind _GNU_SOURCE).
    static let setLock: UInt = 0x4004_5431, getNumber: UInt = 0x8004_5430
    static let newSession: Int32 = 0x80

    /// Starts `executable` with `stdin`, `stdout` and `stderr` files of `directory`, on a
    /// `columns`×50 terminal that says it takes colour.
    init(executable: URL, arguments: [String], directory: URL, stdin: String, stdout: String, stderr: String, columns: UInt16 = 160)
        throws
    {
        // posix_openpt, unlockpt and ptsname are hidden from Swift's Glibc (they need
        // _XOPEN_SOURCE); they are these, on Linux.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, Self.setLock, &unlock) == 0, ioctl(master, Self.getNumber, &number) == 0 else {
            throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        var size = winsize(ws_row: 50, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let far = "/dev/pts/\(number)"

        // The child starts a session (POSIX_SPAWN_SETSID, done before the file actions), so the
        // first terminal it opens, without O_NOCTTY, becomes its controlling terminal: /dev/tty.
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 3, far, O_RDWR, 0)
        posix_spawn_file_actions_addclose(&actions, 3)
        posix_spawn_file_actions_addopen(&actions, 0, directory.appendingPathComponent(stdin).path, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, directory.appendingPathComponent(stdout).path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, directory.appendingPathComponent(stderr).path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Ctrl-C must reach it as it would from a shell: default actions, nothing blocked.
        var none = sigset_t(), interrupt = sigset_t()
        sigemptyset(&none)
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &interrupt)
        posix_spawnattr_setflags(&attributes, Int16(Self.newSession | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["NO_COLOR"] = nil
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child = pid_t()
        let spawned = posix_spawn(&child, executable.path, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw Failure(description: "posix_spawn \(executable.path): \(String(cString: strerror(spawned)))") }
        pid = child
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            waitpid(pid, &raw, 0)
        }
        close(master)
    }

    /// Types `text` (a person's keys: "y\r" for y and Enter, "\u{03}" for Ctrl-C).
    func type(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard write(master, bytes, bytes.count) == bytes.count else { throw Failure(description: "cannot type into the terminal") }
    }

    /// Reads what the terminal shows, waiting up to `milliseconds` for something new.
    private func drain(milliseconds: Int32) {
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        var buffer = [UInt8](repeating: 0, count: 4096)
        var wait = milliseconds
        while poll(&poller, 1, wait) > 0 && poller.revents & Int16(POLLIN) != 0 {
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { return }  // EIO: the far side is closed, the executable has ended
            shown += buffer[..<n]
            wait = 0
        }
    }

    /// The screen's text so far, with its colour escapes when `escapes`.
    func screen(escapes: Bool = false) -> String {
        drain(milliseconds: 0)
        // Lines as a person sees them: "\r\n" (one Character to Swift) is the terminal's newline.
        let text = String(decoding: shown, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        return escapes ? text : text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    /// Waits until the screen satisfies `condition`; the screen, or a failure after `timeout`.
    @discardableResult
    func waitFor(_ what: String, timeout: Double = 30, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            drain(milliseconds: 50)
            let text = screen()
            if condition(text) { return text }
            if Date() > deadline { throw Failure(description: "the terminal did not show \(what) in time; it shows:\n\(text)") }
        }
    }

    /// The exit status, as a shell gives it (128 + the signal when one ended it).
    func exitStatus(timeout: Double = 30) throws -> Int32 {
        if let status { return status }
        let deadline = Date().addingTimeInterval(timeout)
        var raw: Int32 = 0
        while waitpid(pid, &raw, WNOHANG) == 0 {
            if Date() > deadline { throw Failure(description: "the executable did not end in time; the terminal shows:\n\(screen())") }
            drain(milliseconds: 50)
        }
        drain(milliseconds: 0)
        let signal = raw & 0x7f
        let ended = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
        status = ended
        return ended
    }
}
