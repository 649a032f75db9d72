@testable import SluiceGeocode

/// Two towns sharing street names (Main St, Oak St, a City Hall), hand-written; the golden case
/// `Tests/EndToEndTests/Cases/geocode/0015-two-towns-and-coverage/gazetteer.csv` holds the same rows.
enum TwoTownGazetteer {
    static let csv = """
        # sluice-gazetteer 1.1
        kind,id,name,aliases,category,number,street,cross_street,left_from,left_to,right_from,right_to,nodes,lat,lon,points,city,state,zip
        segment,a1,,,,,main st,,100,198,101,199,a10|a11,,,-122.26000 37.77000;-122.25900 37.77100,Alameda,CA,94501
        segment,a2,,,,,oak st,,200,298,201,299,a20|a11,,,-122.26100 37.77150;-122.25900 37.77100,Alameda,CA,94501
        segment,a3,,,,,park st,,1400,1498,1401,1499,a30|a31,,,-122.24300 37.76500;-122.24200 37.76600,Alameda,CA,94501
        address,,,,,150,main st,,,,,,,37.770500,-122.259500,,Alameda,CA,94501
        place,a:1,City Hall,,government,,,,,,,,,37.765300,-122.242800,,Alameda,CA,94501
        segment,b1,,,,,main st,,100,198,101,199,b10|b11,,,-122.27000 37.87000;-122.26900 37.87100,Berkeley,CA,94704
        segment,b2,,,,,oak st,,200,298,201,299,b20|b11,,,-122.27100 37.87150;-122.26900 37.87100,Berkeley,CA,94704
        segment,b3,,,,,shattuck ave,,2000,2098,2001,2099,b30|b31,,,-122.26800 37.86900;-122.26800 37.87200,Berkeley,CA,94704
        address,,,,,150,main st,,,,,,,37.870500,-122.269500,,Berkeley,CA,94704
        place,b:1,City Hall,,government,,,,,,,,,37.869600,-122.271500,,Berkeley,CA,94704
        """

    static func load() throws -> Gazetteer {
        try Gazetteer.parse(Array(csv.utf8), source: "two-towns.csv")
    }
}
