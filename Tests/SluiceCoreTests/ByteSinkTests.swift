import Testing

@testable import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct ByteSinkTests {
    /// A sink over an unlinked temporary file, and how to read back what reached the file.
    func withFileSink(_ body: (ByteSink, () -> [UInt8]) throws -> Void) throws {
        let fd = try TemporaryFile.open(prefix: "sluice-test-sink")
        defer { close(fd) }
        let sink = ByteSink(fd: fd, name: "test")
        try body(sink) {
            let size = Int(lseek(fd, 0, SEEK_END))
            var bytes = [UInt8](repeating: 0, count: size)
            _ = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, size, 0) }
            return bytes
        }
    }

    @Test func writingBehindWritesTheSameBytesInOrder() throws {
        let lines = (0..<200_000).map { "line \($0) " + String(repeating: "x", count: $0 % 50) }
        var expected: [UInt8] = []
        for line in lines { expected += Array(line.utf8) + [0x0A] }
        try withFileSink { sink, written in
            let count = try sink.writingBehind { () throws -> Int in
                #expect(sink.flushThreshold == ByteSink.behindThreshold)
                for line in lines {
                    sink.append(line)
                    try sink.endLine()
                }
                return lines.count
            }
            #expect(count == lines.count)
            #expect(sink.flushThreshold == ByteSink.lineThreshold)
            #expect(sink.buffer.isEmpty, "everything is written by the end")
            #expect(sink.bytesWritten == expected.count)
            #expect(written() == expected)
            // Afterwards it writes as before.
            sink.append("after")
            try sink.flush()
            #expect(written() == expected + Array("after".utf8))
        }
    }

    @Test func aFailedWriteBehindIsThrown() throws {
        let sink = ByteSink(fd: -1, name: "nowhere")
        #expect(throws: IOFailure.self) {
            try sink.writingBehind {
                for _ in 0..<(ByteSink.behindThreshold / 8) {
                    sink.append("1234567")
                    try sink.endLine()
                }
            }
        }
        // The failure does not leave it writing behind.
        #expect(sink.flushThreshold == ByteSink.lineThreshold)
    }

    @Test func emptyBodyWritesNothing() throws {
        try withFileSink { sink, written in
            try sink.writingBehind {}
            #expect(written().isEmpty && sink.bytesWritten == 0)
        }
    }
}
