import SluiceCore
import SluiceSanitize

/// One labelled location string: the expected kind and components (snake_case keys, as in the
/// `address` object), read from the SF fixture or from usaddress's tagged XML.
struct LabelledAddress {
    var text: String
    var kind: String
    var components: [String: String]
    /// How many locations the string names, when more than one.
    var parts: Int?

    /// Reads `Tests/SluiceSanitizeTests/Fixtures/sf-labelled.ndjson`:
    /// `{"text":…,"kind":…,"parts":2,"components":{"street":"Mason",…}}` per line.
    static func readNDJSON(_ text: String, source: String) throws -> [LabelledAddress] {
        var labelled: [LabelledAddress] = []
        for (index, line) in text.split(separator: "\n").enumerated() where !line.isEmpty {
            let value = try JSONParser.parse(String(line))
            guard let text = value["text"]?.stringValue, let kind = value["kind"]?.stringValue,
                case .object(let members)? = value["components"]
            else {
                throw StageFailure.data(source: source, line: index + 1, "expected text, kind and components")
            }
            var components: [String: String] = [:]
            for member in members { components[member.key] = member.value.stringValue }
            let parts = value["parts"]?.doubleValue.flatMap { Int(exactly: $0) }
            labelled.append(LabelledAddress(text: text, kind: kind, components: components, parts: parts))
        }
        return labelled
    }
}

/// usaddress's XML (`<AddressString><AddressNumber>431</AddressNumber> <StreetName>Marietta</StreetName> …`)
/// mapped onto our components. The mapping, also printed by `sluice-eval sanitize`:
///
///     AddressNumber(+Prefix/Suffix)               number
///     StreetNamePreDirectional, PreModifier, PreType,
///     StreetName, StreetNamePostType, PostDirectional,
///     PostModifier                                street (compared as one normalised street key,
///                                                 because usaddress's us50 files put the type
///                                                 inside StreetName)
///     OccupancyType + OccupancyIdentifier,
///     SubaddressType + SubaddressIdentifier       unit
///     Recipient, BuildingName, LandmarkName       place
///     PlaceName / StateName / ZipCode             city / state / zip
///     IntersectionSeparator, CornerOf             kind intersection; the street after it is cross_street
///     USPSBox*, CountryName, NotAddress           not mapped; strings with a USPS box are skipped
///
/// Expected kind: intersection when separated, street_address with a number and a street,
/// street with a street only, place with only a place, none otherwise.
enum USAddressXML {
    static func read(_ xml: String) -> (addresses: [LabelledAddress], skipped: Int) {
        var addresses: [LabelledAddress] = []
        var skipped = 0
        var rest = Substring(xml)
        while let open = rest.range(of: "<AddressString>"), let close = rest.range(of: "</AddressString>") {
            let body = rest[open.upperBound..<close.lowerBound]
            rest = rest[close.upperBound...]
            if let address = parse(body) { addresses.append(address) } else { skipped += 1 }
        }
        return (addresses, skipped)
    }

    static func parse(_ body: Substring) -> LabelledAddress? {
        var text = ""
        var tagged: [(tag: String, value: String)] = []
        var index = body.startIndex
        while index < body.endIndex {
            if body[index] == "<", let end = body[index...].firstIndex(of: ">") {
                let tag = String(body[body.index(after: index)..<end])
                guard let closing = body[end...].range(of: "</\(tag)>") else { return nil }
                let value = unescape(String(body[body.index(after: end)..<closing.lowerBound]))
                text += value
                tagged.append((tag, value))
                index = closing.upperBound
            } else {
                text.append(body[index])
                index = body.index(after: index)
            }
        }
        return labelled(text: trimmed(text), tagged: tagged)
    }

    /// Maps (tag, token) pairs, from the XML or from usaddress's own output, onto a label.
    static func labelled(text: String, tagged: [(tag: String, value: String)]) -> LabelledAddress? {
        if tagged.contains(where: { $0.tag.hasPrefix("USPSBox") }) { return nil }
        func joined(_ tags: Set<String>, _ from: [(tag: String, value: String)]) -> String? {
            let words = from.filter { tags.contains($0.tag) }.map { trimmed($0.value) }.filter { !$0.isEmpty }
            return words.isEmpty ? nil : words.joined(separator: " ")
        }
        let streetTags: Set<String> = [
            "StreetNamePreDirectional", "StreetNamePreModifier", "StreetNamePreType", "StreetName",
            "StreetNamePostType", "StreetNamePostDirectional", "StreetNamePostModifier",
        ]
        let separator = tagged.firstIndex { $0.tag == "IntersectionSeparator" }
        let first = separator.map { Array(tagged[..<$0]) } ?? tagged
        let second = separator.map { Array(tagged[($0 + 1)...]) } ?? []
        var components: [String: String] = [:]
        components["number"] = joined(["AddressNumberPrefix", "AddressNumber", "AddressNumberSuffix"], tagged)
        components["street"] = joined(streetTags, first).map { StreetNormalizer.normalize($0).key }
        components["cross_street"] = joined(streetTags, second).map { StreetNormalizer.normalize($0).key }
        components["unit"] = joined(["OccupancyType", "OccupancyIdentifier", "SubaddressType", "SubaddressIdentifier"], tagged)
        components["place"] = joined(["Recipient", "BuildingName", "LandmarkName"], tagged)
        components["city"] = joined(["PlaceName"], tagged)
        components["state"] = joined(["StateName"], tagged)
        components["zip"] = joined(["ZipCode"], tagged)
        let kind: String
        if separator != nil || tagged.contains(where: { $0.tag == "CornerOf" }) {
            kind = "intersection"
        } else if components["number"] != nil, components["street"] != nil {
            kind = "street_address"
        } else if components["street"] != nil {
            kind = "street"
        } else if components["place"] != nil || components["city"] != nil {
            kind = "place"
        } else {
            kind = "none"
        }
        return LabelledAddress(text: text, kind: kind, components: components)
    }

    static func trimmed(_ text: String) -> String {
        var text = Substring(text)
        while let last = text.last, last == "," || last == " " || last == ";" { text = text.dropLast() }
        while let first = text.first, first == " " { text = text.dropFirst() }
        return String(text)
    }

    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.split(separator: "&amp;", omittingEmptySubsequences: false).joined(separator: "&")
            .split(separator: "&lt;", omittingEmptySubsequences: false).joined(separator: "<")
            .split(separator: "&gt;", omittingEmptySubsequences: false).joined(separator: ">")
            .split(separator: "&apos;", omittingEmptySubsequences: false).joined(separator: "'")
            .split(separator: "&quot;", omittingEmptySubsequences: false).joined(separator: "\"")
    }
}
