/// What the parser found in one location string: its kind, its components (each nil when not
/// found), a matching key, notes, and the alternatives when the string names several places.
///
///     let address = AddressParser().parse("Mason & California Streets (Nob Hill)")
///     address.kind          // .intersection
///     address.street        // "Mason", suffix "St"; crossStreet "California St"
///     address.neighborhood  // "Nob Hill"
///     address.key           // "california & mason"
///     JSONWriter.string(address.json)
///     // {"raw":"Mason & California Streets (Nob Hill)","clean":"Mason St & California St, Nob Hill",
///     //  "kind":"intersection","street":"Mason","suffix":"St","cross_street":"California St",
///     //  "neighborhood":"Nob Hill","key":"california & mason","notes":["shared_suffix"]}
public struct ParsedAddress: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// A house number on a street: `766 Vallejo St.`
        case streetAddress = "street_address"
        /// A run of house numbers: `1158-70 Montgomery Street`.
        case addressRange = "address_range"
        /// Two streets that cross: `Mason & California`, `Hyde St. at Greenwich`.
        case intersection
        /// A street between two cross streets: `Montgomery Street between Green and Union`.
        case segment
        /// A street with no number: `Lombard Street`.
        case street
        /// A named place with no street: `Golden Gate Bridge`, `Pier 14`.
        case place
        /// Empty, null or nothing usable.
        case none
        /// Text the parser cannot read as any of the above.
        case unparsed
    }

    /// All the fields live in one copy-on-write object: results are passed and returned a lot
    /// while parsing, and copying one reference is much cheaper than copying twenty fields.
    var storage: Storage

    /// The input text; nil when the field was missing or not a string.
    public var raw: String? {
        get { storage.raw }
        set { uniqueStorage().raw = newValue }
    }
    /// The normalised, human-readable form.
    public var clean: String {
        get { storage.clean }
        set { uniqueStorage().clean = newValue }
    }
    public var kind: Kind {
        get { storage.kind }
        set { uniqueStorage().kind = newValue }
    }
    public var place: String? {
        get { storage.place }
        set { uniqueStorage().place = newValue }
    }
    public var number: String? {
        get { storage.number }
        set { uniqueStorage().number = newValue }
    }
    public var numberTo: String? {
        get { storage.numberTo }
        set { uniqueStorage().numberTo = newValue }
    }
    /// The main street, parsed; `street`, `suffix`, `preDir`, `postDir` are its parts.
    public var mainStreet: NormalizedStreet? {
        get { storage.mainStreet }
        set { uniqueStorage().mainStreet = newValue }
    }
    public var unit: String? {
        get { storage.unit }
        set { uniqueStorage().unit = newValue }
    }
    public var cross: NormalizedStreet? {
        get { storage.cross }
        set { uniqueStorage().cross = newValue }
    }
    public var cross2: NormalizedStreet? {
        get { storage.cross2 }
        set { uniqueStorage().cross2 = newValue }
    }
    public var neighborhood: String? {
        get { storage.neighborhood }
        set { uniqueStorage().neighborhood = newValue }
    }
    public var city: String? {
        get { storage.city }
        set { uniqueStorage().city = newValue }
    }
    public var state: String? {
        get { storage.state }
        set { uniqueStorage().state = newValue }
    }
    public var zip: String? {
        get { storage.zip }
        set { uniqueStorage().zip = newValue }
    }
    /// Every location when the string names several (`A; B`), each parsed the same way.
    public var alternatives: [ParsedAddress] {
        get { storage.alternatives }
        set { uniqueStorage().alternatives = newValue }
    }
    /// Machine-readable reasons for anything surprising, in the order found.
    public var notes: [String] {
        get { storage.notes }
        set { uniqueStorage().notes = newValue }
    }
    /// With `--split`: this record's location (1-based) and how many the string held.
    public var part: Int? {
        get { storage.part }
        set { uniqueStorage().part = newValue }
    }
    public var parts: Int? {
        get { storage.parts }
        set { uniqueStorage().parts = newValue }
    }

    /// An empty address without raw text shares one storage until it is first changed: the
    /// parser makes many that it never fills in.
    public init(raw: String?) { storage = raw == nil ? Storage.empty : Storage(raw: raw) }

    public static func == (lhs: ParsedAddress, rhs: ParsedAddress) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.hasSameFields(as: rhs.storage)
    }

    /// The storage, copied first when another value shares it.
    mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) {
            // The shared empty storage has nothing to copy.
            storage = storage === Storage.empty ? Storage(raw: nil) : storage.copy()
        }
        return storage
    }

    public var street: String? { mainStreet.flatMap { $0.name.isEmpty ? nil : $0.name } }
    public var suffix: String? { mainStreet?.suffix }
    public var preDir: String? { mainStreet?.preDirectional }
    public var postDir: String? { mainStreet?.postDirectional }
    /// The first cross street in display form with its suffix: `"California St"`.
    public var crossStreet: String? { cross.map(\.display) }
    public var crossStreet2: String? { cross2.map(\.display) }

    mutating func note(_ note: String) {
        if !notes.contains(note) { notes.append(note) }
    }

    /// The canonical matching key. Streets enter it by name and directionals without their
    /// suffix, because free text drops suffixes freely (`2000 Folsom`, `Mason & California`);
    /// intersection and segment cross streets are sorted so the order people write them in
    /// does not matter: `Mason & California` = `California and Mason` = `california & mason`.
    public var key: String? {
        func streetKey(_ street: NormalizedStreet?) -> String? {
            guard let street, !street.nameKey.isEmpty else { return nil }
            return Self.joined(
                street.preDirectional.map(Words.lowercased), street.nameKey, street.postDirectional.map(Words.lowercased), separator: " ")
        }
        /// Two keys in sorted order, so the order people write the streets in does not matter.
        func sortedPair(_ first: String?, _ second: String?) -> String {
            if let first, let second, second < first { return Self.joined(second, first, separator: " & ") }
            return Self.joined(first, second, separator: " & ")
        }
        let main = streetKey(mainStreet)
        switch kind {
        case .streetAddress:
            // `522A` is written as the text has it, and keyed in lower case like the rest;
            // Queens' `86-12` by the number it stands for, as the geocoder reads it (`8612`).
            let keyed = number.map { HouseNumber.hyphenatedValue($0).map(String.init) ?? Words.lowercased($0) }
            return Self.joined(keyed, main, separator: " ")
        case .addressRange:
            return "\(number ?? "")-\(numberTo ?? "") \(main ?? "")"
        case .intersection:
            return sortedPair(main, streetKey(cross))
        case .segment:
            let ends = sortedPair(streetKey(cross), streetKey(cross2))
            return main.map { "\($0) between \(ends)" } ?? "between \(ends)"
        case .street:
            return main
        case .place:
            return place.map(Words.key)
        case .none, .unparsed:
            return nil
        }
    }

    /// The human-readable normal form: `Epic Roasthouse, 399 Embarcadero`. `fallback` (the
    /// text as tokenized) is made only for unparsed text.
    func rendered(fallback: () -> String) -> String {
        var location: String?
        let main = mainStreet?.display
        switch kind {
        case .streetAddress:
            location = Self.joined(number, main, unit, separator: " ")
            if let cross = crossStreet, let cross2 = crossStreet2 {
                location? += " between \(cross) and \(cross2)"
            } else if let cross = crossStreet {
                location? += " at \(cross)"
            }
        case .addressRange:
            location = Self.joined("\(number ?? "")-\(numberTo ?? "")", main, unit, separator: " ")
        case .intersection:
            location = Self.joined(main, crossStreet, separator: " & ")
        case .segment:
            let ends = Self.joined(crossStreet, crossStreet2, separator: " and ")
            location = Self.joined(main, "between", ends, separator: " ")
        case .street:
            location = Self.joined(main, unit, separator: " ")
        case .place:
            // `Ferry Building, Ste 50`: a suite in the place.
            location = unit
        case .none:
            return ""
        case .unparsed:
            return fallback()
        }
        var neighborhood = self.neighborhood
        if let name = neighborhood, let place, Neighborhoods.canonical(for: place) == name { neighborhood = nil }
        let region = state.map { state in zip.map { "\(state) \($0)" } ?? state } ?? zip
        return Self.joined(place, location, neighborhood, city, region, separator: ", ")
    }

    /// The values present, empty ones included, joined by `separator`: what
    /// `[first, second, …].compactMap { $0 }.joined(separator:)` gives, without the arrays.
    static func joined(
        _ first: String?, _ second: String?, _ third: String? = nil, _ fourth: String? = nil, _ fifth: String? = nil, separator: String
    ) -> String {
        Words.joined(first, second, third, fourth, fifth, separator: separator)
    }
}
