import SluiceCore
import Testing

@testable import SluiceGeocode

@Suite struct GazetteerApproachTests {
    let gazetteer: Gazetteer
    init() throws { gazetteer = try TinyGazetteer.load() }

    @Test func streetsWithoutASharedNodeMeetWhereTheirLinesPassClose() throws {
        let kearny = try #require(gazetteer.streetIDs["kearny st"])
        let pine = try #require(gazetteer.streetIDs["pine st"])
        let california = try #require(gazetteer.streetIDs["california st"])
        #expect(gazetteer.meeting(california, pine).isEmpty)
        // Pine and California run parallel about 100 m apart: they do not meet.
        #expect(gazetteer.nearestApproach(california, pine) == nil)
        #expect(gazetteer.nearestApproach(kearny, pine) == nil)
        let mason = try #require(gazetteer.streetIDs["mason st"])
        #expect(gazetteer.nearestApproach(mason, california, within: 1) == GeoPoint(lat: 37.79183, lon: -122.41082))
    }

    @Test func aStreetEndingCloseToAnotherLineMeetsIt() throws {
        // The real rows: Vallejo St's last block ends 37 m from The Embarcadero's line, 105 m
        // from its nearest line point (`Embarcadero at Vallejo St.`).
        let csv = """
            kind,id,street,left_from,left_to,right_from,right_to,nodes,points
            segment,13080000,vallejo st,51,99,50,98,24801000|24805000,-122.39888 37.79983;-122.40007 37.79968
            segment,12555102,embarcadero,501,599,,,24570000|34014000,-122.39767 37.79923;-122.39787 37.79927;-122.39917 37.80075;-122.39913 37.8009
            """
        let g = try Gazetteer.parse(Array(csv.utf8), source: "vallejo.csv")
        let vallejo = try #require(g.streetIDs["vallejo st"])
        let embarcadero = try #require(g.streetIDs["embarcadero"])
        let point = try #require(g.nearestApproach(vallejo, embarcadero))
        #expect(point.distance(to: GeoPoint(lat: 37.79983, lon: -122.39888)) < 20)
        #expect(g.nearestApproach(vallejo, embarcadero, lineMetres: 30) == nil)
    }

    @Test func nearestApproachIsThePlainDoubleLoopsAnswer() {
        // Seeded random streets over a few blocks: the indexed search must pick what scanning
        // every pair in order picks, ties included (points repeat where blocks join).
        var random = SplitMix64(seed: 7)  // the same streets on every run
        var g = Gazetteer()
        for street in 0..<12 {
            var point = GeoPoint(lat: 37.79 + random.unit() * 0.004, lon: -122.41 + random.unit() * 0.004)
            for block in 0..<4 {
                var row = GazetteerRow(kind: .segment)
                row.street = "street \(street)"
                row.id = "\(street)-\(block)"
                row.points = [point]
                for _ in 0..<(1 + Int(random.unit() * 3)) {
                    point = GeoPoint(lat: point.lat + (random.unit() - 0.5) * 0.002, lon: point.lon + (random.unit() - 0.5) * 0.002)
                    row.points.append(point)
                }
                g.add(row)
            }
        }
        g.finish()
        var found = 0
        for a in 0..<12 {
            for b in 0..<12 where a != b {
                for (metres, lineMetres) in [(80.0, 40.0), (20, 10), (1, 1)] {
                    let expected = plainNearestApproach(g, a, b, within: metres, lineMetres: lineMetres)
                    #expect(g.nearestApproach(a, b, within: metres, lineMetres: lineMetres) == expected)
                    if expected != nil { found += 1 }
                }
            }
        }
        #expect(found > 50)
    }

    /// The search as first written: every pair of points, then every point against every piece.
    func plainNearestApproach(_ g: Gazetteer, _ a: Int, _ b: Int, within metres: Double, lineMetres: Double) -> GeoPoint? {
        let first = g.segmentsByStreet[a].flatMap { g.segments[$0].points }
        let second = g.segmentsByStreet[b].flatMap { g.segments[$0].points }
        var best: (distance: Double, point: GeoPoint)?
        for p in first {
            for q in second where abs(p.lat - q.lat) < 0.001 {
                let distance = p.distance(to: q)
                if distance <= metres, distance < best?.distance ?? .infinity {
                    best = (distance, GeoPoint(lat: (p.lat + q.lat) / 2, lon: (p.lon + q.lon) / 2))
                }
            }
        }
        if let best { return best.point }
        for (points, lines) in [(first, g.segmentsByStreet[b]), (second, g.segmentsByStreet[a])] {
            for line in lines.map({ g.segments[$0].points }) {
                for (start, end) in zip(line, line.dropFirst()) {
                    for p in points where abs(p.lat - start.lat) < 0.005 {
                        let foot = p.closest(onLineFrom: start, to: end)
                        let distance = p.distance(to: foot)
                        if distance <= lineMetres, distance < best?.distance ?? .infinity {
                            best = (distance, GeoPoint(lat: (p.lat + foot.lat) / 2, lon: (p.lon + foot.lon) / 2))
                        }
                    }
                }
            }
        }
        return best?.point
    }
}
