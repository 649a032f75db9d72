import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the first bytes of an input to tell its format, without losing them: the readers
/// start from this prefix before reading on.
enum Sniffer {
    /// Reads until the first line is complete or 1 MiB has been read.
    static func readPrefix(_ fd: Int32) throws(IOFailure) -> [UInt8] {
        var prefix: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while prefix.count < 1 << 20 {
            let n = try readSome(fd, into: &chunk)
            if n == 0 { break }
            prefix.append(contentsOf: chunk[..<n])
            if chunk[..<n].contains(0x0A), prefix.contains(where: { $0 > 0x20 }) { break }
        }
        return prefix
    }

    static func readAll(_ fd: Int32, after prefix: [UInt8]) throws(IOFailure) -> [UInt8] {
        var all = prefix
        var chunk = [UInt8](repeating: 0, count: 1 << 18)
        while true {
            let n = try readSome(fd, into: &chunk)
            if n == 0 { return all }
            all.append(contentsOf: chunk[..<n])
        }
    }

    static func readSome(_ fd: Int32, into chunk: inout [UInt8]) throws(IOFailure) -> Int {
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n >= 0 { return n }
            if errno != EINTR { throw IOFailure(errno: errno, operation: "read") }
        }
    }

    static func firstSignificantByte(_ bytes: [UInt8]) -> UInt8? {
        var slice = bytes[...]
        if slice.starts(with: [0xEF, 0xBB, 0xBF]) { slice = slice.dropFirst(3) }
        return slice.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }
}
