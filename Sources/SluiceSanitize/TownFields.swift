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
/// the text's; `USTowns`) when neither names a city or state, then `--city`/`--state`. A field
/// holding an object, array or boolean, or a ZIP without five digits, is ignored with the note
/// `town_field_unusable` (the record is kept: its text may still be read); a text naming another
/// town than the field's keeps the field's, with the note `town_differs`.
public struct TownFields: Equatable, Sendable {
    /// The field names (dotted paths reach into objects), nil where the option was not given.
    public let city: String?
    public let state: String?
    public let zip: String?

    /// The three options' help (one wording for both stages).
    public static let options: [OptionSpec] = [
        .value("city-field", "NAME", "the record's own city, in this field: it beats the text's and --city (e.g. city)"),
        .value("state-field", "NAME", "the record's own state, in this field: it beats the text's and --state"),
        .value("zip-field", "NAME", "the record's own ZIP, a string or number (ZIP+4 keeps its 5 digits): it beats the text's"),
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
            // A number lost its leading zeros (`2139` for 02139): padded back to five digits.
            if let five = USPSTables.zipCode(digits.utf8.count < 5 ? String(repeating: "0", count: 5 - digits.utf8.count) + digits : digits) {
                town.zip = five
            } else {
                town.unusable = true
            }
        case let value?:
            if let text = Self.text(value, unusable: &town.unusable) {
                if let five = USPSTables.zipCode(text) { town.zip = five } else { town.unusable = true }
            }
        case nil:
            break
        }
        return town
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
