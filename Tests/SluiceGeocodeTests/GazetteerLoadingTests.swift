import SluiceCore
import Testing

@testable import SluiceGeocode

@Suite struct GazetteerLoadingTests {
    let header = "kind,name,number,street,cross_street,nodes,lat,lon,points\n"

    func failure(_ body: String) -> String? {
        do {
            _ = try Gazetteer.parse(Array((header + body).utf8), source: "g.csv")
            return nil
        } catch let failure as StageFailure {
            return failure.message
        } catch {
            return "\(error)"
        }
    }

    @Test func loadsEveryKind() throws {
        let gazetteer = try TinyGazetteer.load()
        #expect(gazetteer.rowCount == 18)
        #expect(gazetteer.places.count == 5)
        #expect(gazetteer.segments.count == 7)
        #expect(gazetteer.streetKeys.contains("broadway"))
    }

    @Test func badRowsNameTheFileAndLine() {
        #expect(failure("address,,12,mason st,,,37.7,-122.4\n") == "g.csv:2: error: expected 9 columns, found 8")
        #expect(failure("address,,12,mason st,,,north,-122.4,\n") == "g.csv:2: error: coordinates must be numbers, got lat 'north', lon '-122.4'")
        #expect(failure("address,,12,mason st,,,97.7,-122.4,\n") == "g.csv:2: error: coordinates out of range: lat 97.7 (±90), lon -122.4 (±180)")
        #expect(failure("address,,twelve,mason st,,,37.7,-122.4,\n") == "g.csv:2: error: an address needs a whole house number, got 'twelve'")
        #expect(failure("road,,,,,,,,\n") == "g.csv:2: error: unknown kind 'road' (expected place, address, segment or intersection)")
        #expect(failure("segment,,,mason st,,a|b,,,-122.4 37.7\n") == "g.csv:2: error: a segment needs at least two points")
        #expect(failure("segment,,,mason st,,a|b,,,-122.4 37.7;-122.4\n") == "g.csv:2: error: points must be 'lon lat;lon lat;...', got '-122.4'")
        #expect(
            failure("segment,,,mason st,,a|b,,,-122.4 37.7;-122.4 97.7\n")
                == "g.csv:2: error: coordinates out of range: lat 97.7 (±90), lon -122.4 (±180)")
        #expect(failure("place,\"Coit Tower,,,,,,37.8,-122.4,\n") == "g.csv:2: error: unterminated quoted field")
    }

    /// A gazetteer written by hand names streets as people write them: its keys are read as the
    /// builder would have written them, so a record asking for the street matches it exactly.
    @Test func streetKeysWithCapitalsAreNormalisedAsTheyAreRead() throws {
        let text = header + "address,,1005,W Burnside Street,,,45.5231,-122.6815,\nintersection,,,SW 5th Ave,W Burnside St,,45.523,-122.676,\n"
        let gazetteer = try Gazetteer.parse(Array(text.utf8), source: "g.csv")
        #expect(Set(gazetteer.streetKeys) == ["w burnside st", "sw 5th ave"])
    }

    @Test func pointsInOtherNotationsAreReadFromTheirText() throws {
        let text = header + "segment,,,mason st,,a|b,,,\"-122.41 37.79;-1.2241e2 +37.8\"\n"
        let gazetteer = try Gazetteer.parse(Array(text.utf8), source: "g.csv")
        #expect(gazetteer.segments.first?.points == [GeoPoint(lat: 37.79, lon: -122.41), GeoPoint(lat: 37.8, lon: -122.41)])
    }

    @Test func versionLineIsReadAndANewerMajorRefused() throws {
        let body = "place,Coit Tower,,,,,37.802374,-122.405834,\n"
        #expect(try Gazetteer.parse(Array(("# sluice-gazetteer 1.0\n" + header + body).utf8), source: "g.csv").places.count == 1)
        #expect(try Gazetteer.parse(Array(("# sluice-gazetteer 1.7\n" + header + body).utf8), source: "g.csv").places.count == 1)
        // Line numbers count the version line.
        let bad = "# sluice-gazetteer 1.0\n" + header + "place,,,,,,1,2,\n"
        #expect(throws: StageFailure.self) { try Gazetteer.parse(Array(bad.utf8), source: "g.csv") }
        #expect(
            failure(version: "# sluice-gazetteer 2.0")
                == "g.csv:1: error: gazetteer format 2.0 is newer than this sluice-geocode reads (1.x): rebuild it or update Sluice")
        #expect(failure(version: "# made by hand")?.hasPrefix("g.csv:1: error: expected '# sluice-gazetteer M.N'") == true)
        #expect(failure(version: "# sluice-gazetteer .") != nil)
        do {
            _ = try Gazetteer.parse(Array(bad.utf8), source: "g.csv")
        } catch let failure as StageFailure {
            #expect(failure.message == "g.csv:3: error: a place needs a name")
        }
    }

    func failure(version: String) -> String? {
        do {
            _ = try Gazetteer.parse(Array((version + "\n" + header).utf8), source: "g.csv")
            return nil
        } catch let failure as StageFailure {
            return failure.message
        } catch {
            return "\(error)"
        }
    }

    @Test func headerMustNameKind() {
        #expect(throws: StageFailure.self) { try Gazetteer.parse(Array("name,lat,lon\n".utf8), source: "g.csv") }
    }

    @Test func badRowsCanBeSkippedAndReported() throws {
        var skipped: [GazetteerRowError] = []
        let text = header + "place,Coit Tower,,,,,37.802374,-122.405834,\nplace,Nowhere,,,,,x,y,\n"
        let gazetteer = try Gazetteer.parse(Array(text.utf8), source: "g.csv") { problem in
            skipped.append(problem)
            return true
        }
        #expect(gazetteer.places.map(\.name) == ["Coit Tower"])
        #expect(skipped.map(\.line) == [3])
        #expect(skipped.first?.raw == RawRow("place,Nowhere,,,,,x,y,"))
    }

    @Test func missingFileIsNoInput() {
        do {
            _ = try Gazetteer.load(path: "/nonexistent/g.csv")
            Issue.record("expected a failure")
        } catch let failure as StageFailure {
            #expect(failure.exitCode == .noInput)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// The town columns are decoded once while they repeat (`ColumnMap.repeatedText`): each row
    /// still gets its own town, quoted or not, and a quoted kind is read as its text.
    @Test func townColumnsThatRepeatAndChangeAreEachRowsOwn() throws {
        let text = """
            kind,number,street,lat,lon,city,state,zip
            address,1,main st,37.1,-122.1,Alameda,CA,94501
            address,2,main st,37.1,-122.1,Alameda,CA,94501
            address,3,main st,37.1,-122.1,Berkeley,CA,94704
            "address",4,main st,37.1,-122.1,"Alameda",CA,
            address,5,main st,37.1,-122.1,,,
            address,6,main st,37.1,-122.1,Alameda,CA,94501

            """
        var rows: [GazetteerRow] = []
        try Gazetteer.forEachRow(Array(text.utf8), source: "g.csv") { rows.append($0) }
        #expect(rows.map(\.city) == ["Alameda", "Alameda", "Berkeley", "Alameda", "", "Alameda"])
        #expect(rows.map(\.state) == ["CA", "CA", "CA", "CA", "", "CA"])
        #expect(rows.map(\.zip) == ["94501", "94501", "94704", "", "", "94501"])
        #expect(rows.map(\.number) == [1, 2, 3, 4, 5, 6])
    }
}
