import SluiceCore

/// `--field`, given once or more: where a record's location text is. One field is read as it is;
/// several are joined in the order given, a space between, for a street kept in columns of its own
/// (building permits, parcels, assessor rolls). Shared by `sluice-sanitize` and `sluice-geocode --field`.
///
///     sluice-sanitize --field street_number --field street_name --field street_suffix
///     // {"street_number":875,"street_name":"N Michigan","street_suffix":"Ave"} reads "875 N Michigan Ave"
public struct LocationFields: Equatable, Sendable {
    /// The field names in order (dotted paths reach into objects).
    public let paths: [String]
    let dotted: [Bool]

    public init(_ paths: [String]) {
        self.paths = paths
        dotted = paths.map { $0.utf8.contains(UInt8(ascii: ".")) }
    }

    /// The option's fields, or nil when it was not given.
    public init?(arguments: ParsedArguments) throws(StageFailure) {
        let paths = arguments.all("field")
        guard !paths.isEmpty else { return nil }
        guard !paths.contains(where: \.isEmpty) else { throw .usage("--field needs a field name") }
        // The same field twice would read its text twice (`100 Main St 100 Main St`).
        if let twice = paths.enumerated().first(where: { paths[..<$0.offset].contains($0.element) })?.element {
            throw .usage("--field \(twice) is given twice: each --field names another field, joined in order")
        }
        self.init(paths)
    }

    /// The fields as one name, for messages: `street`, `street_number+street_name`.
    public var name: String { paths.joined(separator: "+") }

    /// Each field under the option's name, for `NamedFields`' warning about a field no record has.
    public var named: [(option: String, path: String)] { paths.map { ("field", $0) } }

    /// The value to read. One field: its value as it is (nil when the record lacks it). Several:
    /// the strings and numbers they hold, joined (missing, null and blank ones left out; `300.0`
    /// read `300`, `wholeNumber`); nil
    /// when the record has none of the fields, null when none holds text, and the first object,
    /// array or boolean met, which is no text.
    public func value(of record: NDJSONRecord) -> JSONValue? {
        guard paths.count > 1 else { return read(0, of: record) }
        var parts: [String] = []
        var found = false
        for index in paths.indices {
            guard let value = read(index, of: record) else { continue }
            found = true
            switch value {
            case .string(let text):
                let trimmed = text.trimmingSpaces()
                if !trimmed.isEmpty, let part = Self.withoutOverlap(Self.wholeNumber(trimmed), after: parts) { parts.append(part) }
            case .number(let digits):
                if let part = Self.withoutOverlap(Self.wholeNumber(digits), after: parts) { parts.append(part) }
            case .null:
                break
            default:
                return value
            }
        }
        guard found else { return nil }
        guard var text = parts.first else { return .null }
        for part in parts.dropFirst() { text += Self.joining(part, after: text) }
        return .string(text)
    }

    /// A later field's text as it follows the text so far: after a space, except once the text
    /// is a whole street address (a house number first, a street's suffix last, perhaps then a
    /// directional). A field after that is no word of the street's name: a unit written bare
    /// (`2B`, `160`, `B`) gets the `#` Publication 28 writes for a unit whose designator is not
    /// known (`1540 Dunn Rd 160` read the road `Dunn Rd 160`); any other text but a unit with its
    /// designator, a directional or a suffix (`Ste 111`, `E`, `PL #100`) is put in brackets, a
    /// hint beside the address, as an address's second line is (Wake County's restaurants write
    /// notes there: `4600 W LAKE RD` then `YEAR ROUND` or `M-F 11am-3pm`, read into the street's
    /// name, and no street was found; another address there, `4001 Widewaters PKW`, is an extra
    /// location, not a second reading that may win).
    static func joining(_ part: String, after text: String) -> String {
        switch separator(before: part, after: text) {
        case ", ": return " (" + part + ")"
        case let separator: return separator + part
        }
    }

    /// What goes between the text so far and `part` (`joining`): a space, `#` before a bare unit,
    /// or a comma where the part is a text of its own.
    static func separator(before part: String, after text: String) -> String {
        func lower(_ word: Substring) -> String { (word.hasSuffix(".") || word.hasSuffix(",") ? word.dropLast() : word).lowercased() }
        var words = text.split(separator: " ")
        guard words.count >= 3, words[0].utf8.first.map({ $0 >= 0x30 && $0 <= 0x39 }) == true else { return " " }
        if let last = words.last, USPSTables.directionals[lower(last)] != nil { words.removeLast() }
        guard words.count >= 3, let last = words.last, let suffix = USPSTables.suffixes[lower(last)],
            USPSTables.streetSuffixes.contains(suffix)
        else { return " " }
        let partWords = part.split(separator: " ")
        guard let first = partWords.first else { return " " }
        let head = lower(first)
        if first.hasPrefix("#") || USPSTables.unitDesignators[head] != nil || USPSTables.directionals[head] != nil
            || USPSTables.suffixes[head] != nil
        {
            return " "
        }
        return partWords.count == 1 && isBareUnit(head) ? " #" : ", "
    }

    /// A unit as a column writes it without its designator: up to four digits, perhaps with one
    /// letter before or after them (`160`, `2B`, `C110`), or one letter.
    static func isBareUnit(_ word: String) -> Bool {
        let bytes = Array(word.utf8)
        let digits = bytes.filter { $0 >= 0x30 && $0 <= 0x39 }.count
        let letters = bytes.filter { $0 >= 0x61 && $0 <= 0x7A }.count
        guard digits + letters == bytes.count, digits <= 4 else { return false }
        if digits == 0 { return letters == 1 }
        guard letters <= 1 else { return false }
        return letters == 0 || bytes.first.map { $0 >= 0x61 } == true || bytes.last.map { $0 >= 0x61 } == true
    }

    /// `part` without the words it repeats from the end of the text before it, or nil when every
    /// word of it is repeated: a column that holds some of its neighbour's words as well as its own
    /// (`STREET_NAME` `CLARK ST` beside `SUFFIX` `ST`, `N CLARK` after `STREET_DIRECTION` `N`, a
    /// whole street after its number) reads `1200 N CLARK ST`, not `1200 N N CLARK ST ST`. Words
    /// compare in any case, a final period left out (`St.` = `ST`).
    ///
    /// - Complexity: O(w²) in the words of `part` and the last words before it, a handful each.
    static func withoutOverlap(_ part: String, after parts: [String]) -> String? {
        guard !parts.isEmpty else { return part }
        func key(_ word: Substring) -> Substring.UTF8View {
            (word.hasSuffix(".") ? word.dropLast() : word).utf8
        }
        func same(_ a: Substring, _ b: Substring) -> Bool {
            let (a, b) = (key(a), key(b))
            return a.count == b.count && zip(a, b).allSatisfy { ($0 | 0x20) == ($1 | 0x20) && ($0 >= 0x41 || $0 == $1) }
        }
        let words = part.split(separator: " ")
        // `200 S`, a grid street's whole name, after the house number 200 repeats nothing.
        if words.count == 2, GridStreet.direction(number: String(words[0]), words[1].lowercased()) != nil { return part }
        let before = parts.suffix(words.count).joined(separator: " ").split(separator: " ").suffix(words.count)
        var overlap = 0
        for length in stride(from: min(words.count, before.count), through: 1, by: -1)
        where zip(before.suffix(length), words.prefix(length)).allSatisfy({ same($0, $1) }) {
            overlap = length
            break
        }
        guard overlap > 0 else { return part }
        return overlap == words.count ? nil : words.dropFirst(overlap).joined(separator: " ")
    }

    /// A whole number with a zero fraction as the whole number (`300.0` → `300`), as tools that
    /// hold a column with gaps as floating point write a house number (`300.0 E Liberty St` read
    /// the street `0 E Liberty`); any other text as it is. `USPSTables.zipCode(field:)` reads a
    /// ZIP field so.
    static func wholeNumber(_ text: String) -> String {
        guard let point = text.utf8.firstIndex(of: UInt8(ascii: ".")) else { return text }
        let whole = text.utf8[..<point]
        let fraction = text.utf8[text.utf8.index(after: point)...]
        guard !whole.isEmpty, whole.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), !fraction.isEmpty,
            fraction.allSatisfy({ $0 == UInt8(ascii: "0") })
        else { return text }
        return String(decoding: whole, as: UTF8.self)
    }

    func read(_ index: Int, of record: NDJSONRecord) -> JSONValue? {
        // A plain name skips the dotted-path walk (which scans the name by `Character`).
        dotted[index] ? record.value(atPath: paths[index]) : record.value(forKey: paths[index])
    }
}
