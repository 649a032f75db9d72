import SluiceGeocode
import Testing

@testable import SluiceTools

/// A row's town as the builder writes it, and how two towns are told apart.
@Suite struct TownTests {
    @Test func normalisesWhatSourcesGive() {
        let town = Town(city: " OAKLAND ", state: "California", zip: "94612-1234")
        #expect(town.city == "OAKLAND" && town.state == "CA" && town.zip == "94612")
        #expect(Town(state: "ca").state == "CA")
        #expect(Town(state: "Ontario").state == "ONTARIO", "an unknown state is kept, in capitals")
        #expect(Town(zip: "946121234").zip == "94612")
        #expect(["9461", "94612x", "0", "", "946123"].allSatisfy { Town(zip: $0).zip.isEmpty })
    }

    @Test func theKeyIsTheCityAndStateNotTheZip() {
        #expect(Town(city: "St. Paul", state: "MN").key == Town(city: "Saint Paul", state: "Minnesota", zip: "55101").key)
        #expect(Town(city: "Springfield", state: "IL").key != Town(city: "Springfield", state: "MO").key)
        #expect(Town().key == "|")
    }

    @Test func aFallbackFillsOnlyWhatIsMissing() {
        let fallback = Town(city: "Portland", state: "OR")
        #expect(Town(zip: "97204").filled(by: fallback) == Town(city: "Portland", state: "OR", zip: "97204"))
        #expect(Town(city: "Beaverton").filled(by: fallback) == Town(city: "Beaverton", state: "OR"))
        #expect(Town(city: "Vancouver", state: "WA").filled(by: fallback) == Town(city: "Vancouver", state: "WA"))
    }

    @Test func sanFranciscoKeepsOnlyItsOwnZipCodes() {
        #expect(GazetteerBuilder.sanFrancisco(zip: "94110").zip == "94110")
        #expect(GazetteerBuilder.sanFrancisco(zip: "95133") == .sanFrancisco)
        #expect(GazetteerBuilder.sanFrancisco(zip: "") == .sanFrancisco)
    }

    @Test func coverageNamesTownsStatesZipsAndBounds() {
        func row(_ city: String, _ state: String, _ zip: String, _ lat: Double, _ lon: Double) -> GazetteerRow {
            var row = GazetteerRow(kind: .address)
            (row.city, row.state, row.zip, row.lat, row.lon) = (city, state, zip, lat, lon)
            return row
        }
        let coverage = Coverage([
            row("Springfield", "IL", "62701", 39.8, -89.65), row("SPRINGFIELD", "IL", "62702", 39.81, -89.6),
            row("Riverton", "IL", "", 39.84, -89.54), row("", "", "", 39.7, -89.7),
        ])
        #expect(coverage.towns == ["Riverton, IL", "Springfield, IL"])
        #expect(coverage.states == ["IL"] && coverage.zips == ["62701", "62702"])
        #expect(
            coverage.description
                == "covers 2 towns (Riverton, IL; Springfield, IL), 1 state (IL), 2 ZIP codes; bounds lat 39.7000 … 39.8400, lon -89.7000 … -89.5400")
        #expect(Coverage([]).description == "covers 0 towns, 0 states, 0 ZIP codes")
        // A row naming only its ZIP is in that ZIP's state, as the geocoder's coverage reads it.
        #expect(Coverage([row("", "", "48104", 42.28, -83.74)]).states == ["MI"])
    }
}
