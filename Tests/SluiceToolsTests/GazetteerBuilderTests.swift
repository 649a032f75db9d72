import Foundation
import SluiceGeocode
import Testing

@testable import SluiceTools

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
        #expect(GazetteerRow.csv(try again.build()) == GazetteerRow.csv(rows))
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

    @Test func stationNamesNameTheStation() {
        #expect(GazetteerBuilder.stationName("Embarcadero", agency: "BART") == "Embarcadero BART Station")
        #expect(GazetteerBuilder.stationName("22nd Street Caltrain", agency: "Caltrain") == "22nd Street Caltrain Station")
        #expect(GazetteerBuilder.stationName("Metro Civic Center Station/Downtn", agency: "Muni") == "Civic Center Station")
        #expect(GazetteerBuilder.stationName("San Jose Ave/Glen Park Station", agency: "Muni") == "Glen Park Station")
        #expect(GazetteerBuilder.stationName("Forest Hill Station Outbound", agency: "Muni") == "Forest Hill Station")
        // Muni's other stops are named after the corner they stand at.
        #expect(GazetteerBuilder.stationName("Market St & 4th St  ", agency: "Muni") == nil)
        #expect(GazetteerBuilder.stationName(" ", agency: "BART") == nil)
    }

    @Test func businessNamesLoseTheirUnit() {
        #expect(GazetteerBuilder.businessName("MOSCONE CENTER WEST - 3 FLR. PANTRY") == "Moscone Center West")
        #expect(GazetteerBuilder.businessName("Hyatt Regency - Main Kitchen, Employees Cafeteria") == "Hyatt Regency")
        #expect(GazetteerBuilder.businessName("ST FRANCIS FOUNTAIN") == "St Francis Fountain")
        #expect(GazetteerBuilder.businessName("Orphan Andy's [12]") == "Orphan Andy's")
        #expect(GazetteerBuilder.businessName(" - ") == nil)
    }

    @Test func openStreetMapKeepsPlacesNotStreetFurniture() {
        #expect(GazetteerBuilder.osmKept(category: "amenity", subtype: "pub"))
        #expect(GazetteerBuilder.osmKept(category: "place", subtype: "neighbourhood"))
        #expect(!GazetteerBuilder.osmKept(category: "amenity", subtype: "taxi"))
        #expect(!GazetteerBuilder.osmKept(category: "public_transport", subtype: "platform"))
        #expect(!GazetteerBuilder.osmKept(category: "highway", subtype: "bus_stop"))
    }

    @Test func placesOfTheNewSourcesMergeWithTheSamePlaceNearby() throws {
        try writeSources()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(
            "transit-stops/bart_stops.txt",
            "stop_id,stop_name,stop_desc,stop_lat,stop_lon,zone_id,stop_url\nEMBR,Embarcadero,,37.792976,-122.396742,EMBR,x\n")
        try write(
            "transit-stops/muni_stops.txt",
            """
            stop_id,stop_code,stop_name,stop_desc,stop_lat,stop_lon,zone_id,stop_url
            6992,16992,Metro Embarcadero Station, ,37.792871,-122.396911, , 
            6993,16993,Metro Embarcadero Station/Outbound, ,37.792871,-122.396950, , 
            5284,15284,Lombard St & Pierce St  , ,37.799292,-122.439421, , 

            """)
        try write(
            "food-businesses/bus_ds100_2019.csv",
            """
            "business id column","name","address","city","state","postal_code","latitude","longitude","phone_number"
            "1","COIT TOWER CAFE - KIOSK","1 Telegraph Hill Blvd","San Francisco","CA","94133","37.8024","-122.4058","-9999"
            "2","NOWHERE","","San Francisco","CA","94133","-9999","-9999","-9999"

            """)
        try write(
            "bundled/osm-bars-2025/sf_osm_bars.csv",
            """
            osm_type,osm_id,name,lat,lon,osm_timestamp,amenity,addr_housenumber,addr_street,addr_postcode,alt_name,old_name,official_name,opening_hours,website,check_date,disused,lgbtq
            node,1,Coit Tower Cafe,37.80245,-122.40585,x,bar,,,,,Tower Bar,,,,,,

            """)
        var builder = GazetteerBuilder(sources: folder)
        builder.excluded = Self.notWritten.subtracting(["bart", "muni", "businesses"]).union(["osm-citywide", "osm-piers", "colleges"])
        builder.bundledFolder = folder + "/bundled"
        let places = try builder.build().filter { $0.kind == .place }
        #expect(places.map(\.name) == ["Coit Tower", "Embarcadero BART Station", "Embarcadero Station", "Coit Tower Cafe"])
        // Two Muni platforms are one station; the corner stop is no station.
        #expect(places[2].id == "muni:6992")
        // The bar of the same name 5 m from the café is the café, with its old name.
        #expect(places[3].category == "business" && places[3].aliases == ["Tower Bar"])
        #expect(builder.report.contains { $0.hasPrefix("osm-bars: 0 places and 1 names added to the same place") })
    }
}
