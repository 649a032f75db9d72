import SluiceCore

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
            let n = try FileInput.read(fd, into: &chunk)
            if n == 0 { return }
            try chunk.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<n])) }
        }
    }
}
