#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unbuffered writes to stderr, and what kind of stderr it is.
public enum StandardError {
    public static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(2, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if n <= 0 { return }  // nowhere left to complain to
                offset += n
            }
        }
    }

    /// Progress and colour only go to a terminal that can show them.
    public static var isInteractiveTerminal: Bool {
        isatty(2) == 1 && (getenv("TERM").map { String(cString: $0) } ?? "dumb") != "dumb"
    }
}
