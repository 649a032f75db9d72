/// Every US town with a post office, its state and its ZIP codes (the GeoNames US postal codes,
/// CC BY 4.0; `scripts/gen_us_towns.py` writes them into `USTowns+Data.swift`): the parser reads
/// one at the end of a text without `--city` (`100 Main St, Seattle`; `St. Paul, MN 55101`).
///
///     USTowns.states(named: ["seattle"])                     // ["WA"]
///     USTowns.states(named: ["st", "paul"]).contains("MN")  // true: `Saint Paul`
///     USTowns.town(zip: "55101")                             // (name: "Saint Paul", state: "MN")
///     USTowns.hasZIPs(ofState: "MA", startingWith: "021")    // true: `MA 2139` is 02139
///
/// Names are compared by `TownName.key`. The text's lines are in key order and are searched
/// where they lie, so a run that never looks a town up pays nothing, and one that does pays a
/// binary search (parsing 30,000 towns into a dictionary cost 385M instructions, three times
/// the whole of the bundled films' sanitize). ZIP codes are indexed on the first look-up by ZIP.
///
/// - Complexity: O(log n) line probes per name; O(size of the text) once for the ZIP index.
public enum USTowns {
    /// The states that have a town of this name as written (`Palo Alto`: CA).
    public static func states(ofTown name: String) -> [String] {
        states(named: AddressTokenizer.tokens(name).filter(\.isWord).map(\.lower))
    }

    /// The ZIP codes of the towns of this name as written (of `state` when it is given: a code
    /// or a name), five digits each; empty when no post office has the name.
    ///
    ///     USTowns.zipCodes(ofTown: "Ypsilanti", state: "MI")  // ["48197", "48198"]
    public static func zipCodes(ofTown name: String, state: String?) -> [String] {
        let words = AddressTokenizer.tokens(name).filter(\.isWord).map(\.lower)
        let code = state.map(USPSTables.stateCode) ?? ""
        for key in [words, spelledOut(words)].compactMap(\.self) where !key.isEmpty && key.count <= maxWords {
            let zips = zipCodes(ofKey: CityNames.key(key), state: code)
            if !zips.isEmpty { return zips }
        }
        return []
    }

    /// The ZIP codes on the lines of `key` (of `state`, unless empty): each line's runs
    /// (`79601+5 79608`) spelled out.
    static func zipCodes(ofKey key: String, state: String) -> [String] {
        withLines { bytes in
            var zips: [String] = []
            var line = firstLine(notBefore: Array(key.utf8), in: bytes)
            while line < bytes.count, let fields = Self.fields(at: line, in: bytes), equal(bytes, fields.key, key) {
                if state.isEmpty || equal(bytes, fields.state, state) {
                    for run in String(decoding: bytes[fields.zips], as: UTF8.self).split(separator: " ") {
                        let parts = run.split(separator: "+")
                        guard let first = Int(parts[0]) else { continue }
                        let count = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
                        for zip in first...(first + count) {
                            let digits = String(zip)
                            zips.append(String(repeating: "0", count: max(0, 5 - digits.count)) + digits)
                        }
                    }
                }
                line = fields.end + 1
            }
            return zips
        }
    }

    /// The states that have a town of this name, given as its lowercase words (`["st", "paul"]`),
    /// as written or spelled out (`spelledOut`).
    static func states(named words: [String]) -> [String] {
        towns(named: words).states
    }

    /// The towns of this name, given as its lowercase words: their states, and the name as the
    /// list has it, each word capitalised, when only that was found: spelled out (`n hollywood` →
    /// `North Hollywood`), or without a `City` the list's name lacks (`new york city` → `New
    /// York`; `Kansas City` is found as written).
    static func towns(named words: [String]) -> (states: [String], spelled: String?) {
        let asWritten = states(ofKey: words)
        if !asWritten.isEmpty { return (asWritten, nil) }
        let withoutCity = words.count > 1 && words.last == "city" ? Array(words.dropLast()) : nil
        for other in [spelledOut(words), withoutCity].compactMap({ $0 }) {
            let found = states(ofKey: other)
            if !found.isEmpty { return (found, other.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")) }
        }
        return ([], nil)
    }

    /// The states of the towns whose key (`CityNames.key`) these words make, as written.
    static func states(ofKey words: [String]) -> [String] {
        guard !words.isEmpty, words.count <= maxWords else { return [] }
        let key = CityNames.key(words)
        return withLines { bytes in
            var states: [String] = []
            var line = firstLine(notBefore: Array(key.utf8), in: bytes)
            while line < bytes.count, let fields = Self.fields(at: line, in: bytes), equal(bytes, fields.key, key) {
                states.append(String(decoding: bytes[fields.state], as: UTF8.self))
                line = fields.end + 1
            }
            return states
        }
    }

    /// A town's words with the abbreviations USPS gives its words spelled out, or nil when none
    /// is: a leading direction (`N Hollywood`, `W Palm Beach`) and the words Publication 28
    /// abbreviates in street names, which towns are named with too (`Flowery Br`,
    /// `Shaker Hts`). `St` stays a title (`CityNames.key`: `St Paul` is Saint Paul).
    static func spelledOut(_ words: [String]) -> [String]? {
        var changed = false
        let spelled = words.enumerated().map { index, word in
            if index == 0, words.count > 1, let direction = USPSTables.directionals[word], let name = directionNames[direction],
                name != word
            {
                changed = true
                return name
            }
            guard index > 0, word != "st", word != "ste",
                let abbreviation = USPSTables.suffixes[word]?.lowercased(), let name = USPSTables.suffixNames[abbreviation], name != word
            else { return word }
            changed = true
            return name
        }
        return changed ? spelled : nil
    }

    /// How many words a town government's title takes at the start of the words: 2 for `City of
    /// Ann Arbor`, `Town of Chapel Hill`, `Village of Oak Park`, `Borough of State College`
    /// (the town is the rest), else 0. (`Charter Township of`: see `AddressParser.township`.)
    static func titleLength(_ words: some Collection<String>) -> Int {
        guard words.count > 2, let first = words.first, ["city", "town", "village", "borough"].contains(first),
            words.dropFirst().first == "of"
        else { return 0 }
        return 2
    }

    static let directionNames = [
        "N": "north", "S": "south", "E": "east", "W": "west", "NE": "northeast", "NW": "northwest", "SE": "southeast", "SW": "southwest",
    ]

    /// The town and state of a five-digit ZIP code (`55101-1234` reads as 55101), or nil.
    public static func town(zip: String) -> (name: String, state: String)? {
        let digits = zip.utf8.prefix(5)
        guard digits.count == 5, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let code = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        let line = zipLines[code]
        guard line >= 0 else { return nil }
        return withLines { bytes in
            guard let fields = fields(at: Int(line), in: bytes) else { return nil }
            let state = String(decoding: bytes[fields.state], as: UTF8.self)
            guard fields.name.isEmpty else { return (String(decoding: bytes[fields.name], as: UTF8.self), state) }
            // Left out where it is the key with each word's first letter in capitals.
            var name = Array(bytes[fields.key])
            for index in name.indices where index == 0 || name[index - 1] == UInt8(ascii: " ") {
                if name[index] >= 0x61 && name[index] <= 0x7A { name[index] -= 0x20 }
            }
            return (String(decoding: name, as: UTF8.self), state)
        }
    }

    /// Whether `state` has a ZIP code starting with these three digits (`"021"`: MA): ZIPs are
    /// given out by three-digit prefix, so `MA 2139` lost a leading zero and `IA 5230` did not.
    static func hasZIPs(ofState state: String, startingWith prefix: some StringProtocol) -> Bool {
        guard prefix.utf8.count == 3, prefix.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        let first = prefix.utf8.reduce(0) { $0 * 10 + Int($1 - 0x30) } * 100
        let lines = zipLines
        return withLines { bytes in
            var seen: Int32 = -1
            for zip in first..<(first + 100) where lines[zip] >= 0 && lines[zip] != seen {
                seen = lines[zip]
                if let fields = fields(at: Int(seen), in: bytes), equal(bytes, fields.state, state) { return true }
            }
            return false
        }
    }

    /// Where each line's fields lie: `key|name|state|zips`.
    struct Fields {
        var key: Range<Int>
        var name: Range<Int>
        var state: Range<Int>
        var zips: Range<Int>
        /// The line's end (its newline, or the end of the text).
        var end: Int
    }

    static func fields(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Fields? {
        var bars = (-1, -1, -1)
        var found = 0
        var index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
            if bytes[index] == UInt8(ascii: "|") {
                switch found {
                case 0: bars.0 = index
                case 1: bars.1 = index
                default: bars.2 = index
                }
                found += 1
            }
            index += 1
        }
        guard found == 3 else { return nil }
        return Fields(
            key: start..<bars.0, name: (bars.0 + 1)..<bars.1, state: (bars.1 + 1)..<bars.2, zips: (bars.2 + 1)..<index, end: index)
    }

    /// The start of the first line whose key is not before `key` (bytes compared in order).
    static func firstLine(notBefore key: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var low = 0
        var high = bytes.count
        while low < high {
            var line = (low + high) / 2
            while line > low, bytes[line - 1] != UInt8(ascii: "\n") { line -= 1 }
            var end = line
            while end < bytes.count, bytes[end] != UInt8(ascii: "|"), bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if bytes[line..<end].lexicographicallyPrecedes(key) {
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                low = end + 1
            } else {
                high = line
            }
        }
        return low
    }

    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ key: String) -> Bool {
        bytes[range].elementsEqual(key.utf8)
    }

    /// ZIP code → the start of its town's line, or -1: every line's ZIP runs (`55101+30`), read once.
    static let zipLines: [Int32] = withLines { bytes in
        var lines = [Int32](repeating: -1, count: 100_000)
        var line = 0
        while line < bytes.count, let fields = fields(at: line, in: bytes) {
            var index = fields.zips.lowerBound
            while index < fields.zips.upperBound {
                var start = 0
                var count = 0
                while index < fields.zips.upperBound, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                    start = start * 10 + Int(bytes[index] - 0x30)
                    index += 1
                }
                if index < fields.zips.upperBound, bytes[index] == UInt8(ascii: "+") {
                    index += 1
                    while index < fields.zips.upperBound, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                        count = count * 10 + Int(bytes[index] - 0x30)
                        index += 1
                    }
                }
                for zip in start...(start + count) where zip < lines.count { lines[zip] = Int32(line) }
                index += 1
            }
            line = fields.end + 1
        }
        return lines
    }

    /// The text's bytes where they lie (a literal's storage is contiguous).
    static func withLines<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        Words.withBytes(of: text, body)
    }
}
