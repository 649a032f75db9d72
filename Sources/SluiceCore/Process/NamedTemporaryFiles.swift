#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files this process has made under a name (`ReplacementFile`'s `.NAME.PID.tmp`
/// beside its target, `sluice-fetch`'s downloads in `$TMPDIR`), removed however it ends: by
/// their owners on a normal end or an error, and by a handler of SIGINT, SIGTERM and SIGHUP,
/// which unlinks every one still listed, then dies of the signal as it would have (same
/// status). A file that can be unlinked as soon as it is made (`TemporaryFile`: dedupe's spool,
/// SQLite's temporary files) needs no entry: nothing is left of it whatever happens, SIGKILL
/// included; a named one is left only by SIGKILL (or a power cut).
///
///     let path = "/tmp/sluice-fetch-1234"
///     NamedTemporaryFiles.add(path)      // made: listed, and the handlers installed (once)
///     NamedTemporaryFiles.remove(path)   // read: unlinked, no longer listed
///
/// The handlers are installed when the first file is listed: a process that makes none keeps
/// the signals' default actions. The list is a fixed table of C strings, so the handler does
/// only what a handler may (`unlink`, `signal`, `raise`); a listed path's text is never freed
/// (a few bytes per temporary file; a process makes a handful).
public enum NamedTemporaryFiles {
    /// How many files may be listed at once; more are made as before, without the handler's care.
    static let capacity = 64
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    nonisolated(unsafe) static var lock = pthread_mutex_t()
    nonisolated(unsafe) static var installed = false
    /// The signals whose default action ends the process and that a user or a supervisor sends.
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// Lists `path` (a file this process just made) for removal on a signal.
    public static func add(_ path: String) {
        guard let copy = strdup(path) else { return }
        withLock {
            if !installed {
                installed = true
                for signal in signals { install(signal) }
            }
            for slot in 0..<capacity where slots[slot] == nil {
                slots[slot] = copy
                return
            }
        }
    }

    /// Takes `path` off the list (renamed into place, moved, or removed by its owner).
    public static func forget(_ path: String) {
        withLock {
            for slot in 0..<capacity {
                if let listed = slots[slot], strcmp(listed, path) == 0 {
                    slots[slot] = nil
                    return
                }
            }
        }
    }

    /// Unlinks `path` and takes it off the list.
    public static func remove(_ path: String) {
        unlink(path)
        forget(path)
    }

    /// Whether `path` is listed (for tests).
    public static func isListed(_ path: String) -> Bool {
        withLock { (0..<capacity).contains { slot in slots[slot].map { strcmp($0, path) == 0 } ?? false } }
    }

    /// Unlinks every listed file: what the signal handler does, without the lock (a handler
    /// cannot wait for one; a slot is one pointer, written whole).
    static func unlinkAll() {
        for slot in 0..<capacity {
            if let path = slots[slot] { unlink(path) }
        }
    }

    private static func install(_ signal: Int32) {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { received in
                NamedTemporaryFiles.unlinkAll()
                // The default action, again: the process ends as the signal would have ended it.
                Glibc.signal(received, SIG_DFL)
                raise(received)
            }
        #else
            action.__sigaction_u.__sa_handler = { received in
                NamedTemporaryFiles.unlinkAll()
                Darwin.signal(received, SIG_DFL)
                raise(received)
            }
        #endif
        sigemptyset(&action.sa_mask)
        var previous = sigaction()
        // A signal the process was started ignoring (`nohup`, a shell's background job) stays ignored.
        sigaction(signal, nil, &previous)
        #if canImport(Glibc)
            let handler = previous.__sigaction_handler.sa_handler
        #else
            let handler = previous.__sigaction_u.__sa_handler
        #endif
        if let handler, unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { return }
        sigaction(signal, &action, nil)
    }

    private static func withLock<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return body()
    }
}
