import SluiceCore

/// The character set a dBASE file's text is written in, and its decoding to `String`.
///
/// Chosen as GDAL does: a `.cpg` file beside the `.dbf` wins (`UTF-8`, `1252`, `ISO-8859-1`);
/// else the header's language driver (LDID) byte; else each field is tried as UTF-8 and read as
/// Latin-1 when it is not, so a name in an unmarked file is never lost.
///
///     CodePage.windows1252.decode([0x4E, 0x69, 0xF1, 0x6F])   // "Niño"
///     CodePage.automatic.decode([0x4E, 0x69, 0xC3, 0xB1, 0x6F])   // "Niño"
public enum CodePage: String, Equatable, Sendable {
    case utf8 = "UTF-8"
    case windows1252 = "Windows-1252"
    case latin1 = "ISO-8859-1"
    /// UTF-8 when the bytes are valid UTF-8, Latin-1 otherwise.
    case automatic = "UTF-8, else ISO-8859-1"

    /// The code page a `.cpg` file names, or nil when it names one not read here.
    ///
    ///     CodePage(cpg: "ANSI 1252\r\n")   // .windows1252
    public init?(cpg text: String) {
        // A .cpg is one line, often with its newline (and Windows writes CR LF).
        let name = String(text.filter { !$0.isNewline }.trimmingSpaces().uppercased().map { $0 == "_" ? "-" : $0 })
        switch name {
        case "UTF-8", "UTF8", "65001": self = .utf8
        case "1252", "CP1252", "WINDOWS-1252", "ANSI 1252": self = .windows1252
        case "ISO-8859-1", "ISO8859-1", "88591", "8859-1", "LATIN1", "LATIN-1", "28591": self = .latin1
        default: return nil
        }
    }

    /// The code page of a dBASE language driver id (header byte 29): 0x03 and 0x57 are the
    /// Windows ANSI (1252) drivers; 0x00 (none) and any other are read as `automatic`.
    public init(languageDriver: UInt8) {
        self = languageDriver == 0x03 || languageDriver == 0x57 ? .windows1252 : .automatic
    }

    public func decode(_ bytes: ArraySlice<UInt8>) -> String {
        // Most fields are ASCII, which reads the same in every code page here.
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        switch self {
        case .utf8: return String(decoding: bytes, as: UTF8.self)
        case .latin1: return CodePage.encodeUTF8(bytes) { UInt32($0) }
        case .windows1252: return CodePage.encodeUTF8(bytes, CodePage.windows1252Scalar)
        case .automatic:
            if let text = String(validating: bytes, as: UTF8.self) { return text }
            return CodePage.latin1.decode(bytes)
        }
    }

    public func decode(_ bytes: [UInt8]) -> String { decode(bytes[...]) }

    /// A single-byte code page's text as UTF-8: each byte's scalar (all below U+10000) in 1–3 bytes.
    private static func encodeUTF8(_ bytes: ArraySlice<UInt8>, _ scalar: (UInt8) -> UInt32) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 3) { buffer in
            var at = 0
            for byte in bytes {
                let value = scalar(byte)
                if value < 0x80 {
                    buffer[at] = UInt8(value)
                    at += 1
                } else if value < 0x800 {
                    buffer[at] = UInt8(0xC0 | value >> 6)
                    buffer[at + 1] = UInt8(0x80 | value & 0x3F)
                    at += 2
                } else {
                    buffer[at] = UInt8(0xE0 | value >> 12)
                    buffer[at + 1] = UInt8(0x80 | value >> 6 & 0x3F)
                    buffer[at + 2] = UInt8(0x80 | value & 0x3F)
                    at += 3
                }
            }
            return at
        }
    }

    /// Windows-1252 is Latin-1 but for 0x80–0x9F, which hold typographic marks; its five holes
    /// (0x81, 0x8D, 0x8F, 0x90, 0x9D) keep their C1 code points, as the WHATWG encoding does.
    static func windows1252Scalar(_ byte: UInt8) -> UInt32 {
        guard (0x80...0x9F).contains(byte) else { return UInt32(byte) }
        return high[Int(byte) - 0x80]
    }

    private static let high: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]
}
