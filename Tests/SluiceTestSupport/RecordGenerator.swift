import SluiceBench
import SluiceCore

/// Seeded random NDJSON lines for the property tests of every stage: records with the keys and
/// values that break careless tools, and now and then a line every stage must reject.
///
/// - keys: case variants (`id`, `ID`), flattening clashes (`a_b` beside `a.b`), repeated keys,
///   dots, quotes, spaces, SQL keywords and injections, the empty key, combining marks,
///   astral characters, an escaped NUL, random short keys over `aAb_`;
/// - values: strings with combining marks, astral characters (raw or as escaped surrogate
///   pairs), escaped NULs and control characters, text that reads as a number (`007`, `1e5`);
///   integers at and beyond 64 bits, `-0`, doubles of 1–17 digits, tiny and huge numbers
///   (`5e-324`, `1e400`); booleans, null, nested arrays and objects (empty ones too); any type
///   under any key;
/// - about 1 line in 100 is malformed: a lone surrogate, bytes that are not UTF-8, a cut-off
///   object, JSON that is not an object.
///
/// No top-level key is ever `provenance` (sluice-fetch's own) or `unusedName`, so a stage can be
/// given `--as unusedName` and every line's bytes must come through.
///
///     var generator = RecordGenerator(seed: 42)
///     let line = generator.line()   // e.g. {"ID":-0,"a_b":"e\u0301😀","a":{"b":1e400},"a_b":[]}
public struct RecordGenerator {
    /// A member name no generated record has.
    public static let unusedName = "sluice_out"

    var random: SplitMix64

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    static let keys = [
        "id", "ID", "Id", "name", "Name", "loc", "loc", "loc", "title", "a", "A", "a_b", "b", "n", "N", "x", "X", "tags", "geo", "address",
        "dedupe", "value", "a.b", "x\"y", "first name", "select", "DROP TABLE t; --", "\"; DROP TABLE t; --", "order", "rowid", "_rowid_",
        "oid", "NULL", "", "café", "cafe\u{301}", "😀", "Straße", "ÉTÉ", "été", "a\u{0}b", "a#2", "A#2", "tab\there", "back\\slash",
        "new\nline", "a__b", "A_B",
    ]
    /// Keys whose value may be an object (few, so that the columns they make stay few).
    static let objectKeys: Set<String> = ["geo", "address", "a", "A", "dedupe", "a_b", "😀", "x"]
    static let nestedKeys = ["a", "b", "B", "c", "b_c", "lat", "lon", "", "x.y", "😀", "ID", "id"]
    static let deepKeys = ["x", "y", ""]
    static let words = [
        "Vertigo", "Mason & California Streets", "766 Vallejo St.", "Pier 39", "Golden Gate Bridge", "City Hall", "Broadway and Rowland",
        "901 California St", "x", " ", "SELECT * FROM t", "null", "true",
    ]
    static let pieces = ["e\u{301}", "😀", "𝄞", "\u{0}", "\n", "\t", "\u{1}", "\"", "\\", "/", "é", "中文", "\u{7F}", "\u{FEFF}", "\u{2028}"]
    static let numberLikeText = ["007", "1e5", " 12 ", "-0", "1.0", "0x10", "Infinity", "NaN", "1e", ".5", "+5", "", "9223372036854775808", "1e400"]
    static let specialNumbers = [
        "1e400", "-1e400", "5e-324", "2.2250738585072014e-308", "1.7976931348623157e308", "1e-400", "478848.7796333025", "0.1", "1E+2",
        "2.50e-3", "9223372036854775807", "-9223372036854775808", "9223372036854775808", "18446744073709551616", "9007199254740993", "-0",
        "-0.0", "0e5", "0.0", "1.0", "123456789012345678901234567890",
    ]

    /// The next line, without its newline.
    public mutating func line() -> [UInt8] {
        var out: [UInt8] = []
        let malformed = random.chance(0.01) ? random.int(below: 4) : nil
        if malformed == 3 {
            out += Array(random.pick(["[1,2]", "42", "\"text\"", "null"]).utf8)
            return out
        }
        let spaced = random.chance(0.1)
        if spaced, random.chance(0.3) { out += Array("  ".utf8) }
        out.append(UInt8(ascii: "{"))
        let count = random.int(in: 0...12)
        let broken = malformed.map { _ in random.int(below: max(count, 1)) }
        for index in 0..<count {
            if index > 0 { out += Array((spaced ? ", " : ",").utf8) }
            let key = random.chance(0.25) ? randomKey() : random.pick(Self.keys)
            writeString(key, to: &out)
            out += Array((spaced ? " : " : ":").utf8)
            if index == broken, let malformed, malformed < 2 {
                // A lone surrogate, or a byte that is never UTF-8, inside a string.
                out += Array((malformed == 0 ? #""x\ud800y""# : "\"x").utf8)
                if malformed == 1 { out += [0xFF, UInt8(ascii: "\"")] }
            } else if Self.objectKeys.contains(key), random.chance(0.3) {
                object(keys: Self.nestedKeys, depth: 1, to: &out)
            } else {
                value(depth: 1, to: &out)
            }
        }
        if malformed != 2 { out.append(UInt8(ascii: "}")) }
        if spaced, random.chance(0.3) { out += Array(" \t".utf8) }
        return out
    }

    /// A short key over `aAb_`: case and flattening clashes with each other and the fixed keys.
    mutating func randomKey() -> String {
        String((0..<random.int(in: 1...2)).map { _ in random.pick(Array("aAb_")) })
    }

    mutating func object(keys: [String], depth: Int, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        let count = random.chance(0.1) ? 0 : random.int(in: 1...4)
        for index in 0..<count {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            writeString(random.pick(keys), to: &out)
            out.append(UInt8(ascii: ":"))
            if depth < 2, random.chance(0.15) {
                object(keys: Self.deepKeys, depth: depth + 1, to: &out)
            } else {
                value(depth: depth + 1, to: &out)
            }
        }
        out.append(UInt8(ascii: "}"))
    }

    mutating func value(depth: Int, to out: inout [UInt8]) {
        let roll = random.unit()
        switch roll {
        case ..<0.35: writeString(text(), to: &out)
        case ..<0.65: out += Array(number().utf8)
        case ..<0.72: out += Array((random.chance(0.5) ? "true" : "false").utf8)
        case ..<0.78: out += Array("null".utf8)
        case ..<0.88 where depth < 4:
            out.append(UInt8(ascii: "["))
            for index in 0..<random.int(in: 0...3) {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                if random.chance(0.2) { object(keys: Self.deepKeys, depth: 2, to: &out) } else { value(depth: depth + 1, to: &out) }
            }
            out.append(UInt8(ascii: "]"))
        case ..<0.92: out += Array("{}".utf8)
        default: writeString(text(), to: &out)
        }
    }

    mutating func text() -> String {
        if random.chance(0.15) { return random.pick(Self.numberLikeText) }
        var text = ""
        for _ in 0..<random.int(in: 0...4) {
            text += random.chance(0.5) ? random.pick(Self.words) : random.pick(Self.pieces)
        }
        return text
    }

    mutating func number() -> String {
        switch random.int(below: 10) {
        case 0, 1, 2: return String(random.int(in: -1000...1000))
        case 3: return random.pick(Self.specialNumbers)
        case 4:
            // A whole number of 17 to 40 digits: around and beyond 64 bits.
            let digits = (0..<random.int(in: 16...39)).map { _ in String(random.int(below: 10)) }.joined()
            return (random.chance(0.3) ? "-" : "") + String(random.int(in: 1...9)) + digits
        default:
            // 1 to 17 significant digits, a point anywhere, maybe an exponent.
            let count = random.int(in: 1...17)
            var digits = String(random.int(in: 1...9)) + (1..<count).map { _ in String(random.int(below: 10)) }.joined()
            let point = random.int(in: 1...count)
            if point < count { digits.insert(".", at: digits.index(digits.startIndex, offsetBy: point)) }
            var text = (random.chance(0.3) ? "-" : "") + (random.chance(0.1) ? "0." + digits.filter { $0 != "." } : digits)
            if random.chance(0.4) {
                text += random.pick(["e", "E"]) + random.pick(["", "+", "-"]) + String(random.int(in: 0...330))
            }
            return text
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped, other characters now
    /// and then written as `\u` escapes (astral ones as surrogate pairs).
    mutating func writeString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += Array(#"\""#.utf8)
            case "\\": out += Array(#"\\"#.utf8)
            case "\n": out += Array(#"\n"#.utf8)
            case "\t": out += Array(#"\t"#.utf8)
            case "/" where random.chance(0.5): out += Array(#"\/"#.utf8)
            default:
                if scalar.value < 0x20 || (scalar.value > 0x7E && random.chance(0.3)) {
                    for unit in String(scalar).utf16 { out += Array(("\\u" + hex4(unit)).utf8) }
                } else {
                    out += Array(String(scalar).utf8)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    func hex4(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// `count` lines.
    public mutating func lines(_ count: Int) -> [[UInt8]] {
        (0..<count).map { _ in line() }
    }
}
