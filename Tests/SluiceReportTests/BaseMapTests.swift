import SluiceCore
import Testing

@testable import SluiceReport

@Suite struct BaseMapTests {
    static let gazetteer = """
        kind,id,name,aliases,category,number,street,cross_street,left_from,left_to,right_from,right_to,nodes,lat,lon,points
        place,park:1,Washington Square,,park,,,,,,,,,37.800823,-122.410178,
        place,landmarks:1,Coit Tower,,monument,,,,,,,,,37.802395,-122.405822,
        segment,1,,,,,mason st,,,,,,1|2,,,-122.4100 37.7900;-122.4100 37.7950
        segment,2,,,,,mason st,,,,,,2|3,,,-122.4100 37.7950;-122.4102 37.8000;-122.4102 37.8000
        segment,3,,,,,pine st,,,,,,4|5,,,-122.4200 37.7910;-122.4000 37.7920
        address,,,,,950,mason st,,,,,,,37.79204,-122.41006,

        """

    @Test func readsStreetsAndParksWithTheGeocodersReader() throws {
        let file = try TemporaryFile(Self.gazetteer, suffix: ".csv")
        let base = try BaseMap(gazetteer: file.path)
        #expect(base.blocks.count == 3)
        #expect(base.parks.map(\.name) == ["Washington Square"])
        let area = try #require(base.area)
        #expect(area.south == 37.79 && area.north == 37.8 && area.west == -122.42 && area.east == -122.4)
    }

    @Test func drawsBlocksAsOnePathContinuingWhereTheLastEnded() throws {
        let file = try TemporaryFile(Self.gazetteer, suffix: ".csv")
        let base = try BaseMap(gazetteer: file.path)
        let map = try #require(base.area)
        let path = base.streetPath(on: map)
        // Two moves: Mason's second block starts where its first ends; Pine starts afresh.
        #expect(path.filter { $0 == "M" }.count == 2)
        // Mason: 2 steps (the repeated last point adds none); Pine: 1.
        #expect(path.filter { $0 == "l" }.count == 3)
        #expect(path.hasPrefix("M\(Int(map.x(-122.41).rounded())) \(Int(map.y(37.79).rounded()))l0-"))
    }

    @Test func writesStepsCompactly() {
        #expect(BaseMap.pair(3, -4) == "3-4")
        #expect(BaseMap.pair(-3, 4) == "-3 4")
    }

    @Test func aMissingGazetteerExits66() {
        do {
            _ = try BaseMap(gazetteer: "/nonexistent/gazetteer.csv")
            Issue.record("loaded a missing file")
        } catch let failure as StageFailure {
            #expect(failure.exitCode == .noInput)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func anEmptyBaseMapHasNoArea() {
        #expect(BaseMap().area == nil)
    }
}
