import Foundation
import Sluice
import SluiceTestSupport
import Testing

@testable import SluiceLoad

@Suite struct LoadTests {
    @Test func recordsBecomeRowsAndARerunWithAKeyChangesNothing() throws {
        let scratch = try ScratchDirectory()
        let database = scratch.file("t.db")
        let records = [#"{"id":1,"name":"Pier 39","geo":{"lat":37.8087,"lon":-122.4098}}"#, #"{"id":2,"name":"City Hall"}"#]
        let first = try load(records, into: database, table: "places", options: ["--pk", "id"])
        #expect(first.recordsIn == 2 && first.recordsOut == 2 && first.rejected == 0)
        _ = try load(records, into: database, table: "places", options: ["--pk", "id"])
        let db = try Database(path: database, busyTimeoutMilliseconds: 1000)
        #expect(try db.column("SELECT name || ',' || ifnull(geo_lat, '') FROM places ORDER BY id") == ["Pier 39,37.8087", "City Hall,"])
    }

    @Test func aBadOptionIsAUsageError() throws {
        let scratch = try ScratchDirectory()
        #expect { try load([#"{"a":1}"#], into: scratch.file("t.db"), table: "") } throws: { error in
            (error as? StageFailure)?.exitCode == .usage
        }
    }
}
