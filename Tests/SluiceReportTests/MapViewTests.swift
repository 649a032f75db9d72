import SluiceCore
import Testing

@testable import SluiceReport

@Suite struct MapViewTests {
    static func table(_ records: [ReportRecord]) -> PlaceTable {
        var table = PlaceTable()
        for facts in records { table.add(facts) }
        return table
    }

    static let records = [
        Facts.placed("Vertigo", "Mason & California", lat: "37.79183", lon: "-122.41082", precision: "intersection"),
        Facts.placed("Bullitt", "Mason & California", lat: "37.79183", lon: "-122.41082", precision: "intersection"),
        Facts.placed("<b>Evil</b>", "1 \"Quoted\" St & <script>", lat: "37.8", lon: "-122.4", precision: "rooftop"),
        Facts.placed("Far", "Sacramento", lat: "38.58", lon: "-121.49", precision: "place"),
    ]

    @Test func drawsOnePointPerPlaceAndListsThoseFarAway() throws {
        var base = BaseMap()
        base.blocks = [[(37.70, -122.52), (37.84, -122.35)]]
        let view = try #require(MapView.layout(Self.table(Self.records), base: base, maxPoints: 100))
        #expect(view.points.count == 2 && view.offMap.count == 1)
        let svg = view.svg()
        #expect(svg.components(separatedBy: #"<circle class="pt "#).count - 1 == 2)
        #expect(svg.contains(#"<circle class="pt c2""#) && svg.contains(#"<circle class="pt cx""#))
        #expect(svg.contains(#"data-i="0""#) && svg.contains(#"data-i="1""#))
        #expect(view.legend().contains("1 place (1 record) far outside"))
        #expect(view.legend().contains("Sacramento"))
    }

    @Test func withoutABaseMapTheAreaIsThePlaces() throws {
        let view = try #require(MapView.layout(Self.table(Self.records), base: BaseMap(), maxPoints: 100))
        #expect(view.points.count == 3 && view.offMap.isEmpty)
        #expect(view.map.north == 38.58 && view.map.west == -122.41082)
        #expect(MapView.layout(PlaceTable(), base: BaseMap(), maxPoints: 100) == nil)
    }

    @Test func pointDataIsJSONThatCannotBreakOutOfItsScript() throws {
        let view = try #require(MapView.layout(Self.table(Self.records), base: BaseMap(), maxPoints: 100))
        let data = view.pointData()
        #expect(!data.contains("<") && !data.contains(">") && !data.contains("&"))
        let parsed = try JSONParser.parse(data)
        guard case .array(let rows) = parsed else {
            Issue.record("not an array")
            return
        }
        #expect(rows.count == 3)
        // The busiest place first: precision, records, score, matched, method, texts, …
        #expect(
            rows[0]
                == .array([
                    .string("intersection"), .int(2), .number("0.98"), .string("m"), .string("address_point"),
                    .array([.array([.string("Mason & California"), .int(2)])]), .int(0),
                    .array([.array([.string("Bullitt"), .int(1)]), .array([.string("Vertigo"), .int(1)])]), .int(0),
                    .number("37.79183"), .number("-122.41082"), .int(1),
                ]))
    }

    @Test func theLegendEscapesNamesAndSaysWhenPlacesMerge() throws {
        let records = (0..<30).map { Facts.placed("F\($0)", "T", lat: "37.80\($0 % 10)", lon: "-122.40\($0)", precision: #"<i>new</i>"#) }
        let view = try #require(MapView.layout(Self.table(records), base: BaseMap(), maxPoints: 5))
        #expect(view.points.count <= 5 && view.cellMetres != nil)
        let legend = view.legend()
        #expect(legend.contains("&lt;i&gt;new&lt;/i&gt;") && !legend.contains("<i>"))
        #expect(legend.contains("More than 5 places"))
    }

    @Test func radiiGrowWithRecordsUpToACap() {
        #expect(MapView.radiusPixels(records: 1) < MapView.radiusPixels(records: 10))
        #expect(MapView.radiusPixels(records: 10_000) == 18)
    }
}
