import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file descriptor in 256 KiB chunks, after any bytes a format sniffer already took.
struct ByteChunks {
    let fd: Int32
    var pending: [UInt8]
    var chunk = [UInt8](repeating: 0, count: 1 << 18)

    init(fd: Int32, prefix: [UInt8]) {
        self.fd = fd
        self.pending = prefix
    }

    /// Calls `body` with each chunk in order until the input ends.
    mutating func forEach(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        if !pending.isEmpty {
            try pending.withUnsafeBufferPointer(body)
            pending = []
        }
        while true {
            let n = try chunk.withUnsafeMutableBytes { buffer throws(IOFailure) -> Int in
                while true {
                    let n = read(fd, buffer.baseAddress, buffer.count)
                    if n >= 0 { return n }
                    if errno != EINTR { throw IOFailure(errno: errno, operation: "read") }
                }
            }
            if n == 0 { return }
            try chunk.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<n])) }
        }
    }
}
