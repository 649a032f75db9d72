import Testing

@testable import SluiceReport

@Suite struct PlaceTableGridTests {
    static func table(_ positions: [(String, String, Int)]) -> PlaceTable {
        var table = PlaceTable()
        for (lat, lon, records) in positions {
            for index in 0..<records { table.add(Facts.placed("Film \(index)", "\(lat),\(lon)", lat: lat, lon: lon)) }
        }
        return table
    }

    @Test func drawsEveryPlaceUpToTheLimitBusiestFirst() {
        let table = Self.table([("37.80", "-122.40", 1), ("37.70", "-122.50", 3), ("37.75", "-122.45", 3)])
        let (points, cell) = table.points(limit: 3)
        #expect(cell == nil)
        #expect(points.map(\.point.key) == ["37.75,-122.45", "37.70,-122.50", "37.80,-122.40"])
    }

    @Test func mergesNearbyPlacesIntoGridCellsBeyondTheLimit() {
        // Three places within 10 m of each other, one 1 km away.
        let table = Self.table([
            ("37.80000", "-122.40000", 2), ("37.80005", "-122.40005", 1), ("37.80008", "-122.40002", 1), ("37.81", "-122.40", 1),
        ])
        let (points, cell) = table.points(limit: 2)
        #expect(points.count == 2)
        #expect((cell ?? 0) >= 25 && (cell ?? 0) <= 400)
        #expect(points[0].point.key == "37.80000,-122.40000")
        #expect(points[0].count == 4 && points[0].places == 3)
        #expect(points[0].texts.distinct == 3)
        #expect(points[1].count == 1 && points[1].places == 1)
    }

    @Test func theResultDoesNotDependOnInputOrder() {
        let positions = (0..<50).map { ("37.\(7000 + $0 * 7)", "-122.\(4000 + ($0 * 13) % 500)", 1 + $0 % 4) }
        let forwards = Self.table(positions).points(limit: 10)
        let backwards = Self.table(positions.reversed()).points(limit: 10)
        #expect(forwards.cellMetres == backwards.cellMetres)
        #expect(forwards.points.map(\.point.key) == backwards.points.map(\.point.key))
        #expect(forwards.points.map(\.count) == backwards.points.map(\.count))
        #expect(forwards.points.reduce(0) { $0 + $1.count } == positions.reduce(0) { $0 + $1.2 })
    }
}
