#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a file descriptor the way every reader here does: `read(2)` retried when a signal
/// interrupts it, and any other failure thrown with the system's reason.
public enum FileInput {
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

    /// Reads everything left, after the bytes already taken (`prefix`).
    public static func readAll(_ fd: Int32, after prefix: [UInt8] = []) throws(IOFailure) -> [UInt8] {
        var all = prefix
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = try read(fd, into: &chunk)
            if n == 0 { return all }
            all.append(contentsOf: chunk[..<n])
        }
    }
}
