import Sluice
import Testing

@Suite struct SanitizeTests {
    @Test func eachRecordGetsItsAddressAndKeepsItsFields() throws {
        let out = try sanitize(
            [#"{"id":1,"loc":"Mason & California Streets (Nob Hill)"}"#, #"{"id":2}"#], field: "loc", city: "San Francisco", state: "CA")
        #expect(out.count == 2)
        #expect(
            out[0].hasPrefix(
                #"{"id":1,"loc":"Mason & California Streets (Nob Hill)","address":{"raw":"Mason & California Streets (Nob Hill)","clean":"Mason St & California St, Nob Hill, San Francisco, CA","kind":"intersection""#
            ))
        #expect(out[1].hasPrefix(#"{"id":2,"address":{"#) && out[1].contains(#""kind":"none""#) && out[1].contains("missing_field"))
    }

    @Test func optionsReachTheStage() throws {
        let split = try sanitize([#"{"loc":"Vallejo Street Garage; 766 Vallejo St."}"#], field: "loc", options: ["--split", "--as", "where"])
        #expect(split.count == 2)
        #expect(split.allSatisfy { $0.contains(#""where":{"#) && $0.contains(#""parts":2"#) })
    }

    @Test func theParserReadsOneText() {
        let address = AddressParser(city: "San Francisco", state: "CA").parse("1158-70 Montgomery Street")
        #expect(address.kind == .addressRange)
        #expect(address.number == "1158" && address.numberTo == "1170")
    }
}
