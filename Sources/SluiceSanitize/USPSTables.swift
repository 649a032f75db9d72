import SluiceCore

/// Normalisation tables from USPS Publication 28 ("Postal Addressing Standards", 2015 revision
/// with later updates): Appendix C1 (street suffixes), section 233 (directionals), Appendix C2
/// (secondary unit designators) and Appendix B (state abbreviations), plus ordinal words.
///
/// Every table maps a lowercase spelling without periods to the USPS standard abbreviation in
/// title case, so lookups are one dictionary probe:
///
///     USPSTables.suffixes["avenue"]  // "Ave"
///     USPSTables.suffixes["av"]      // "Ave"
///     USPSTables.directionals["northwest"]  // "NW"
public enum USPSTables {
    /// Appendix C1: primary suffix name, standard abbreviation, then the common abbreviations
    /// and misspellings that USPS lists for it.
    static let suffixRows: [(String, String, [String])] = [
        ("alley", "Aly", ["allee", "ally", "aly"]), ("annex", "Anx", ["anex", "annx", "anx"]),
        ("arcade", "Arc", ["arc"]), ("avenue", "Ave", ["av", "ave", "aven", "avenu", "avn", "avnue"]),
        ("bayou", "Byu", ["bayoo", "byu"]), ("beach", "Bch", ["bch"]), ("bend", "Bnd", ["bnd"]),
        ("bluff", "Blf", ["blf", "bluf"]), ("bluffs", "Blfs", ["blfs"]), ("bottom", "Btm", ["bot", "btm", "bottm"]),
        ("boulevard", "Blvd", ["blvd", "boul", "boulv"]), ("branch", "Br", ["br", "brnch"]),
        ("bridge", "Brg", ["brdge", "brg"]), ("brook", "Brk", ["brk"]), ("brooks", "Brks", ["brks"]),
        ("burg", "Bg", ["bg"]), ("burgs", "Bgs", ["bgs"]), ("bypass", "Byp", ["byp", "bypa", "bypas", "byps"]),
        ("camp", "Cp", ["cp", "cmp"]), ("canyon", "Cyn", ["canyn", "cyn", "cnyn"]), ("cape", "Cpe", ["cpe"]),
        ("causeway", "Cswy", ["causwa", "cswy"]),
        ("center", "Ctr", ["cen", "cent", "centr", "centre", "cnter", "cntr", "ctr"]), ("centers", "Ctrs", ["ctrs"]),
        ("circle", "Cir", ["cir", "circ", "circl", "crcl", "crcle"]), ("circles", "Cirs", ["cirs"]),
        ("cliff", "Clf", ["clf"]), ("cliffs", "Clfs", ["clfs"]), ("club", "Clb", ["clb"]),
        ("common", "Cmn", ["cmn"]), ("commons", "Cmns", ["cmns"]), ("corner", "Cor", ["cor"]),
        ("corners", "Cors", ["cors"]), ("course", "Crse", ["crse"]), ("court", "Ct", ["ct"]),
        ("courts", "Cts", ["cts"]), ("cove", "Cv", ["cv"]), ("coves", "Cvs", ["cvs"]), ("creek", "Crk", ["crk"]),
        ("crescent", "Cres", ["cres", "crsent", "crsnt"]), ("crest", "Crst", ["crst"]),
        ("crossing", "Xing", ["crssng", "xing"]), ("crossroad", "Xrd", ["xrd"]), ("crossroads", "Xrds", ["xrds"]),
        ("curve", "Curv", ["curv"]), ("dale", "Dl", ["dl"]), ("dam", "Dm", ["dm"]),
        ("divide", "Dv", ["div", "dv", "dvd"]), ("drive", "Dr", ["dr", "driv", "drv"]), ("drives", "Drs", ["drs"]),
        ("estate", "Est", ["est"]), ("estates", "Ests", ["ests"]),
        ("expressway", "Expy", ["exp", "expr", "express", "expw", "expy"]),
        ("extension", "Ext", ["ext", "extn", "extnsn"]), ("extensions", "Exts", ["exts"]),
        ("fall", "Fall", []), ("falls", "Fls", ["fls"]), ("ferry", "Fry", ["frry", "fry"]),
        ("field", "Fld", ["fld"]), ("fields", "Flds", ["flds"]), ("flat", "Flt", ["flt"]), ("flats", "Flts", ["flts"]),
        ("ford", "Frd", ["frd"]), ("fords", "Frds", ["frds"]), ("forest", "Frst", ["forests", "frst"]),
        ("forge", "Frg", ["forg", "frg"]), ("forges", "Frgs", ["frgs"]), ("fork", "Frk", ["frk"]),
        ("forks", "Frks", ["frks"]), ("fort", "Ft", ["frt", "ft"]),
        ("freeway", "Fwy", ["freewy", "frway", "frwy", "fwy"]),
        ("garden", "Gdn", ["gardn", "grden", "grdn", "gdn"]), ("gardens", "Gdns", ["gdns", "grdns"]),
        ("gateway", "Gtwy", ["gatewy", "gatway", "gtway", "gtwy"]), ("glen", "Gln", ["gln"]),
        ("glens", "Glns", ["glns"]), ("green", "Grn", ["grn"]), ("greens", "Grns", ["grns"]),
        ("grove", "Grv", ["grov", "grv"]), ("groves", "Grvs", ["grvs"]),
        ("harbor", "Hbr", ["harb", "harbr", "hbr", "hrbor"]), ("harbors", "Hbrs", ["hbrs"]), ("haven", "Hvn", ["hvn"]),
        ("heights", "Hts", ["ht", "hts"]), ("highway", "Hwy", ["highwy", "hiway", "hiwy", "hway", "hwy"]),
        ("hill", "Hl", ["hl"]), ("hills", "Hls", ["hls"]), ("hollow", "Holw", ["hllw", "hollows", "holw", "holws"]),
        ("inlet", "Inlt", ["inlt"]), ("island", "Is", ["is", "islnd"]), ("islands", "Iss", ["iss", "islnds"]),
        ("isle", "Isle", ["isles"]), ("junction", "Jct", ["jct", "jction", "jctn", "junctn", "juncton"]),
        ("junctions", "Jcts", ["jcts"]), ("key", "Ky", ["ky"]), ("keys", "Kys", ["kys"]), ("knoll", "Knl", ["knl", "knol"]),
        ("knolls", "Knls", ["knls"]), ("lake", "Lk", ["lk"]), ("lakes", "Lks", ["lks"]), ("land", "Land", []),
        ("landing", "Lndg", ["lndg", "lndng"]), ("lane", "Ln", ["ln"]), ("light", "Lgt", ["lgt"]),
        ("lights", "Lgts", ["lgts"]), ("loaf", "Lf", ["lf"]), ("lock", "Lck", ["lck"]), ("locks", "Lcks", ["lcks"]),
        ("lodge", "Ldg", ["ldg", "ldge", "lodg"]), ("loop", "Loop", ["loops"]), ("mall", "Mall", []),
        ("manor", "Mnr", ["mnr"]), ("manors", "Mnrs", ["mnrs"]), ("meadow", "Mdw", []),
        ("meadows", "Mdws", ["mdw", "mdws", "medows"]), ("mews", "Mews", []), ("mill", "Ml", ["ml"]),
        ("mills", "Mls", ["mls"]), ("mission", "Msn", ["missn", "msn", "mssn"]), ("motorway", "Mtwy", ["mtwy"]),
        ("mount", "Mt", ["mnt", "mt"]), ("mountain", "Mtn", ["mntain", "mntn", "mountin", "mtin", "mtn"]),
        ("mountains", "Mtns", ["mntns", "mtns"]), ("neck", "Nck", ["nck"]), ("orchard", "Orch", ["orch", "orchrd"]),
        ("oval", "Oval", ["ovl"]), ("overpass", "Opas", ["opas"]), ("park", "Park", ["prk", "parks"]),
        ("parkway", "Pkwy", ["parkwy", "pkway", "pkwy", "pky", "parkways", "pkwys"]), ("pass", "Pass", []),
        ("passage", "Psge", ["psge"]), ("path", "Path", ["paths"]), ("pike", "Pike", ["pikes"]),
        ("pine", "Pne", ["pne"]), ("pines", "Pnes", ["pnes"]), ("place", "Pl", ["pl"]), ("plain", "Pln", ["pln"]),
        ("plains", "Plns", ["plns"]), ("plaza", "Plz", ["plz", "plza"]), ("point", "Pt", ["pt"]),
        ("points", "Pts", ["pts"]), ("port", "Prt", ["prt"]), ("ports", "Prts", ["prts"]),
        ("prairie", "Pr", ["pr", "prr"]), ("radial", "Radl", ["rad", "radiel", "radl"]), ("ramp", "Ramp", []),
        ("ranch", "Rnch", ["ranches", "rnch", "rnchs"]), ("rapid", "Rpd", ["rpd"]), ("rapids", "Rpds", ["rpds"]),
        ("rest", "Rst", ["rst"]), ("ridge", "Rdg", ["rdg", "rdge"]), ("ridges", "Rdgs", ["rdgs"]),
        ("river", "Riv", ["riv", "rvr", "rivr"]), ("road", "Rd", ["rd"]), ("roads", "Rds", ["rds"]),
        ("route", "Rte", ["rte"]), ("row", "Row", []), ("rue", "Rue", []), ("run", "Run", []),
        ("shoal", "Shl", ["shl"]), ("shoals", "Shls", ["shls"]), ("shore", "Shr", ["shoar", "shr"]),
        ("shores", "Shrs", ["shoars", "shrs"]), ("skyway", "Skwy", ["skwy"]), ("spring", "Spg", ["spg", "spng", "sprng"]),
        ("springs", "Spgs", ["spgs", "spngs", "sprngs"]), ("spur", "Spur", ["spurs"]),
        ("square", "Sq", ["sq", "sqr", "sqre", "squ"]), ("squares", "Sqs", ["sqrs", "sqs"]),
        ("station", "Sta", ["sta", "statn", "stn"]), ("stravenue", "Stra", ["stra", "strav", "straven", "stravn", "strvn", "strvnue"]),
        ("stream", "Strm", ["streme", "strm"]), ("street", "St", ["st", "strt", "str"]), ("streets", "Sts", ["sts"]),
        ("summit", "Smt", ["smt", "sumit", "sumitt"]), ("terrace", "Ter", ["ter", "terr"]),
        ("throughway", "Trwy", ["trwy"]), ("trace", "Trce", ["traces", "trce"]), ("track", "Trak", ["tracks", "trak", "trk", "trks"]),
        ("trafficway", "Trfy", ["trfy"]), ("trail", "Trl", ["trails", "trl", "trls"]), ("trailer", "Trlr", ["trlr", "trlrs"]),
        ("tunnel", "Tunl", ["tunel", "tunl", "tunls", "tunnels", "tunnl"]), ("turnpike", "Tpke", ["trnpk", "tpke", "turnpk"]),
        ("underpass", "Upas", ["upas"]), ("union", "Un", ["un"]), ("unions", "Uns", ["uns"]),
        ("valley", "Vly", ["vally", "vlly", "vly"]), ("valleys", "Vlys", ["vlys"]),
        ("viaduct", "Via", ["vdct", "via", "viadct"]), ("view", "Vw", ["vw"]), ("views", "Vws", ["vws"]),
        ("village", "Vlg", ["vill", "villag", "villg", "villiage", "vlg"]), ("villages", "Vlgs", ["vlgs"]),
        ("ville", "Vl", ["vl"]), ("vista", "Vis", ["vis", "vist", "vst", "vsta"]), ("walk", "Walk", ["walks"]),
        ("wall", "Wall", []), ("way", "Way", ["wy"]), ("ways", "Ways", []), ("well", "Wl", ["wl"]), ("wells", "Wls", ["wls"]),
        // Not in Publication 28, but San Francisco's street list uses it for its stairways.
        ("stairway", "Stwy", ["stwy"]),
    ]

    /// Every suffix spelling (lowercase, no period) → standard abbreviation: `"avenue"` → `"Ave"`.
    public static let suffixes: [String: String] = {
        var table: [String: String] = [:]
        for (name, abbreviation, variants) in suffixRows {
            table[name] = abbreviation
            table[abbreviation.lowercased()] = abbreviation
            for variant in variants { table[variant] = abbreviation }
        }
        return table
    }()

    /// Each standard abbreviation (lowercase) → the suffix it stands for: `"plz"` → `"plaza"`,
    /// so `Ferry Plz` and `Ferry Plaza` read the same as names.
    public static let suffixNames: [String: String] = {
        var table: [String: String] = [:]
        for (name, abbreviation, _) in suffixRows where abbreviation.lowercased() != name { table[abbreviation.lowercased()] = name }
        return table
    }()

    /// Suffixes that, after a name, mark the words as a street in free text. The rest of C1
    /// (Park, Mission, Union, Green, Bridge, Center, Hill …) name places or are street names
    /// themselves in San Francisco (`Mission`, `Union`, `Green`), so they only count as a suffix
    /// when a house number or an intersection says the words are a street.
    public static let streetSuffixes: Set<String> = [
        "St", "Sts", "Ave", "Blvd", "Dr", "Rd", "Ln", "Pl", "Ct", "Ter", "Way", "Aly", "Hwy", "Fwy",
        "Expy", "Pkwy", "Cir", "Plz", "Row", "Cres", "Xing", "Trl", "Loop", "Stwy", "Walk", "Path", "Ramp", "Tunl", "Tpke",
    ]

    /// Section 233: directionals, spelled out or abbreviated, → the one- or two-letter form.
    public static let directionals: [String: String] = [
        "n": "N", "north": "N", "s": "S", "south": "S", "e": "E", "east": "E", "w": "W", "west": "W",
        "ne": "NE", "northeast": "NE", "nw": "NW", "northwest": "NW",
        "se": "SE", "southeast": "SE", "sw": "SW", "southwest": "SW",
    ]

    /// `suffixes` and `directionals` probed by bytes (`WordTable`), for the normalizer, which
    /// looks up a word of nearly every street; a word's traits say first whether it is listed.
    static let suffixTable = WordTable(suffixes)
    static let directionalTable = WordTable(directionals)

    /// Appendix C2: secondary unit designators → standard abbreviation (and `flr`, the spelling
    /// of Floor most data use that C2 does not list). `requiresNumber` holds the
    /// ones that take a range after them (`Apt 4`); the others stand alone (`Penthouse`, `Rear`).
    public static let unitDesignators: [String: String] = [
        "apartment": "Apt", "apt": "Apt", "basement": "Bsmt", "bsmt": "Bsmt", "building": "Bldg", "bldg": "Bldg",
        "department": "Dept", "dept": "Dept", "floor": "Fl", "fl": "Fl", "flr": "Fl", "front": "Frnt", "frnt": "Frnt",
        "hangar": "Hngr", "hngr": "Hngr", "key": "Key", "lobby": "Lbby", "lbby": "Lbby", "lot": "Lot",
        "lower": "Lowr", "lowr": "Lowr", "office": "Ofc", "ofc": "Ofc", "penthouse": "Ph", "ph": "Ph",
        "pier": "Pier", "rear": "Rear", "room": "Rm", "rm": "Rm", "side": "Side", "slip": "Slip",
        "space": "Spc", "spc": "Spc", "stop": "Stop", "suite": "Ste", "ste": "Ste", "trailer": "Trlr",
        "trlr": "Trlr", "unit": "Unit", "upper": "Uppr", "uppr": "Uppr", "#": "#",
    ]

    /// The designators Publication 28 (C2) lists as needing no number after them: `Rear`, `Bsmt`.
    public static let unitsWithoutNumber: Set<String> = ["Bsmt", "Frnt", "Lbby", "Lowr", "Ofc", "Ph", "Rear", "Side", "Uppr"]

    /// A state's two-letter code from its code or name in any case, periods and spaces around
    /// ignored (`ca`, `California`, `N.Y.`), else the text upper-cased: the one reading of a
    /// state for the gazetteer builder's rows and the geocoder's coverage.
    ///
    ///     USPSTables.stateCode(" n.y. ")   // "NY"
    public static func stateCode(_ text: String) -> String {
        knownStateCode(text) ?? String(text.uppercased().filter { $0 != "." }).trimmingSpaces()
    }

    /// A state field's two-letter code, as `stateCode` reads it, or nil for a text naming no state.
    ///
    ///     USPSTables.knownStateCode("Calif.")   // "CA"
    ///     USPSTables.knownStateCode("Ontario")  // nil
    public static func knownStateCode(_ text: String) -> String? {
        // Two ASCII letters first (`CA`, `ca`): geocode asks this of nearly every record, and
        // the folding below is Unicode case mapping on a copy.
        let utf8 = text.utf8
        if utf8.count == 2, let first = utf8.first, let last = utf8.last, isASCIILetter(first), isASCIILetter(last) {
            return twoLetterCodes[UInt16(first | 0x20) << 8 | UInt16(last | 0x20)]
        }
        let folded = String(text.lowercased().filter { $0 != "." }).trimmingSpaces()
        return states[folded] ?? stateAbbreviations[folded]
    }

    /// `states`' two-letter keys (codes such as `ca`; no abbreviation is two letters), by their
    /// two lowercase bytes.
    private static let twoLetterCodes: [UInt16: String] = Dictionary(
        uniqueKeysWithValues: states.filter { $0.key.utf8.count == 2 }.map { key, code in
            (key.utf8.reduce(UInt16(0)) { $0 << 8 | UInt16($1) }, code)
        })

    private static func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }

    /// The states' older abbreviations (the GPO style manual's, which newspapers still write:
    /// `Calif.`, `Mass.`, `W. Va.`), periods left out. In a state field; at the end of free text
    /// only before a ZIP or after a town of that state and a comma (`…, Seattle, Wash.`): elsewhere
    /// `Mass`, `Wash`, `Miss` are likelier words than states.
    static let stateAbbreviations: [String: String] = [
        "ala": "AL", "ariz": "AZ", "ark": "AR", "calif": "CA", "colo": "CO", "conn": "CT", "del": "DE", "fla": "FL",
        "ill": "IL", "ind": "IN", "kan": "KS", "kans": "KS", "mass": "MA", "mich": "MI", "minn": "MN", "miss": "MS",
        "mont": "MT", "neb": "NE", "nebr": "NE", "nev": "NV", "n mex": "NM", "n dak": "ND", "okla": "OK", "ore": "OR",
        "oreg": "OR", "penn": "PA", "penna": "PA", "s dak": "SD", "tenn": "TN", "tex": "TX", "wash": "WA", "w va": "WV",
        "wis": "WI", "wisc": "WI", "wyo": "WY",
    ]

    /// A ZIP field's five digits: `zipCode`'s, and what a spreadsheet made of a ZIP read back:
    /// leading zeros dropped (`2139` for 02139, `501` for 00501) or a decimal point added
    /// (`94103.0`, written by tools that hold a column with gaps as floating point).
    ///
    ///     USPSTables.zipCode(field: "2139.0")  // "02139"
    public static func zipCode(field text: String) -> String? {
        var digits = Substring(text)
        if let point = digits.firstIndex(of: "."), digits[digits.index(after: point)...].allSatisfy({ $0 == "0" }) {
            digits = digits[..<point]
        }
        if (3...4).contains(digits.utf8.count), digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            return String(repeating: "0", count: 5 - digits.utf8.count) + digits
        }
        return zipCode(String(digits))
    }

    /// The five digits of a ZIP code, `94103`, `94103-1234` or `941031234`, else nil: the one
    /// reading of a ZIP for records' ZIP fields and the gazetteer builder's rows.
    public static func zipCode(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        guard
            bytes.count == 5 || (bytes.count == 10 && bytes[5] == UInt8(ascii: "-"))
                || (bytes.count == 9 && bytes.allSatisfy(isDigit))
        else { return nil }
        let five = bytes.prefix(5)
        guard five.allSatisfy(isDigit) else { return nil }
        if bytes.count == 10, !bytes[6...].allSatisfy(isDigit) { return nil }
        return String(decoding: five, as: UTF8.self)
    }

    /// What a whole text names when it is nothing but a US state's name or the country's.
    public enum Region: Equatable, Sendable {
        case country
        case state(code: String)
    }

    /// The region a whole text is the name of (`Texas`, `New York`, `U.S.A.`, `United States`),
    /// read with case and punctuation ignored; nil for any other text, and for a state's code
    /// alone (`OR`, `IN` and `ME` are words as well).
    ///
    ///     USPSTables.region(named: "New York")   // .state(code: "NY")
    ///     USPSTables.region(named: "U.S.A.")     // .country
    public static func region(named text: String) -> Region? {
        let phrase = text.lowercased().split { !$0.isLetter }.joined(separator: " ")
        if AddressParser.countryNames.contains(phrase) { return .country }
        guard phrase.utf8.count > 2, let code = states[phrase] else { return nil }
        return .state(code: code)
    }

    /// Appendix B: state and territory names → two-letter codes (the codes map to themselves).
    public static let states: [String: String] = {
        let rows: [(String, String)] = [
            ("alabama", "AL"), ("alaska", "AK"), ("arizona", "AZ"), ("arkansas", "AR"), ("california", "CA"),
            ("colorado", "CO"), ("connecticut", "CT"), ("delaware", "DE"), ("district of columbia", "DC"),
            ("florida", "FL"), ("georgia", "GA"), ("hawaii", "HI"), ("idaho", "ID"), ("illinois", "IL"),
            ("indiana", "IN"), ("iowa", "IA"), ("kansas", "KS"), ("kentucky", "KY"), ("louisiana", "LA"),
            ("maine", "ME"), ("maryland", "MD"), ("massachusetts", "MA"), ("michigan", "MI"), ("minnesota", "MN"),
            ("mississippi", "MS"), ("missouri", "MO"), ("montana", "MT"), ("nebraska", "NE"), ("nevada", "NV"),
            ("new hampshire", "NH"), ("new jersey", "NJ"), ("new mexico", "NM"), ("new york", "NY"),
            ("north carolina", "NC"), ("north dakota", "ND"), ("ohio", "OH"), ("oklahoma", "OK"), ("oregon", "OR"),
            ("pennsylvania", "PA"), ("rhode island", "RI"), ("south carolina", "SC"), ("south dakota", "SD"),
            ("tennessee", "TN"), ("texas", "TX"), ("utah", "UT"), ("vermont", "VT"), ("virginia", "VA"),
            ("washington", "WA"), ("west virginia", "WV"), ("wisconsin", "WI"), ("wyoming", "WY"),
            ("american samoa", "AS"), ("guam", "GU"), ("northern mariana islands", "MP"), ("puerto rico", "PR"),
            ("virgin islands", "VI"),
        ]
        var table: [String: String] = [:]
        for (name, code) in rows {
            table[name] = code
            table[code.lowercased()] = code
        }
        return table
    }()

    /// Ordinal words → their number: `"third"` → 3, `"twentieth"` → 20. Compounds such as
    /// `Twenty-Fourth` are read by `Ordinals.value(of:)` from a tens word and one of these.
    static let ordinalWords: [String: Int] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
        "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
        "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
        "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50,
    ]

    /// Tens words that start a compound ordinal (`twenty` in `Twenty-Fourth`).
    static let tensWords: [String: Int] = ["twenty": 20, "thirty": 30, "forty": 40, "fifty": 50]
}
