import SluiceCore
import Testing

@testable import SluiceSanitize

/// The `address` object is written with `AddressFields`' names, in their order, and the
/// stage's shape (how it knows its own earlier output) is theirs.
@Suite struct AddressFieldsTests {
    static func keys(_ value: JSONValue) -> [String] {
        guard case .object(let members) = value else { return [] }
        return members.map(\.key)
    }

    /// Whether `keys` appear in `all` in the same order (each once).
    static func inOrder(_ keys: [String], of all: [String]) -> Bool {
        var rest = all[...]
        for key in keys {
            guard let found = rest.firstIndex(of: key) else { return false }
            rest = rest[(found + 1)...]
        }
        return true
    }

    @Test func everyWrittenFieldIsNamedInOrder() {
        let parser = AddressParser(city: "San Francisco", state: "CA")
        let texts = [
            "1158-70 Montgomery Street", "Mason & California Streets (Nob Hill)", "Montgomery Street between Green and Union",
            "Vallejo Street Garage; 766 Vallejo St.", "Apt 4, 100 N Main St W, Seattle, WA 98101", "", "Epic Roasthouse (399 Embarcadero)",
        ]
        var seen = Set<String>()
        for text in texts {
            let keys = Self.keys(parser.parse(text).json)
            #expect(Self.inOrder(keys, of: AddressFields.all), "\(text): \(keys)")
            #expect(AddressFields.required.allSatisfy(keys.contains))
            seen.formUnion(keys)
        }
        #expect(seen.count > 12)
        #expect(Self.inOrder([AddressFields.part, AddressFields.parts], of: AddressFields.all))
    }

    @Test func theShapeIsTheContracts() {
        #expect(ParsedAddress.shape.required == AddressFields.required)
        #expect(ParsedAddress.shape.allowed == Set(AddressFields.all))
        #expect(Set(AddressFields.all).count == AddressFields.all.count)
    }
}
