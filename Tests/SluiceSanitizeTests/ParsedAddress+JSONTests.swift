import SluiceCore
import Testing

@testable import SluiceSanitize

@Suite struct ParsedAddressJSONTests {
    let parser = AddressParser()

    @Test func jsonHoldsOnlyFoundComponentsInFixedOrder() {
        let json = JSONWriter.string(parser.parse("Mason & California Streets (Nob Hill)").json)
        #expect(
            json
                == #"{"raw":"Mason & California Streets (Nob Hill)","clean":"Mason St & California St, Nob Hill","kind":"intersection","street":"Mason","suffix":"St","cross_street":"California St","neighborhood":"Nob Hill","key":"california & mason","notes":["shared_suffix"]}"#
        )
    }

    @Test func jsonOfMissingFieldHasNullRaw() {
        var missing = ParsedAddress(raw: nil)
        missing.note(Note.missingField)
        #expect(JSONWriter.string(missing.json) == #"{"raw":null,"clean":"","kind":"none","notes":["missing_field"]}"#)
    }

    @Test func alternativesCarryNoRaw() {
        let json = parser.parse("Vallejo Street Garage; 766 Vallejo St.").json
        guard case .array(let alternatives)? = json["alternatives"] else {
            Issue.record("no alternatives")
            return
        }
        #expect(alternatives.count == 2)
        #expect(alternatives.allSatisfy { $0["raw"] == nil })
        #expect(alternatives[1]["key"] == .string("766 vallejo"))
    }

    @Test func writeJSONWritesTheSameBytesAsTheJSONValue() {
        var missing = ParsedAddress(raw: nil)
        missing.note(Note.missingField)
        var part = parser.parse("Vallejo Street Garage; 766 Vallejo St.").alternatives[1]
        part.raw = "Vallejo Street Garage; 766 Vallejo St."
        part.part = 2
        part.parts = 2
        let addresses = [
            missing, part, parser.parse(""), parser.parse("Golden Gate Bridge"), parser.parse("1158-70 Montgomery Street"),
            parser.parse("Mason & California Streets (Nob Hill)"), parser.parse("Vallejo Street Garage; 766 Vallejo St."),
            parser.parse("Montgomery Street between Green and Union"), parser.parse("\"Café\" \\ Pier 39\u{1}"),
        ]
        for address in addresses {
            var direct: [UInt8] = []
            address.writeJSON(to: &direct)
            #expect(String(decoding: direct, as: UTF8.self) == JSONWriter.string(address.json))
        }
    }
}
