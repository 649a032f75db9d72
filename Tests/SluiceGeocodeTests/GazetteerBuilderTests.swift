import Foundation
import Testing

@testable import SluiceGeocode

/// Builds from a tiny sources folder written by the test (real rows from each source).
@Suite struct GazetteerBuilderTests {
    /// The sources `writeSources` leaves out.
    static let notWritten: Set<String> = [
        "speed-limits", "intersection-pairs", "parks", "schools", "street-names", "bart", "caltrain", "muni", "businesses",
        "businesses-older", "osm-points",
    ]
    let folder = NSTemporaryDirectory() + "sluice-gazetteer-sources-\(getpid())-\(UUID().uuidString)"

    func write(_ file: String, _ text: String) throws {
        let path = folder + "/" + file
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func writeSources() throws {
        try write(
            "list-of-streets-and-intersections/List_of_Streets_and_Intersections.csv",
            """
            CNN,streetname,from_st,to_st,cardinal,addrange,limits,location,theOrder,LF_FADD,RT_FADD,LF_TADD,RT_TADD,FROM_CNN,TO_CNN
            100000,01ST ST,BUSH ST \\ MARKET ST,STEVENSON ST,,1 - 34,x,,2,1,2,19,34,30731000,24666000
            30731000,01ST ST,BUSH ST \\ MARKET ST,,,,x intersection,,1,,,,,,

            """)
        try write(
            "centerline-segments/sf_street_segments.csv",
            """
            cnn,f_node_cnn,t_node_cnn,to_node_prefix,classcode,street,wkt
            100000,30731000,24666000,24666,3,01ST ST,"LINESTRING (-122.39915 37.79102, -122.39859 37.79057)"
            5000000,30731000,30000000,,3,MARKET ST,"LINESTRING (-122.39915 37.79102, -122.4 37.7905)"

            """)
        try write("eas-address-points/sf_eas_addresses_2025-06-25.csv", "street,number,lat,lon\n01ST ST,21,37.79073,-122.39824\n")
        try write(
            "intersections/sf_junctions.csv",
            "node_cnn,cnn_prefix,lat,lon,streets,adjacent_cnn_prefixes\n30731000,30731,37.79102,-122.39915,01ST ST|MARKET ST|BUSH ST,\n")
        try write("landmarks/landmarks_combined.csv", "name,aliases,lat,lon,category,source\nCoit Tower,,37.8023742,-122.4058338,tower,x\n")
        try write(
            "Mobile_Food_Facility_Permit.csv",
            "Address,Latitude,Longitude\n21 01ST ST,37.79,-122.39\n3750 18TH ST,37.76201920035647,-122.42730642251331\n")
        try write("aliases.csv", "alias,place_id,place_name,source\nTelegraph Hill Tower,landmarks:2,Coit Tower,test\n")
    }

    @Test func buildsEveryKindSortedAndDeterministic() throws {
        try writeSources()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var builder = GazetteerBuilder(sources: folder)
        builder.excluded = Self.notWritten
        builder.aliasesPath = folder + "/aliases.csv"
        let rows = try builder.build()
        #expect(rows.map(\.kind) == [.place, .segment, .segment, .intersection, .intersection, .address, .address])
        #expect(rows[0].aliases == ["Telegraph Hill Tower"])
        // The 2025 centreline absent from the street list comes in without ranges.
        #expect(rows[1].id == "100000" && rows[1].leftTo == 19 && rows[1].rightTo == 34)
        #expect(rows[2].street == "market st" && rows[2].leftFrom == nil)
        // Bush St meets 1st and Market only in the junction list; 1st & Market share a node.
        #expect(rows[3].street == "1st st" && rows[3].crossStreet == "bush st")
        #expect(rows[4].street == "bush st" && rows[4].crossStreet == "market st")
        // The food truck's 21 1st St is in EAS already; its 3750 18th St is not.
        #expect(rows[5].street == "18th st" && rows[6].lat == 37.79073)
        var again = GazetteerBuilder(sources: folder)
        again.excluded = builder.excluded
        again.aliasesPath = builder.aliasesPath
        #expect(GazetteerBuilder.csv(try again.build()) == GazetteerBuilder.csv(rows))
    }

    @Test func anAliasForAMissingPlaceIsAnError() throws {
        try writeSources()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("aliases.csv", "alias,place_id,place_name,source\nX,landmarks:9,Nothing,test\n")
        var builder = GazetteerBuilder(sources: folder)
        builder.excluded = Self.notWritten
        builder.aliasesPath = folder + "/aliases.csv"
        #expect(throws: (any Error).self) { try builder.build() }
    }
}
