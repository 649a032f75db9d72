import Testing

@testable import SluiceSanitize

/// Rows of Austin's food establishment inspection scores (City of Austin open data, copied in
/// jordannotjam/Foodie-City-Scores @ ebb5af4, 2023-03-19): a frontage road's direction of travel
/// after the street's type.
@Suite struct TravelDirectionTests {
    let parser = AddressParser(city: "Austin", state: "TX")

    @Test func aDirectionOfTravelAfterTheTypeIsNoWordOfTheName() {
        let pairs = [
            ("701 S CAPITAL OF TEXAS HWY NB", "701 S CAPITAL OF TEXAS HWY"),
            ("1701 W BEN WHITE BLVD SVRD EB", "1701 W BEN WHITE BLVD"),
            ("13415 N FM 620 RD NB", "13415 N FM 620 RD"),
            ("1300 E ANDERSON LN WB BLDG D", "1300 E ANDERSON LN BLDG D"),
            ("14028 N US 183 HWY SVRD SB, AUSTIN, TX", "14028 N US 183 HWY, AUSTIN, TX"),
        ]
        for (text, plain) in pairs {
            let parsed = parser.parse(text)
            #expect(parsed.kind == .streetAddress, "\(text)")
            #expect(parsed.key == parser.parse(plain).key, "\(text)")
            #expect(parsed.unit == parser.parse(plain).unit, "\(text)")
        }
        #expect(parser.parse("1300 E ANDERSON LN WB BLDG D").unit == "Bldg D")
        // The town on the export's next line, or after the service road there.
        let nextLine = parser.parse("13415 N FM 620 RD NB\nAUSTIN, TX 78717")
        #expect(nextLine.key == parser.parse("13415 N FM 620 RD").key && nextLine.zip == "78717")
        let wrapped = parser.parse("7424 E US 290 HWY\nSVRD WB AUSTIN, TX 78752")
        #expect(wrapped.key == parser.parse("7424 E US 290 HWY").key)
        #expect(wrapped.city?.lowercased() == "austin" && wrapped.zip == "78752")
    }

    @Test func aStreetNamedSoOrAWordAfterItStays() {
        #expect(parser.parse("100 NB St").street == "Nb")
        #expect(TravelDirection.removed(from: AddressTokenizer.tokens("NB St")).count == 2)
        #expect(TravelDirection.removed(from: AddressTokenizer.tokens("SB")).count == 1)
        #expect(TravelDirection.removed(from: AddressTokenizer.tokens("")).isEmpty)
    }
}
