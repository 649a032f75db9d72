@testable import SluiceGeocode

/// A real slice of data/sf-gazetteer.csv around Mason & California (Nob Hill), shared by the
/// matching tests; `Tests/EndToEndTests/Cases/geocode/*/gazetteer.csv` holds the same rows.
enum TinyGazetteer {
    static let csv = """
        kind,id,name,aliases,category,number,street,cross_street,left_from,left_to,right_from,right_to,nodes,lat,lon,points
        place,landmarks:297,Fairmont San Francisco,Fairmont Hotel,hotel,,,,,,,,,37.792424,-122.410067,
        place,landmarks:298,Grace Cathedral,,church,,,,,,,,,37.791833,-122.413434,
        place,park:104,Collis P. Huntington Park,Huntington Park,park,,,,,,,,,37.792161,-122.412167,
        place,landmarks:104,Nob Hill,,neighborhood,,,,,,,,,37.793123,-122.413935,
        place,landmarks:230,Crissy Field Center,,museum,,,,,,,,,37.806006,-122.448993,
        segment,3540000,,,,,california st,,901,999,900,998,25002000|25073000,,,-122.40917 37.79204;-122.41082 37.79183
        segment,3541000,,,,,california st,,1001,1049,1000,1044,25073000|25082000,,,-122.41082 37.79183;-122.41171 37.79172
        segment,8809000,,,,,mason st,,731,799,730,798,25068000|25004000,,,-122.41052 37.79039;-122.41062 37.79088
        segment,8810000,,,,,mason st,,801,875,800,848,25004000|25070000,,,-122.41062 37.79088;-122.41076 37.79153
        segment,8811000,,,,,mason st,,877,899,850,898,25070000|25073000,,,-122.41076 37.79153;-122.41082 37.79183
        segment,10468000,,,,,pine st,,801,899,800,898,25003000|25004000,,,-122.40898 37.79109;-122.41062 37.79088
        segment,12530000,,,,,kearny st,,1,99,2,98,25500000|25501000,,,-122.40378 37.78868;-122.40406 37.78958
        intersection,,,,,,broadway,rowland st,,,,,,37.79812,-122.40468,
        address,,,,,850,mason st,,,,,,,37.79136,-122.41058,
        address,,,,,901,california st,,,,,,,37.79186,-122.40937,
        address,,,,,905,california st,,,,,,,37.79186,-122.40941,
        address,,,,,950,california st,,,,,,,37.79204,-122.41006,
        address,,,,,990,california st,,,,,,,37.79190,-122.41070,
        """

    static func load() throws -> Gazetteer {
        try Gazetteer.parse(Array(csv.utf8), source: "tiny.csv")
    }
}
