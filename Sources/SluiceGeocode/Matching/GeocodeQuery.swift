import SluiceCore

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
    public var street: String?
    public var crossStreets: [String] = []
    /// The whole text, tried as a place name when nothing else matches.
    public var text: String = ""
    /// Other readings of the same location, tried too (their answers score 3% less).
    public var alternatives: [GeocodeQuery] = []
    /// The original text, read by `LocationText` as a last resort when the readings above give
    /// nothing more precise than a street.
    public var fallbackText: String?

    public init(place: String? = nil, number: Int? = nil, street: String? = nil, crossStreets: [String] = [], text: String = "") {
        self.place = place
        self.number = number
        self.street = street
        self.crossStreets = crossStreets
        self.text = text
    }

    /// True when `collect` would find the same answers for both readings: they agree on every
    /// part it reads (not on `alternatives` or `fallbackText`, which `geocode` handles).
    /// Texts are compared by their bytes: `==` also holds for canonically equivalent texts,
    /// which a lookup could tell apart.
    func asksTheSame(as other: GeocodeQuery) -> Bool {
        func same(_ a: String?, _ b: String?) -> Bool { a == nil ? b == nil : b.map { a?.utf8.elementsEqual($0.utf8) == true } ?? false }
        func same(_ a: [String], _ b: [String]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { same($0, $1) } }
        return number == other.number && same(street, other.street) && same(crossStreets, other.crossStreets) && same(place, other.place)
            && same(otherPlaces, other.otherPlaces) && same(text, other.text)
    }

    /// True when the query names nothing at all.
    public var isEmpty: Bool { place == nil && street == nil && text.isEmpty }

    /// Reads the `address` object written by `sluice-sanitize`. Its street is rebuilt from
    /// the components (`pre_dir street suffix post_dir`); an `unparsed`/`none` address falls
    /// back to parsing its raw text.
    public init(address: JSONValue) {
        func text(_ key: String) -> String? {
            guard let value = address[key]?.stringValue.map(ASCIIText.trimmingSpaces), !value.isEmpty else {
                if let number = address[key], case .number(let digits) = number { return digits }
                return nil
            }
            return value
        }
        let raw = text("raw") ?? text("clean") ?? ""
        let kind = text("kind") ?? ""
        if kind == "unparsed" || (text("street") == nil && text("place") == nil) {
            self = LocationText.parse(raw)
            return
        }
        self.init(text: raw)
        fallbackText = raw
        place = text("place")
        number = text("number").flatMap { Int($0.prefix { $0.isNumber }) }
        if let name = text("street") {
            street = [text("pre_dir"), name, text("suffix"), text("post_dir")].compactMap { $0 }.joined(separator: " ")
        }
        crossStreets = [text("cross_street"), text("cross_street_2")].compactMap { $0 }
        otherPlaces = [text("neighborhood")].compactMap { $0 }
        if case .array(let others)? = address["alternatives"] {
            alternatives = others.compactMap { other in
                if case .object = other { return GeocodeQuery(address: other) }
                return other.stringValue.map(LocationText.parse)
            }
        }
    }
}
