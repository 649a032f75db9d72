#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opening and reading files the way every reader here does: a missing file exits 66 and any
/// other failure (a folder, no permission) 74, named compiler-style (`x.csv: cannot open
/// gazetteer: No such file or directory`); `read(2)` is retried when a signal interrupts it.
public enum FileInput {
    /// Opens a file for reading; `what` names its role in messages (`gazetteer`).
    public static func open(_ path: String, what: String? = nil) throws(StageFailure) -> Int32 {
        #if canImport(Glibc)
            let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        #else
            let fd = Darwin.open(path, O_RDONLY | O_CLOEXEC)
        #endif
        guard fd >= 0 else {
            let code: ExitCode = errno == ENOENT ? .noInput : .ioError
            throw StageFailure(code, "\(path): cannot open\(what.map { " " + $0 } ?? ""): \(String(cString: strerror(errno)))")
        }
        // A folder opens, and only its first read fails (EISDIR): say so now, with its name.
        var status = stat()
        if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            close(fd)
            throw StageFailure(.ioError, "\(path): cannot read\(what.map { " " + $0 } ?? ""): \(String(cString: strerror(EISDIR)))")
        }
        return fd
    }

    /// A whole file's bytes (a gazetteer, a source table, a labelled set).
    public static func contents(of path: String, what: String? = nil) throws(StageFailure) -> [UInt8] {
        let fd = try open(path, what: what)
        defer { close(fd) }
        do {
            return try readAll(fd)
        } catch {
            throw StageFailure(.ioError, "\(path): cannot read\(what.map { " " + $0 } ?? ""): \(String(cString: strerror(error.code)))")
        }
    }

    /// Reads up to `count` bytes into `buffer`; 0 at the end of the input.
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer?, count: Int) throws(IOFailure) -> Int {
        while true {
            #if canImport(Glibc)
                let n = Glibc.read(fd, buffer, count)
            #else
                let n = Darwin.read(fd, buffer, count)
            #endif
            if n >= 0 { return n }
            if errno != EINTR { throw IOFailure(errno: errno, operation: "read") }
        }
    }

    /// Reads up to `chunk.count` bytes into the start of `chunk`; 0 at the end of the input.
    public static func read(_ fd: Int32, into chunk: inout [UInt8]) throws(IOFailure) -> Int {
        try chunk.withUnsafeMutableBytes { buffer in
            Result { () throws(IOFailure) in try read(fd, into: buffer.baseAddress, count: buffer.count) }
        }.get()
    }

    /// Reads from byte `offset` until `buffer` is full or the file ends, with `pread(2)`, again
    /// after a signal interrupts it or it returns fewer bytes: the bytes read, fewer than asked
    /// only at the end of the file. (The one such loop: the readers at an offset, a spill
    /// file's, a sorted run's, an index's, each had their own.)
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(IOFailure) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var filled = 0
        while filled < buffer.count {
            let n = pread(fd, base + filled, buffer.count - filled, off_t(offset + filled))
            if n < 0 {
                if errno == EINTR { continue }
                throw IOFailure(errno: errno, operation: "read")
            }
            if n == 0 { break }
            filled += n
        }
        return filled
    }

    /// The same into all of `bytes`.
    public static func read(_ fd: Int32, into bytes: inout [UInt8], at offset: Int) throws(IOFailure) -> Int {
        try bytes.withUnsafeMutableBytes { buffer in Result { () throws(IOFailure) in try read(fd, into: buffer, at: offset) } }.get()
    }

    /// Reads everything left, after the bytes already taken (`prefix`).
    public static func readAll(_ fd: Int32, after prefix: [UInt8] = []) throws(IOFailure) -> [UInt8] {
        var all = prefix
        // A regular file's size is known: one allocation instead of doubling (an 84 MB source
        // peaked at 150 MB while the array grew).
        var status = stat()
        if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
            let offset = lseek(fd, 0, SEEK_CUR)
            all.reserveCapacity(prefix.count + max(0, Int(status.st_size) - max(0, Int(offset))))
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = try read(fd, into: &chunk)
            if n == 0 { return all }
            all.append(contentsOf: chunk[..<n])
        }
    }
}
