/// The `City, ST 12345` that ends US addresses (rare in the SF data, which is all one city,
/// but the whole of usaddress's test data): found from the end, before the chunks are read.
extension AddressParser {
    struct Region {
        var city: String?
        var state: String?
        var zip: String?
        /// Where the address proper ends in the tokens.
        var end: Int
        /// Four digits after the state that are no ZIP of it (`Marion, IA 5230`): left out, noted.
        var zipUnreadable = false
        /// The text ended in another country's name (`…, London, UK`), left out, noted.
        var otherCountry = false
    }

    /// Finds `[City[,]] ST [12345[-6789]]` at the end of `tokens`.
    ///
    ///     "12145 NW Grand Ave El Mirage, AZ 85335"  → city El Mirage, state AZ, zip 85335
    ///     "7810 JORDAN RD GLOUCESTER PT VA 23062-2222" → city GLOUCESTER PT, state VA, zip 23062-2222
    ///     "188 n main st, branford, ct"             → city branford, state CT
    ///     "80 Elm St, Boston, MA 2108"              → city Boston, state MA, zip 02108
    ///
    /// A two-letter state code (or its dotted `N.Y.`) counts only before a ZIP, upper-case after a
    /// comma (`Tiburon, CA`), or in any case as a comma part of its own after a town of that state,
    /// so `Mason Ct` is not Connecticut; a state's name that is also the parser's city (`New
    /// York`, `Washington`) counts only before a ZIP. A ZIP is five digits, ZIP+4 with or without
    /// its hyphen, or four after a state with ZIPs of that prefix once a 0 is put back.
    func region(in tokens: [Token]) -> Region? {
        // `…, Seattle, WA 98101, USA`: the country map services write after an address; the region
        // is read before it (taken for the address's last words, the town was lost and the
        // address placed in the gazetteer's own town at 0.94).
        if let country = endingCountry(in: tokens) {
            let before = region(in: Array(tokens[..<country.start]))
            if !country.isUS {
                // `…, London, UK`: the town before it, if one is read; no US state or ZIP.
                return Region(city: before?.city, state: nil, zip: nil, end: before?.end ?? country.start, otherCountry: true)
            }
            if let before { return before }
        }
        if let canadian = canadianRegion(in: tokens) { return canadian }
        var end = tokens.count
        while end > 0, !tokens[end - 1].isWord { end -= 1 }
        guard end > 0 else { return nil }
        var zip: String?
        if tokens[end - 1].isNumber, tokens[end - 1].lower.utf8.count == 4, end >= 3, tokens[end - 2].isPunct("-"),
            tokens[end - 3].isNumber, tokens[end - 3].lower.utf8.count == 5
        {
            zip = tokens[end - 3].lower + "-" + tokens[end - 1].lower
            end -= 3
        } else if tokens[end - 1].isNumber, tokens[end - 1].lower.utf8.count == 5 {
            zip = tokens[end - 1].lower
            end -= 1
        } else if tokens[end - 1].isNumber, tokens[end - 1].lower.utf8.count == 9,
            USTowns.town(zip: String(tokens[end - 1].lower.prefix(5))) != nil
        {
            // `FL 337123824`: a known ZIP and its four, the hyphen left out.
            zip = tokens[end - 1].lower.prefix(5) + "-" + tokens[end - 1].lower.suffix(4)
            end -= 1
        } else if tokens[end - 1].isNumber, tokens[end - 1].lower.utf8.count == 4, end >= 2, tokens[end - 2].isNumber,
            tokens[end - 2].lower.utf8.count == 5, USTowns.town(zip: tokens[end - 2].lower) != nil
        {
            // `Oregon, 97212 4321`: a known ZIP and its four, a space for the hyphen.
            zip = tokens[end - 2].lower + "-" + tokens[end - 1].lower
            end -= 2
        }
        // `Cambridge, MA 2139`: four digits after a state are a ZIP whose leading zero a
        // spreadsheet dropped when that state's ZIPs begin so (`USTowns`), else no ZIP at all.
        var fourDigits: String?
        if zip == nil, end >= 2, tokens[end - 1].isNumber, tokens[end - 1].lower.utf8.count == 4, tokens[end - 2].isWord {
            fourDigits = tokens[end - 1].lower
            end -= 1
        }
        var stateEnd = end
        while stateEnd > 0, tokens[stateEnd - 1].isPunct(",") { stateEnd -= 1 }
        var state: String?
        var stateStart = stateEnd
        // Most strings end in no state's last word: skip building the phrases for them.
        let mayEndState = stateEnd >= 2 && tokens[stateEnd - 1].traits.contains(.endsStateName)
        // `N.Y.`: a code written as two letters with a period after each (read as two words).
        let isDotted =
            stateEnd >= 3 && !tokens[stateEnd - 1].spaceBefore
            && tokens[(stateEnd - 2)..<stateEnd].allSatisfy { $0.isWord && $0.lower.utf8.count == 1 }
        for length in [3, 2, 1] where (mayEndState || (isDotted && length == 2)) && stateEnd - length >= 1 {
            let words = tokens[(stateEnd - length)..<stateEnd]
            guard words.allSatisfy(\.isWord) else { continue }
            let dotted = isDotted && length == 2
            let phrase = words.map(\.lower).joined(separator: dotted ? "" : " ")
            // An older abbreviation (`Wash.`, `Calif.`) only before a ZIP or after a town of that
            // state and a comma: elsewhere `Mass`, `Wash`, `Miss` are likelier words.
            let older = USPSTables.states[phrase] == nil
            guard let code = USPSTables.states[phrase] ?? USPSTables.stateAbbreviations[phrase] else { continue }
            let afterComma = tokens[stateEnd - length - 1].isPunct(",")
            let isCode = (length == 1 || dotted) && phrase.utf8.count == 2
            // `1585 Broadway, New York` with `--city "New York"`: the city, left to the chunks.
            if zip == nil, fourDigits == nil, !isCode, !names.isSanFrancisco, names.city(named: words.map(\.lower)) != nil { break }
            let upper = words.allSatisfy { $0.text.utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A } }
            // `MA 2139` is `MA 02139`; `IA 5230` is no ZIP (Iowa's begin with 5), but still ends a state.
            let beforeZip = zip != nil || fourDigits.map { USTowns.hasZIPs(ofState: code, startingWith: "0" + $0.prefix(2)) } == true
            // `1120 SW 5th Ave, Portland OR`: a code after a town of that state (`USTowns`).
            let afterTown = { upper && !dotted && self.townStart(in: tokens, end: stateEnd - 1, state: code) != nil }
            // `…, branford, ct`, `…, New York, N.Y`: in any case as a comma part of its own after a
            // town of that state; a lowercase `or`, `me`, `in` anywhere else is a word.
            let afterCommaTown = { afterComma && self.townStart(in: tokens, end: stateEnd - length - 1, state: code) != nil }
            // `…, Somerville Massachusetts`: a state's name right after a town of that state, as its code is.
            let afterNamedTown = { self.townStart(in: tokens, end: stateEnd - length, state: code) != nil }
            // `1234 5th Ave NE 98105`: a street's directional before another state's ZIP, not Nebraska.
            // `1421 Kenilworth Avenue, NE` (Washington's quadrant after a comma, as Maryland's MBE
            // directory writes it): the street's too, with no ZIP, unless the record is of that state.
            let streetsDirectional =
                isCode && length == 1 && stateEnd - length >= 2 && isDirectional(words[words.startIndex])
                && (tokens[stateEnd - length - 1].isStreetSuffix
                    && zip.flatMap { USTowns.town(zip: String($0.prefix(5))) }.map { $0.state != code } == true
                    || (zip == nil && fourDigits == nil && afterComma && stateEnd - length >= 3 && tokens[stateEnd - length - 2].isStreetSuffix
                        && (recordTown.state ?? state).map { USPSTables.stateCode($0) != code } ?? true))
            // `…, st james, wa 4011`: a code in any case as a comma part of its own with four digits
            // after it, a postcode, unless the code is also a word (`…, in 2019`).
            let beforePostcode = afterComma && fourDigits != nil && !Highways.codesReadOtherwise.contains(phrase)
            let isState =
                !streetsDirectional
                && (older
                    ? (beforeZip || afterCommaTown())
                    : isCode
                        ? (beforeZip || (afterComma && upper) || beforePostcode || afterTown() || afterCommaTown())
                        : (beforeZip || afterComma || afterNamedTown()))
            if isState {
                state = code
                stateStart = stateEnd - length
                if beforeZip, let digits = fourDigits { zip = "0" + digits }
                break
            }
        }
        // Four digits after no state are the address's own (`Pier 1234`): left as they were.
        if fourDigits != nil, state == nil { return nil }
        // A ZIP alone after a comma, after its own town (`Seattle 98101`), or after a street's
        // suffix (and its directional) or a unit when it is one (`100 Main St 94105`, `… Ave NW
        // 20500`, `… Apt 5 94105`; it was read into the street's name or the unit), of the
        // record's state (`readsAsZIPAfterStreet`).
        let afterAddress =
            end >= 3
            && (tokens[end - 1].isStreetSuffix || tokens[end - 2].traits.contains(.inlineUnit)
                || (isDirectional(tokens[end - 1]) && tokens[end - 2].isStreetSuffix))
        guard
            state != nil || (zip != nil && end < tokens.count && end > 0 && tokens[end - 1].isPunct(","))
                || zip.flatMap({ USTowns.town(zip: $0) }).map({ townStart(in: tokens, end: end, state: $0.state) != nil }) == true
                || (afterAddress && zip.map(readsAsZIPAfterStreet) == true)
        else {
            // A ZIP+4 with its hyphen after any other words (`… unit 17771 ca long beach
            // 90807-9191`): no house or unit is numbered so. The ZIP alone is read, the words before
            // it left to the chunks (it was part of the unit, and the address Market St in San
            // Francisco).
            if let zip, zip.utf8.count == 10 { return Region(city: nil, state: nil, zip: zip, end: end) }
            return nil
        }
        // The city: words back to a comma, or back to the street's suffix when there is none.
        var cityEnd = stateStart
        while cityEnd > 0, tokens[cityEnd - 1].isPunct(",") { cityEnd -= 1 }
        // Whether the word before `start` may be a town's, as far as the words before it tell.
        func townWordBefore(_ start: Int) -> Bool {
            guard start > 0 else { return false }
            let token = tokens[start - 1]
            return token.isWord && !token.isNumber && !token.traits.contains(.inlineUnit) && !token.isStreetSuffix
                // `16th St NW Washington DC`: the street's quadrant, not the town's.
                && (start < 2 || !isQuadrant(token) || !tokens[start - 2].isStreetSuffix)
                // `Apt 3B Springfield`, `Apt B Springfield`: the unit's number; no town's name has a digit.
                && (start < 2 || !tokens[start - 2].traits.contains(.inlineUnit))
                // `300 S 200 W SLC UT`: the grid street's direction, not the town's.
                && (start < 2 || !isDirectional(token) || !tokens[start - 2].isNumber)
                && !token.lower.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 })
        }
        var cityStart = cityEnd
        while cityEnd - cityStart < 3, townWordBefore(cityStart) { cityStart -= 1 }
        // Nothing before the words said where a town begins: they reach the text's start, or
        // stopped at three words only.
        let unbounded = cityStart == 0 || townWordBefore(cityStart)
        // `St. Paul, MN`: a longer town of the state, after a comma or a street's suffix, wins.
        if let start = townStart(in: tokens, end: cityEnd, state: state), start < cityStart { cityStart = start }
        // `1 Broadway Cambridge MA 02142`: a street with no suffix left its words before the town;
        // the longest run of the last words that is a town of the state is the town, when all of
        // them are none (it was the town `Broadway Cambridge`, refused by Cambridge's gazetteer).
        if let state, cityEnd - cityStart > 1, cityStart > 0, !tokens[cityStart - 1].isPunct(","),
            !namesTown(tokens[cityStart..<cityEnd], of: state),
            let start = ((cityStart + 1)..<cityEnd).first(where: { namesTown(tokens[$0..<cityEnd], of: state) })
        {
            cityStart = start
        }
        // `…, City of Ann Arbor, MI`: the town is Ann Arbor, and its government's title no part of the address.
        var addressEnd = cityStart
        if cityStart < cityEnd, USTowns.titleLength(tokens[cityStart..<cityEnd].map(\.lower)) == 2 {
            cityStart += 2
        } else if cityStart >= 2, cityStart < cityEnd, USTowns.titleLength(tokens[(cityStart - 2)..<cityEnd].map(\.lower)) == 2 {
            addressEnd = cityStart - 2
        } else if cityStart >= 1, cityStart < cityEnd, USTowns.titleLength(tokens[(cityStart - 1)..<cityEnd].map(\.lower)) == 2 {
            (addressEnd, cityStart) = (cityStart - 1, cityStart + 1)
        }
        // The text's first comma part, with no number in it: a town of the state when the whole
        // part names one (`St. Paul, MN`: not `Paul` after the suffix `St`; `City of Ann Arbor,
        // MI`). Else, `unbounded`, the words are a place in the state (`Coit Tower, CA`, `Bank of
        // America, California`: they were the city `Coit Tower`, and no place); after a street's
        // suffix or a unit, the town (`Main St Springfield, IL`).
        if cityStart < cityEnd, tokens[..<cityEnd].allSatisfy({ $0.isWord && !$0.isNumber }),
            names.city(named: tokens[cityStart..<cityEnd].map(\.lower)) == nil
        {
            let title = USTowns.titleLength(tokens[..<cityEnd].map(\.lower))
            if namesTown(tokens[title..<cityEnd], of: state) {
                (cityStart, addressEnd) = (title, 0)
            } else if unbounded {
                (cityStart, addressEnd) = (cityEnd, cityEnd)
            }
        }
        // A city needs an address before it, or a comma after it.
        let hasComma = cityEnd < stateStart
        var city: String?
        if cityStart < cityEnd, addressEnd > 0 || hasComma, addressEnd == 0 || !tokens[addressEnd - 1].isPunct("#") {
            // `--city Portland` is written so however the text has it (`PORTLAND, OR`).
            let named = names.isSanFrancisco ? nil : names.city(named: tokens[cityStart..<cityEnd].filter(\.isWord).map(\.lower))
            city = named ?? AddressTokenizer.text(tokens[cityStart..<cityEnd])
        } else {
            addressEnd = cityEnd
        }
        return Region(city: city, state: state, zip: zip, end: addressEnd, zipUnreadable: fourDigits != nil && zip == nil)
    }

    /// The country whose name ends `tokens`, where its name starts, and whether it is the United
    /// States (`USA`, `U.S.A.`, `US`, `United States of America`, after a comma or a word) or
    /// another (`UK`, `France`, after a comma); nil when they end in none, or in a US state's
    /// name (`…, New Mexico`). Canada is read with its provinces (`canadianRegion`).
    func endingCountry(in tokens: [Token]) -> (start: Int, isUS: Bool)? {
        var end = tokens.count
        while end > 0, !tokens[end - 1].isWord { end -= 1 }
        guard end > 1, tokens[end - 1].traits.contains(.endsCountryOrProvince) else { return nil }
        var start = end
        var other: Int?
        while start > 1, end - start < 4, tokens[start - 1].isWord {
            start -= 1
            let phrase = tokens[start..<end].map(\.lower).joined(separator: " ")
            if Self.countryNames.contains(phrase) { return (start, true) }
            if USPSTables.states[phrase] != nil { return nil }
            // The longest name (`Northern Ireland`, not `Ireland`).
            if Self.otherCountries.contains(phrase), tokens[start - 1].isPunct(",") { other = start }
        }
        return other.map { ($0, false) }
    }

    static let countryNames: Set<String> = ["usa", "us", "u s a", "u s", "united states", "united states of america"]

    /// Countries written at the end of addresses in US data, by name and common code (Canada's
    /// are read with its provinces; Georgia and Jersey are US names first).
    static let otherCountries: Set<String> = [
        "uk", "u k", "united kingdom", "great britain", "england", "scotland", "wales", "northern ireland", "ireland", "mexico",
        "france", "germany", "deutschland", "spain", "italy", "portugal", "netherlands", "belgium", "switzerland", "austria",
        "sweden", "norway", "denmark", "finland", "poland", "australia", "new zealand", "japan", "china", "india", "brazil",
        "argentina", "chile", "colombia", "peru", "israel", "singapore", "hong kong", "philippines", "south korea", "korea",
    ]

    /// `…, Toronto, ON M5H 2N2`, `…, Vancouver, BC, Canada`: a Canadian province (its code, after
    /// a comma or before a postal code or `Canada`; or its name) ends the address, and is its
    /// `state`: no US gazetteer covers it, so the address is refused rather than placed on a
    /// street of the same name (`100 King St W, Toronto, ON` on San Francisco's King St at 0.9),
    /// while a gazetteer built for a Canadian town names its province. The postal code is left out.
    func canadianRegion(in tokens: [Token]) -> Region? {
        // `M5H 2N2` or `M5H2N2`: letter, digit, letter, then digit, letter, digit.
        func isPostal(_ first: String, _ second: String = "") -> Bool {
            guard first.utf8.count + second.utf8.count == 6 else { return false }
            return (first + second).utf8.enumerated().allSatisfy { index, byte in
                index % 2 == 0 ? (byte >= 0x61 && byte <= 0x7A) : (byte >= 0x30 && byte <= 0x39)
            }
        }
        // The country and the postal code, in either order.
        var end = tokens.count
        var (named, postal) = (false, false)
        for _ in 0..<2 {
            while end > 0, !tokens[end - 1].isWord { end -= 1 }
            if !named, end > 1, tokens[end - 1].traits.contains(.endsCountryOrProvince), tokens[end - 1].lower == "canada" {
                (named, end) = (true, end - 1)
            } else if !postal, end >= 3, tokens[end - 2].isWord, isPostal(tokens[end - 2].lower, tokens[end - 1].lower) {
                (postal, end) = (true, end - 2)
            } else if !postal, end >= 2, isPostal(tokens[end - 1].lower) {
                (postal, end) = (true, end - 1)
            }
        }
        while end > 0, tokens[end - 1].isPunct(",") { end -= 1 }
        // Most texts end in no province's last word: nothing to build for them.
        guard end > 1, named || postal || tokens[end - 1].traits.contains(.endsCountryOrProvince) else { return nil }
        for length in [2, 1] where end - length >= 1 {
            let words = tokens[(end - length)..<end]
            guard words.allSatisfy(\.isWord), let code = Self.provinces[words.map(\.lower).joined(separator: " ")] else { continue }
            let isCode = length == 1 && words[words.startIndex].lower.utf8.count == 2
            let afterComma = tokens[end - length - 1].isPunct(",")
            let upper = words.allSatisfy { $0.text.utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A } }
            guard postal || named || (afterComma && (upper || !isCode)) else { continue }
            var cityEnd = end - length
            while cityEnd > 0, tokens[cityEnd - 1].isPunct(",") { cityEnd -= 1 }
            var cityStart = cityEnd
            while cityStart > 0, tokens[cityStart - 1].isWord, !tokens[cityStart - 1].isNumber, !tokens[cityStart - 1].isStreetSuffix {
                cityStart -= 1
            }
            let city = cityStart < cityEnd && cityStart > 0 ? AddressTokenizer.text(tokens[cityStart..<cityEnd]) : nil
            return Region(city: city, state: code, zip: nil, end: city == nil ? end - length : cityStart)
        }
        // `…, Vancouver, Canada`: the town before the country, no province named.
        guard named, end > 1, tokens[end - 1].isWord, !tokens[end - 1].isNumber else { return nil }
        var cityStart = end
        while cityStart > 0, tokens[cityStart - 1].isWord, !tokens[cityStart - 1].isNumber, !tokens[cityStart - 1].isStreetSuffix { cityStart -= 1 }
        guard cityStart > 0, cityStart < end else { return nil }
        return Region(city: AddressTokenizer.text(tokens[cityStart..<end]), state: nil, zip: nil, end: cityStart)
    }

    /// Canada's provinces and territories, by code and name (lower case).
    static let provinces: [String: String] = {
        let rows = [
            ("AB", "alberta"), ("BC", "british columbia"), ("MB", "manitoba"), ("NB", "new brunswick"), ("NL", "newfoundland"),
            ("NS", "nova scotia"), ("NT", "northwest territories"), ("NU", "nunavut"), ("ON", "ontario"), ("PE", "prince edward island"),
            ("QC", "quebec"), ("SK", "saskatchewan"), ("YT", "yukon"),
        ]
        var table: [String: String] = [:]
        for (code, name) in rows {
            table[code.lowercased()] = code
            table[name] = code
        }
        return table
    }()

    /// `NW`, `Southeast`: a quadrant, which after a street's suffix is the street's (`16th St NW
    /// Washington`); a single direction may start the town's name (`Rd W Palm Beach`).
    func isQuadrant(_ token: Token) -> Bool {
        USPSTables.directionals[token.lower]?.utf8.count == 2
    }

    /// Whether a token is a direction (`W`, `North`, `NW`).
    func isDirectional(_ token: Token) -> Bool {
        USPSTables.directionals[token.lower] != nil
    }

    /// Whether the words name a town of `state` (`USTowns`; of any state when nil), whole.
    func namesTown(_ words: ArraySlice<Token>, of state: String?) -> Bool {
        let states = USTowns.states(named: words.map(\.lower))
        return state.map(states.contains) ?? !states.isEmpty
    }

    /// Where a town of `state` (`USTowns`; of any state when nil) ends at `end` in `tokens`, after
    /// a comma, a street's suffix and its direction, or a unit (`, St. Paul`, `5th Ave Portland`,
    /// `16th St NW Washington`, `15th Street West Dickinson`, `Apt 5 Boston`, `4th Floor
    /// Cambridge`): the longest such town's first token, or nil. A town needs something before it.
    func townStart(in tokens: [Token], end: Int, state: String?) -> Int? {
        guard end > 1, tokens[end - 1].isWord else { return nil }
        var best: Int?
        var start = end
        while start > 1, end - start < USTowns.maxWords, tokens[start - 1].isWord {
            start -= 1
            let before = tokens[start - 1]
            let afterSuffix = before.isStreetSuffix || (start >= 3 && isDirectional(before) && tokens[start - 2].isStreetSuffix)
            // A unit's value may be hyphenated (`Room 5-O8 New York`).
            var value = start - 1
            while value >= 3, !tokens[value].spaceBefore, tokens[value - 1].isPunct("-"), !tokens[value - 1].spaceBefore { value -= 2 }
            let afterUnit =
                start >= 3
                && (tokens[value - 1].traits.contains(.inlineUnit)
                    || ((before.lower == "floor" || before.lower == "fl") && Ordinals.value(of: tokens[start - 2].lower) != nil)
                    // `… Dr Bldg J Dallas`: a designator that is no inline unit, right after the suffix.
                    || (value >= 3 && tokens[value - 2].isStreetSuffix && USPSTables.unitDesignators[tokens[value - 1].lower] != nil
                        && USPSTables.unitDesignators[tokens[value - 1].lower] != "Pier"))
            // `300 S 200 W Salt Lake City`: after a house number and a grid street, whose name
            // ends in its direction where others end in a suffix.
            let afterGridStreet =
                start >= 4 && isDirectional(before) && tokens[start - 2].isNumber && tokens[start - 4].isNumber
                && isGridStreet([tokens[start - 3], tokens[start - 2], before])
            guard before.isPunct(",") || afterSuffix || afterUnit || afterGridStreet else { continue }
            if namesTown(tokens[start..<end], of: state) { best = start }
        }
        return best
    }
}
