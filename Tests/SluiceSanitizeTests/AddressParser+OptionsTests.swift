import SluiceCore
import Testing

@testable import SluiceSanitize

@Suite struct AddressParserOptionsTests {
    @Test func theOptionsSayWhetherTheStageRecordsTheCity() {
        let recorded = AddressParser.cityOptions(recorded: true), read = AddressParser.cityOptions(recorded: false)
        #expect(recorded.map(\.name) == ["city", "state"] && read.map(\.name) == ["city", "state"])
        #expect(recorded[0].help.hasPrefix("city to record when the text names none, and read as the city"))
        #expect(read[0].help.hasPrefix("city read as the city") && !read[1].help.contains("record"))
    }

    @Test func theParserReadsTheCityAndStateGiven() throws {
        let options = AddressParser.cityOptions(recorded: false)
        let portland = AddressParser(arguments: try ParsedArguments(["--city", "Portland", "--state", "OR"], options: options))
        let address = portland.parse("1120 SW 5th Ave, Portland")
        #expect(address.place == nil && address.city == "Portland" && address.state == "OR")
        let none = AddressParser(arguments: try ParsedArguments([], options: options))
        #expect(none.city == nil && none.parse("1120 SW 5th Ave, Portland").place == "Portland")
    }
}
