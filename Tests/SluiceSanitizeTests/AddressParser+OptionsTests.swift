import SluiceCore
import Testing

@testable import SluiceSanitize

@Suite struct AddressParserOptionsTests {
    @Test func theOptionsSayWhetherTheStageRecordsTheCity() {
        let recorded = AddressParser.cityOptions(recorded: true), read = AddressParser.cityOptions(recorded: false)
        let names = ["city", "state", "city-field", "state-field", "zip-field"]
        #expect(recorded.map(\.name) == names && read.map(\.name) == names)
        #expect(recorded[0].help.hasPrefix("city to record when neither record nor text names one, and read as the city"))
        #expect(read[0].help.hasPrefix("city read as the city") && !read[1].help.contains("record"))
    }

    @Test func theParserReadsTheCityAndStateGiven() throws {
        let options = AddressParser.cityOptions(recorded: false)
        let portland = AddressParser(arguments: try ParsedArguments(["--city", "Portland", "--state", "OR"], options: options))
        let address = portland.parse("1120 SW 5th Ave, Portland")
        #expect(address.place == nil && address.city == "Portland" && address.state == "OR")
        let none = AddressParser(arguments: try ParsedArguments([], options: options))
        // Without --city any US town is read after a comma (`USTowns`), or right after an address.
        #expect(none.city == nil && none.parse("1120 SW 5th Ave, Portland").place == nil)
        #expect(none.parse("1120 SW 5th Ave Portland").city == "Portland")
        #expect(none.parse("SW 5th Ave Portland").city == nil)
        #expect(portland.parse("1120 SW 5th Ave Portland").city == "Portland")
    }
}
