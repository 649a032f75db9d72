import Foundation
import SluiceCore
import SluiceSanitize

/// What a record says about its location, in the terms the cascade uses: a place name, a
/// house number and street, and cross streets (one for an intersection, two for a block).
///
///     GeocodeQuery(address: ["kind": "intersection", "street": "Mason", "suffix": "St",
///                            "cross_street": "California St"])
///     // street "Mason St", crossStreets ["California St"]
public struct GeocodeQuery: Equatable, Sendable {
    public var place: String?
    /// Further place names to try when `place` is not known (`Fisherman's Wharf` after a shop).
    public var otherPlaces: [String] = []
    public var number: Int?
    /// The second number of a pair the text writes (`10-50`, sanitize's `number_to`): a
    /// building's span, a hundred block, or Queens' block and house read as a range.
    public var numberTo: Int?
    /// A hyphenated number's first part (`222-117` → 222): Queens' block, or the building whose
    /// suite follows it, as Raleigh writes some (`222-117 Glenwood Ave`).
    public var numberBeforeHyphen: Int?
    public var street: String?
    public var crossStreets: [String] = []
    /// The neighbourhood the text names (`(Noe Valley)`): looked up among neighbourhoods first.
    public var neighborhood: String?
    /// The corner is only near the place meant (`Bayshore Blvd near Cesar Chavez`, `Balmy
    /// Alley off 24th St`, `Taylor St, north of Jefferson St`).
    public var nearCorner = false
    /// The text ended in another country's name (sanitize's note `other_country`).
    public var otherCountry = false
    /// The text named a post office or rural route box (sanitize's note `po_box`), no location.
    public var poBox = false
    /// The place ends the text, after the address: its last comma part with a word (`42 Water St,
    /// New Shoreham`; with the parts after it, `3 Corona Pl, Toowoomba, SA 3980`, the last of them;
    /// a postcode alone after it, `26 Mclean Pl, Athelstone, 5185`, is no name), or the words right
    /// after its unit (`100 Main St Apt 31 Bobco`): where US addresses write their town, and other
    /// countries' their town and region. (Worked out when asked: few records need it.)
    public var placeEndsText: Bool {
        guard let place, unit != nil || text.utf8.contains(UInt8(ascii: ",")) else { return false }
        let name = PlaceIndex.words(place)
        var end = text.endIndex
        while let comma = text[..<end].lastIndex(of: ",") {
            let words = PlaceIndex.words(String(text[text.index(after: comma)..<end]))
            guard words.allSatisfy({ $0.allSatisfy(\.isNumber) }) else {
                // Compared without the spaces between words: sanitize writes `N.Y.C.` as `N Y C`.
                if words.joined() == PlaceIndex.words(otherPlaces.last ?? place).joined() { return true }
                break
            }
            end = comma
        }
        guard let unitEnd = unit.flatMap({ PlaceIndex.words($0).last }) else { return false }
        let words = PlaceIndex.words(text)
        return words.count > name.count + 1 && words.suffix(name.count).elementsEqual(name) && words[words.count - name.count - 1] == unitEnd
    }
    /// The unit the address names (`Apt 31`).
    public var unit: String?
    /// The town was read from the text without a state written for it (sanitize's note
    /// `town_without_state`: `Great Hwy, Ocean Beach` → Ocean Beach, NY, the only one).
    public var townWithoutState = false
    /// The whole text, tried as a place name when nothing else matches.
    public var text: String = ""
    /// Other readings of the same location, tried too (their answers score 3% less).
    public var alternatives: [GeocodeQuery] = []
    /// The town, state and ZIP code the record names (sanitize's `city`, `state`, `zip`): the
    /// gazetteer's rows of that town are used, and a town it does not cover is refused.
    public var city: String?
    public var state: String?
    public var zip: String?

    public init(place: String? = nil, number: Int? = nil, street: String? = nil, crossStreets: [String] = [], text: String = "") {
        self.place = place
        self.number = number
        self.street = street
        self.crossStreets = crossStreets
        self.text = text
    }

    /// A place phrase cut into its name and the places that say where it is: at commas,
    /// slashes, ` at ` and ` in ` (`Pioneer Park at Coit Tower`, `de Young Museum/Golden Gate
    /// Park`).
    static func placeParts(_ phrase: String) -> [String] {
        // ASCII text (nearly all) is cut on its bytes: Foundation's `components(separatedBy:)`
        // cost more than the rest of reading the address (callgrind: 57k instructions a call).
        let ascii: [String]?? = phrase.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? asciiPlaceParts(bytes) : nil
        }
        if let ascii, let ascii { return ascii }
        return characterPlaceParts(phrase)
    }

    /// `placeParts` of any text, cut by Foundation on its characters.
    static func characterPlaceParts(_ phrase: String) -> [String] {
        var parts = [phrase]
        for separator in [",", "/", " at ", " in "] {
            parts = parts.flatMap { $0.components(separatedBy: separator) }
        }
        return parts.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }

    static let placeSeparators: [[UInt8]] = [",", "/", " at ", " in "].map { Array($0.utf8) }

    /// `placeParts` of ASCII text, where every byte is a character: the same cuts, each
    /// separator in turn at its leftmost occurrences, then spaces and tabs trimmed.
    static func asciiPlaceParts(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        var parts: [String] = []
        cut(bytes, 0..<bytes.count, at: placeSeparators[...], into: &parts)
        return parts
    }

    /// Cuts `part` at the first separator, each piece then at the rest, depth first: the same
    /// pieces in the same order as cutting every piece at one separator before the next, with
    /// no array of pieces per separator (callgrind: 11k instructions a phrase).
    static func cut(_ bytes: UnsafeBufferPointer<UInt8>, _ part: Range<Int>, at separators: ArraySlice<[UInt8]>, into parts: inout [String]) {
        guard let separator = separators.first else {
            var (low, high) = (part.lowerBound, part.upperBound)
            while low < high, bytes[low] == 0x20 || bytes[low] == 0x09 { low += 1 }
            while high > low, bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09 { high -= 1 }
            if low < high { parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[low..<high]), as: UTF8.self)) }
            return
        }
        let rest = separators.dropFirst()
        var start = part.lowerBound, at = part.lowerBound
        while at + separator.count <= part.upperBound {
            if bytes[at] == separator[0] && separator.indices.allSatisfy({ bytes[at + $0] == separator[$0] }) {
                cut(bytes, start..<at, at: rest, into: &parts)
                at += separator.count
                start = at
            } else {
                at += 1
            }
        }
        cut(bytes, start..<part.upperBound, at: rest, into: &parts)
    }

    /// The number a house number starts with (`12A` → 12), nil when it starts with none:
    /// `Int` of its leading numeric characters; a hyphenated one, its digits joined (`86-12` → 8612).
    static func leadingNumber(_ text: String) -> Int? {
        // Leading ASCII digits followed by ASCII (nearly always) are the number's characters,
        // found on the bytes: `Character.isNumber` cost more than the rest of the number.
        let utf8 = text.utf8
        let end = utf8.firstIndex { $0 < 0x30 || $0 > 0x39 } ?? utf8.endIndex
        // `86-12`: Queens' block and house are one number, its digits joined (`HouseNumber`).
        if end != utf8.endIndex, utf8[end] == UInt8(ascii: "-"), let joined = HouseNumber.hyphenatedValue(text) { return joined }
        if end == utf8.endIndex || utf8[end] < 0x80 { return Int(text[..<end]) }
        return Int(text.prefix { $0.isNumber })
    }

    /// The one reading of a free text, the same as `sluice-sanitize` makes of it: the text
    /// parsed by `parser` (San Francisco's city names unless given another: `--city`/`--state`)
    /// into the address object this query reads.
    ///
    ///     GeocodeQuery.reading("Vesuvio Café (255 Columbus Avenue)")
    ///     // place "Vesuvio Café", number 255, street "Columbus Ave"
    ///     GeocodeQuery.reading("1120 SW 5th Ave, Portland", by: AddressParser(city: "Portland", state: "OR"))
    ///     // number 1120, street "SW 5th Ave" (no place "Portland")
    public static func reading(_ text: String, by parser: AddressParser = sanFranciscoParser) -> GeocodeQuery {
        GeocodeQuery(address: parser.parse(text).json)
    }

    /// The parser without `--city`: San Francisco's spellings, no city or state filled in.
    public static let sanFranciscoParser = AddressParser()

    /// True when the query names nothing at all.
    public var isEmpty: Bool { place == nil && street == nil && neighborhood == nil && text.isEmpty }

    /// The members of an address object a query reads.
    enum AddressKey: Int, CaseIterable {
        case raw, clean, street, place, notes, number, preDir, suffix, postDir, crossStreet, crossStreet2, neighborhood, alternatives, city, state,
            zip, unit, numberTo

        static let names = [
            "raw", "clean", "street", "place", "notes", "number", "pre_dir", "suffix", "post_dir", "cross_street", "cross_street_2", "neighborhood",
            "alternatives", "city", "state", "zip", "unit", "number_to",
        ]
        static let utf8Names = names.map { Array($0.utf8) }

        var name: String { Self.names[rawValue] }
    }

    /// Reads the `address` object written by `sluice-sanitize`. Its street is rebuilt from
    /// the components (`pre_dir street suffix post_dir`); an `unparsed`/`none` address falls
    /// back to parsing its raw text.
    public init(address: JSONValue) {
        self.init(
            members: { address[$0.name] },
            scalar: { key in
                switch address[key.name] {
                case .string(let value)?: value
                case .number(let digits)?: digits
                default: nil
                }
            })
    }

    /// The same, read from the object's JSON text in a record's line: only the members the
    /// query uses are parsed (callgrind, 20k records: parsing the whole object into a
    /// `JSONValue` first cost about a third of reading the query), found in one walk over the
    /// members (a walk per member read cost as much again).
    public init(address object: NDJSONRecord) {
        let found = object.firstMembers(named: AddressKey.utf8Names)
        self.init(
            members: { found[$0.rawValue].map(object.value(of:)) },
            scalar: { found[$0.rawValue].flatMap(object.scalarText(of:)) })
    }

    /// The query from the address object's members, each given by `member` (the first of that
    /// name, parsed, or nil), and by `scalar` when only a string's or number's text is wanted.
    init(members member: (AddressKey) -> JSONValue?, scalar: (AddressKey) -> String?) {
        // One look-up per member. A number's text cannot have spaces: trimming it changes nothing.
        func text(_ key: AddressKey) -> String? {
            guard let value = scalar(key) else { return nil }
            let trimmed = value.trimmingSpaces()
            return trimmed.isEmpty ? nil : trimmed
        }
        let raw = text(.raw) ?? text(.clean) ?? ""
        self.init(text: raw)
        (city, state, zip) = (text(.city), text(.state), text(.zip))
        var notes: [String] = []
        if case .array(let values)? = member(.notes) { notes = values.compactMap(\.stringValue) }
        otherCountry = notes.contains("other_country")
        poBox = notes.contains("po_box")
        townWithoutState = notes.contains("town_without_state")
        let streetName = text(.street), placeText = text(.place)
        // Text sanitize could not read: its whole text is tried as a place name.
        if streetName == nil && placeText == nil {
            place = raw.isEmpty || poBox ? nil : raw
            return
        }
        nearCorner = notes.contains { ["near", "off", "direction_from_corner"].contains($0) }
        // `Vaillancourt Fountain, Justin Herman Plaza`: a name, then where it is; after
        // `north of`, the place holds the direction's words, not a name.
        let placeParts = placeText.map(Self.placeParts) ?? []
        place = notes.contains("direction_from_corner") ? nil : placeParts.first
        number = text(.number).flatMap(Self.leadingNumber)
        if let written = text(.number), HouseNumber.hyphenatedValue(written) != nil {
            numberBeforeHyphen = Int(written.prefix { $0 != "-" })
        }
        numberTo = text(.numberTo).flatMap(Self.leadingNumber)
        unit = text(.unit)
        if let name = streetName {
            street = [text(.preDir), name, text(.suffix), text(.postDir)].compactMap { $0 }.joined(separator: " ")
        }
        crossStreets = [text(.crossStreet), text(.crossStreet2)].compactMap { $0 }
        otherPlaces = Array(placeParts.dropFirst())
        // `Mission District` names the neighbourhood it is: no second name.
        neighborhood = text(.neighborhood).flatMap { PlaceIndex.words($0) == place.map(PlaceIndex.words) ? nil : $0 }
        if case .array(let others)? = member(.alternatives) {
            alternatives = others.compactMap { other in
                if case .object = other { return GeocodeQuery(address: other) }
                return other.stringValue.map { GeocodeQuery.reading($0) }
            }
        }
    }
}
