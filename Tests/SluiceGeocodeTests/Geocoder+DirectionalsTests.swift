import Testing

@testable import SluiceGeocode

/// A street named without the directional that tells the gazetteer's streets of its name apart.
@Suite struct GeocoderDirectionalsTests {
    /// East and West Liberty St both hold 300, about 500 m apart; only East holds 600. A street
    /// with no directional (Packard St) and one whose halves share the name (Main St, Main Ave).
    static let csv = """
        kind,number,street,lat,lon,city,state,zip
        address,300,e liberty st,42.2797,-83.7454,Ann Arbor,MI,48104
        address,310,e liberty st,42.2797,-83.7453,Ann Arbor,MI,48104
        address,600,e liberty st,42.2797,-83.7418,Ann Arbor,MI,48104
        address,300,w liberty st,42.2797,-83.7516,Ann Arbor,MI,48103
        address,310,w liberty st,42.2797,-83.7517,Ann Arbor,MI,48103
        address,500,packard st,42.2740,-83.7420,Ann Arbor,MI,48104
        address,300,main st,42.2777,-83.7484,Ann Arbor,MI,48104
        address,300,s main ave,42.2700,-83.7484,Ann Arbor,MI,48104
        """

    let geocoder: Geocoder

    init() throws { geocoder = Geocoder(try Gazetteer.parse(Array(Self.csv.utf8), source: "ann-arbor.csv")) }

    func best(_ text: String) -> GeoMatch? { geocoder.geocode(GeocodeQuery.reading(text)).first }

    @Test func aNumberBothHalvesHoldIsAGuess() throws {
        // Was 300 e liberty st at 0.94, the runner-up 300 w liberty st at 0.94.
        let match = try #require(best("300 Liberty St"))
        #expect(match.score < 0.5)
        #expect(match.method.hasSuffix("+directional_ambiguous"))
        #expect(match.note?.hasPrefix("ambiguous: 300 is on 2 of the gazetteer's streets named 'liberty st'") == true)
        #expect(try #require(best("305 Liberty")).score < 0.5)
    }

    @Test func theStreetAloneIsAGuessToo() throws {
        #expect(try #require(best("Liberty St")).score < 0.5)
    }

    @Test func aNumberOneHalfHoldsOrADirectionalNamedIsNotAGuess() throws {
        #expect(try #require(best("600 Liberty St")).score > 0.9)
        #expect(try #require(best("300 E Liberty St")).score == GeocodeScore.addressPoint)
        #expect(try #require(best("300 W Liberty St")).matched == "300 w liberty st")
        #expect(try #require(best("500 Packard St")).score == GeocodeScore.addressPoint)
        // A street without a directional of the name and suffix is the one meant.
        #expect(try #require(best("300 Main St")).score == GeocodeScore.addressPoint)
    }

    /// The cheap test before normalising: a key's first or last word of the letters n, s, e, w.
    @Test func aKeyMayHaveADirectionalOnlyAtEitherEnd() {
        for key in ["e liberty st", "broadway n", "nw 5th ave", "sw market st se"] { #expect(Geocoder.mayHaveDirectional(key), "\(key)") }
        for key in ["liberty st", "news st", "main", "mission st e1", "west st"] { #expect(!Geocoder.mayHaveDirectional(key), "\(key)") }
    }
}
