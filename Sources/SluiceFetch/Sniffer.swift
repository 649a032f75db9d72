import SluiceCore

/// Reads the first bytes of an input to tell its format, without losing them: the readers
/// start from this prefix before reading on.
enum Sniffer {
    /// Reads until the first line is complete or 1 MiB has been read.
    static func readPrefix(_ fd: Int32) throws(IOFailure) -> [UInt8] {
        var prefix: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while prefix.count < 1 << 20 {
            let n = try FileInput.read(fd, into: &chunk)
            if n == 0 { break }
            prefix.append(contentsOf: chunk[..<n])
            if chunk[..<n].contains(0x0A), prefix.contains(where: { $0 > 0x20 }) { break }
        }
        return prefix
    }

    static func firstSignificantByte(_ bytes: [UInt8]) -> UInt8? {
        var slice = bytes[...]
        if slice.starts(with: [0xEF, 0xBB, 0xBF]) { slice = slice.dropFirst(3) }
        return slice.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }
}
