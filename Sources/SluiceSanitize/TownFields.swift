import SluiceCore

/// `--city-field`, `--state-field` and `--zip-field`: the record's own town, state and ZIP, read
/// from its fields when the street text is in one field and the rest in others (the usual shape
/// of business, inspection and permit data). Shared by `sluice-sanitize` and `sluice-geocode --field`.
///
///     sluice-sanitize --field street --city-field city --state-field state --zip-field zip
///     // {"street":"875 N Michigan Ave","city":"Chicago","state":"IL","zip":60611,
///     //  "address":{…,"street":"Michigan","suffix":"Ave","city":"Chicago","state":"IL","zip":"60611",…}}
///
/// Which town an address gets, first found wins: the record's field (a non-empty string; a ZIP
/// may also be a number), the text's own (`…, Seattle`), the town of the ZIP (the record's or
/// the text's; `USTowns`) when neither names a city or state, then `--city`/`--state`. A city
/// field that ends in the state or ZIP (`Seattle, WA 98101`) gives them where their own fields
/// have none; a state field may be a code, a name or an older abbreviation (`Calif.`), and a ZIP
/// field what a spreadsheet made of one (`2139`, `98101.0`). A field holding an object, array or
/// boolean, or a ZIP that is none of these, is ignored with the note `town_field_unusable` (the
/// record is kept: its text may still be read); a text naming another town than the field's
/// keeps the field's, with the note `town_differs`.
public struct TownFields: Equatable, Sendable {
    /// The field names (dotted paths reach into objects), nil where the option was not given.
    public let city: String?
    public let state: String?
    public let zip: String?

    /// The three options' help (one wording for both stages).
    public static let options: [OptionSpec] = [
        .value("city-field", "NAME", "the record's own city, in this field (`Seattle, WA` gives the state too): it beats the text's and --city"),
        .value("state-field", "NAME", "the record's own state, in this field: it beats the text's and --state"),
        .value("zip-field", "NAME", "the record's own ZIP, a string or number (ZIP+4 keeps its 5 digits; 2139 is 02139): it beats the text's"),
    ]

    public init(city: String? = nil, state: String? = nil, zip: String? = nil) {
        (self.city, self.state, self.zip) = (city, state, zip)
    }

    public init(arguments: ParsedArguments) throws(StageFailure) {
        for name in ["city-field", "state-field", "zip-field"] where arguments.has(name) && (arguments[name] ?? "").isEmpty {
            throw .usage("--\(name) needs a field name")
        }
        self.init(city: arguments["city-field"], state: arguments["state-field"], zip: arguments["zip-field"])
    }

    /// Each field given under its option's name, for `NamedFields`' warning about a field no
    /// record has: `--city-field city` over records with `City` read no town, and a gazetteer
    /// then refused none of them (a Toledo record was placed on Ann Arbor's Main St).
    public var named: [(option: String, path: String)] {
        [("city-field", city), ("state-field", state), ("zip-field", zip)].compactMap { option, path in path.map { (option, $0) } }
    }

    /// Whether any of the options was given: without them nothing is read per record.
    public var isEmpty: Bool { city == nil && state == nil && zip == nil }

    /// The record's city, state and ZIP from these fields.
    public func town(of record: NDJSONRecord) -> RecordTown {
        var town = RecordTown()
        func read(_ field: String?) -> JSONValue? {
            guard let field else { return nil }
            return field.utf8.contains(UInt8(ascii: ".")) ? record.value(atPath: field) : record.value(forKey: field)
        }
        town.city = Self.text(read(city), unusable: &town.unusable)
        town.state = Self.text(read(state), unusable: &town.unusable)
        switch read(zip) {
        case .number(let digits)?:
            if let five = USPSTables.zipCode(field: digits) { town.zip = five } else { town.unusable = true }
        case let value?:
            if let text = Self.text(value, unusable: &town.unusable) {
                if let five = USPSTables.zipCode(field: text) { town.zip = five } else { town.unusable = true }
            }
        case nil:
            break
        }
        if let text = town.city, let split = Self.splitCity(text) {
            // The state and ZIP fields, where they have a value, beat what the city field adds.
            town.city = split.city
            town.state = town.state ?? split.state
            town.zip = town.zip ?? split.zip
        }
        return town
    }

    /// A city field that holds the state or ZIP after the town (`San Francisco, CA`, `SEATTLE WA
    /// 98101`, `Portland, Oregon`): the town and what follows it, or nil when the field is a town
    /// alone. A state's code counts after a comma, before a ZIP or in capitals; its name or older
    /// abbreviation (`Calif.`) after a comma or before a ZIP, so `Port Washington` stays a town;
    /// a code in lower case only after a town of its state (`Freeland Md`; `Portland or` is Oregon's).
    /// Something must be left for the town (`Washington` alone is one).
    ///
    ///     TownFields.splitCity("Seattle, WA 98101")  // ("Seattle", "WA", "98101")
    static func splitCity(_ text: String) -> (city: String, state: String?, zip: String?)? {
        let tokens = AddressTokenizer.tokens(text)
        var end = tokens.count
        var zip: String?
        if end >= 3, tokens[end - 2].isPunct("-"), tokens[end - 1].isNumber, tokens[end - 3].isNumber {
            zip = USPSTables.zipCode(tokens[end - 3].lower + "-" + tokens[end - 1].lower)
            if zip != nil { end -= 3 }
        }
        if zip == nil, end >= 1, tokens[end - 1].isNumber, let five = USPSTables.zipCode(tokens[end - 1].lower) {
            zip = five
            end -= 1
        }
        var stateEnd = end
        while stateEnd > 0, tokens[stateEnd - 1].isPunct(",") { stateEnd -= 1 }
        var state: String?
        var cityEnd = stateEnd
        for length in [3, 2, 1] where stateEnd - length >= 1 {
            let words = tokens[(stateEnd - length)..<stateEnd]
            guard words.allSatisfy({ $0.isWord && !$0.isNumber }) else { continue }
            // `N.Y.` is read as the words `N` and `Y`.
            let letters = words.allSatisfy { $0.lower.utf8.count == 1 }
            guard let code = USPSTables.knownStateCode(words.map(\.lower).joined(separator: letters ? "" : " ")) else { continue }
            let afterComma = tokens[stateEnd - length - 1].isPunct(",")
            let isCode = words.count == 1 && words.allSatisfy { $0.lower.utf8.count == 2 }
            let capitals = words.allSatisfy { $0.text.utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A } }
            // A code in any case after a town of its state (`Freeland Md`, `Bel Air md`): the
            // town was the whole field and was refused as one no gazetteer covers.
            let afterItsTown = isCode && USTowns.states(ofTown: AddressTokenizer.text(tokens[..<(stateEnd - length)])).contains(code)
            if afterComma || zip != nil || (isCode && capitals) || afterItsTown {
                state = code
                cityEnd = stateEnd - length
                break
            }
        }
        guard state != nil || zip != nil else { return nil }
        while cityEnd > 0, tokens[cityEnd - 1].isPunct(",") { cityEnd -= 1 }
        guard tokens[..<cityEnd].contains(where: \.hasASCIILetter) else { return nil }
        return (AddressTokenizer.text(tokens[..<cityEnd]), state, zip)
    }

    /// A field's text: nil for a missing, null or blank value; an object, array, number or
    /// boolean is unusable as a town's name.
    static func text(_ value: JSONValue?, unusable: inout Bool) -> String? {
        switch value {
        case .string(let text)?:
            let trimmed = text.trimmingSpaces()
            return trimmed.isEmpty ? nil : trimmed
        case nil, .null?:
            return nil
        default:
            unusable = true
            return nil
        }
    }
}

/// One record's own city, state and ZIP (`TownFields.town(of:)`): what its address carries.
public struct RecordTown: Hashable, Sendable {
    public var city: String?
    /// As given (`OR`, `Oregon`): the parser records the USPS code when it knows the name.
    public var state: String?
    /// Five digits.
    public var zip: String?
    /// One of the fields held a value that names no town (an object, a boolean, `ABCDE`).
    public var unusable = false

    public init(city: String? = nil, state: String? = nil, zip: String? = nil) {
        (self.city, self.state, self.zip) = (city, state, zip)
    }

    public var isEmpty: Bool { city == nil && state == nil && zip == nil && !unusable }

    /// A text and this town as one key, for memos of parsed addresses: no two differ in one
    /// (each part after its length). Written as bytes: string interpolation cost 4,000
    /// instructions a key.
    public func memoKey(_ text: String) -> String {
        var key: [UInt8] = []
        key.reserveCapacity(text.utf8.count + 40)
        key.append(unusable ? UInt8(ascii: "!") : UInt8(ascii: "."))
        func append(_ part: String?) {
            let bytes = part?.utf8 ?? "".utf8
            var digits = String(bytes.count).utf8.makeIterator()
            while let digit = digits.next() { key.append(digit) }
            key.append(UInt8(ascii: ":"))
            key.append(contentsOf: bytes)
        }
        append(city)
        append(state)
        append(zip)
        key.append(contentsOf: text.utf8)
        return String(decoding: key, as: UTF8.self)
    }
}

/// The parsers of recent records' towns (`AddressParser.reading(_:)`), so that a town's city
/// names are made once rather than once per record (27,000 instructions each; 31% of a run of
/// 10,000 records in five towns).
///
///     var parsers = TownParsers(AddressParser())
///     parsers.parser(for: RecordTown(city: "Chicago", state: "IL")).parse("875 N Michigan Ave")
public struct TownParsers: Sendable {
    public let base: AddressParser
    /// City names by the town's city and state, at most `capacity` (a stage's memory stays bounded).
    private var names = BoundedMemo<CityAndState, CityNames>(capacity: TownParsers.capacity / 2)
    struct CityAndState: Hashable {
        let city: String?
        let state: String?
    }
    static let capacity = 256

    public init(_ base: AddressParser) { self.base = base }

    public mutating func parser(for town: RecordTown) -> AddressParser {
        guard !town.isEmpty else { return base }
        let key = CityAndState(city: town.city, state: town.state)
        if let known = names.value(for: key) { return base.reading(town, names: known) }
        let parser = base.reading(town)
        names.remember(parser.names, for: key)
        return parser
    }
}
