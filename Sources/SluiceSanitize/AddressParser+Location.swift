/// One location: parentheses and commas cut it into chunks (`Fairmont Hotel (950 Mason
/// Street, Nob Hill)` → place, address, neighbourhood), each chunk is classified, and the most
/// precise location found wins.
extension AddressParser {
    /// What one comma- or parenthesis-delimited chunk holds.
    enum Chunk {
        case empty
        case neighborhood(name: String, text: String)
        /// A town, with `stateUnwritten` when the text names no state for it: its state, if
        /// any, is the one state the town list has a town of that name in (`…, Ocean Beach`: NY).
        case city(String, state: String?, zip: String?, stateUnwritten: Bool = false)
        case zip(String)
        case unit(String)
        case location(ParsedAddress)
        /// A place's name, and the notes and unit read with it (`Near Point Lobos`: `near`;
        /// `Ferry Building Ste 50`: `Ste 50`).
        case place(String, notes: [String], unit: String?)
        /// `PO Box 123`, `RR 2 Box 10`: where mail is collected, no location (`Note.poBox`).
        case poBox
        /// `… -- WEST --`: a direction alone, the side of the street (`Note.streetSide`).
        case streetSide
    }

    func parseOne(_ tokens: ArraySlice<Token>) -> ParsedAddress {
        var result = ParsedAddress(raw: nil)
        var (outside, groups) = bracketed(tokens, notes: &result)
        if let region = region(in: outside) {
            result.city = region.city
            result.state = region.state
            result.zip = region.zip
            if region.zipUnreadable { result.note(Note.zipUnreadable) }
            if region.otherCountry { result.note(Note.otherCountry) }
            outside.removeSubrange(region.end...)
        }
        // Outside text is split at commas and at a spaced dash (`Oasis Nightclub - 298 11th St`),
        // parenthesised text at commas; the outside chunks come first.
        joinSpacedRange(&outside)
        colonBeforeEnds(&outside)
        var chunks: [(tokens: ArraySlice<Token>, inParens: Bool)] = []
        chunks.reserveCapacity(8)
        appendChunks(of: outside[...], inParens: false, to: &chunks) { token in
            token.isPunct(",") || token.isPunct(":") || (token.isPunct("-") && token.spaceBefore)
        }
        for group in groups {
            appendChunks(of: group, inParens: true, to: &chunks) { $0.isPunct(",") }
        }
        var reading = ChunkReading()
        let lastOutside = chunks.lastIndex { !$0.inParens }
        for (index, chunk) in chunks.enumerated() {
            // `… (3700 - 3799) -- WEST --`: a chunk set off by a dash.
            let start = chunk.tokens.startIndex
            let afterDash = !chunk.inParens && ((start > 0 && outside[start - 1].isPunct("-")) || chunk.tokens.first?.isPunct("-") == true)
            let classified = classify(chunk.tokens, afterCity: reading.sawCity, first: index == 0, last: index == lastOutside, afterDash: afterDash)
            reading.take(classified, of: chunk, into: &result, parser: self)
        }
        return reading.location(completing: result)
    }

    /// `1000 - 1099 W Howe St`, a hundred block as fire and police dispatch write it: a spaced
    /// dash between the two numbers a text (or a comma part) starts with, the second the
    /// larger, is a range's, so it is joined to them as in `1000-1099` (it split the text, and
    /// `1099 W Howe St` was read, the first number lost). So is one whose second number is
    /// smaller, the building's suite (`9820 - 170 Leesville Rd`, read as `9820-170`).
    /// `Pier 39 - 2 Beach St` still splits.
    func joinSpacedRange(_ tokens: inout [Token]) {
        var index = 1
        while index + 2 < tokens.count {
            defer { index += 1 }
            guard tokens[index].isPunct("-"), tokens[index].spaceBefore, tokens[index - 1].isNumber, tokens[index + 1].isNumber,
                index == 1 || tokens[index - 2].isPunct(","), tokens[index + 2].isWord,
                let first = Int(tokens[index - 1].lower), let second = Int(tokens[index + 1].lower), second != first
            else { continue }
            tokens[index].spaceBefore = false
            tokens[index + 1].spaceBefore = false
        }
    }

    /// `18TH ST: DOLORES ST to CHURCH ST`, `Main St: 1st Ave thru 2nd Ave`: a street, a colon, then
    /// the block's two ends, as San Francisco's street-use permits name a block: read as `from …
    /// to …` (the colon cut it into the street and a place `Dolores St to Church St`, left out);
    /// `DRUMM ST: CALIFORNIA ST intersection`, one end, as the corner `&`.
    func colonBeforeEnds(_ tokens: inout [Token]) {
        guard let colon = tokens.firstIndex(where: { $0.isPunct(":") }), colon > 0 else { return }
        let start = tokens[..<colon].lastIndex { $0.isPunct(",") }.map { $0 + 1 } ?? 0
        let end = tokens[(colon + 1)...].firstIndex { $0.isPunct(",") || $0.isPunct(":") } ?? tokens.endIndex
        let ends = tokens[(colon + 1)..<end]
        guard start < colon, isStreet(tokens[start..<colon]), ends.count >= 2,
            !ends.contains(where: { $0.is("from") || $0.traits.contains(.betweenWord) })
        else { return }
        if let to = ends.firstIndex(where: { $0.isWord && Vocabulary.isRangeJoiner($0) }), to > ends.startIndex, to + 1 < ends.endIndex {
            tokens[colon] = Token(text: "from", lower: "from", punct: 0, spaceBefore: true)
        } else if ends.last?.lower == "intersection" {
            tokens[colon] = Token(text: "&", lower: "&", punct: UInt8(ascii: "&"), spaceBefore: true)
            // `04TH ST \ ELLIS ST \ MARKET ST intersection`: the first street names the corner.
            if let junction = ends.firstIndex(where: { $0.isPunct("/") }), junction > ends.startIndex {
                tokens.removeSubrange(junction..<(end - 1))
            }
        }
    }

    /// The tokens outside brackets (a comma where a bracket opened, so its text is a chunk of
    /// its own) and the groups inside them; an unbalanced bracket is noted on `notes`.
    func bracketed(_ tokens: ArraySlice<Token>, notes: inout ParsedAddress) -> (outside: [Token], groups: [ArraySlice<Token>]) {
        var groups: [ArraySlice<Token>] = []
        // Most locations have no brackets: the tokens are all outside, taken whole (a slice of a
        // whole array shares its storage) rather than copied token by token.
        let hasBrackets = tokens.contains { $0.isPunct("(") || $0.isPunct("[") || $0.isPunct(")") || $0.isPunct("]") }
        guard hasBrackets else { return (Array(tokens), groups) }
        // One allocation: a parenthesis leaves a comma outside, so this fits unless there are several.
        var outside: [Token] = []
        outside.reserveCapacity(tokens.count + 1)
        var group: [Token]?
        for token in tokens {
            if token.isPunct("(") || token.isPunct("[") {
                if let open = group { groups.append(open[...]) }
                group = []
                outside.append(Token(text: ",", lower: ",", punct: UInt8(ascii: ","), spaceBefore: false))
            } else if token.isPunct(")") || token.isPunct("]") {
                if let open = group { groups.append(open[...]) } else { notes.note(Note.unbalancedParenthesis) }
                group = nil
            } else if group != nil {
                group?.append(token)
            } else {
                outside.append(token)
            }
        }
        if let open = group {
            notes.note(Note.unbalancedParenthesis)
            groups.append(open[...])
        }
        return (outside, groups)
    }

    /// Appends the chunks of `source` split at top-level separators (as `split(_:at:)`), a chunk
    /// starting with `Jr`/`Sr` joined to the one before it: `Martin Luther King, Jr. Drive`.
    func appendChunks(
        of source: ArraySlice<Token>, inParens: Bool, to chunks: inout [(tokens: ArraySlice<Token>, inParens: Bool)],
        at isSeparator: (Token) -> Bool
    ) {
        let firstOfSource = chunks.count
        func add(_ piece: ArraySlice<Token>) {
            guard !piece.isEmpty else { return }
            if let head = piece.first(where: \.isWord)?.lower, head == "jr" || head == "sr", chunks.count > firstOfSource {
                let previous = chunks[chunks.count - 1].tokens
                chunks[chunks.count - 1].tokens = source[previous.startIndex..<piece.endIndex]
            } else {
                chunks.append((piece, inParens))
            }
        }
        forEachPiece(of: source, at: isSeparator, add)
    }

    func rank(_ kind: ParsedAddress.Kind) -> Int {
        switch kind {
        case .streetAddress, .addressRange: 5
        case .intersection, .segment: 4
        case .street: 2
        case .place: 1
        case .none, .unparsed: 0
        }
    }

    /// Classifies one chunk: a neighbourhood, the city (with state and ZIP), a unit, a
    /// location or a place. `last`: the last chunk outside parentheses, where any US town may be;
    /// `afterDash`: set off by a spaced dash, not a comma.
    func classify(_ chunk: ArraySlice<Token>, afterCity: Bool, first: Bool, last: Bool, afterDash: Bool) -> Chunk {
        var chunk = chunk
        while let last = chunk.last, !last.isWord, !last.isPunct("#") { chunk.removeLast() }
        while let head = chunk.first, !head.isWord, !head.isPunct("#") { chunk.removeFirst() }
        // `Mission St., Embarcadero, and Front between Clay and Market`: the last of a list.
        if chunk.count > 1, chunk.first?.lower == "and" { chunk.removeFirst() }
        guard !chunk.isEmpty else { return .empty }
        // A trailing `San Francisco[, CA][ 94103]`, alone or after other words.
        var tail: (city: String, state: String?, zip: String?)?
        if let found = trailingCity(chunk) {
            tail = (found.city, found.state, found.zip)
            chunk = chunk[chunk.startIndex..<found.start]
            if chunk.isEmpty { return .city(found.city, state: found.state, zip: found.zip) }
        }
        let words = afterCity || chunk.count == 1 ? chunk.words : []
        if afterCity, words.count <= 3, let state = USPSTables.states[words.filter { !$0.isNumber }.map(\.lower).joined(separator: " ")] {
            return .city("", state: state, zip: words.last.flatMap { $0.isNumber && $0.lower.utf8.count == 5 ? $0.lower : nil })
        }
        if words.count == 1, words[0].isNumber, words[0].lower.utf8.count == 5, !first { return .zip(words[0].lower) }
        if let unit = unitChunk(chunk) { return .unit(unit) }
        if isPOBox(chunk) { return .poBox }
        if names.isSanFrancisco, Neighborhoods.mayStartName(chunk.first(where: \.isWord)), !endsWithStreetSuffix(chunk) {
            let text = AddressTokenizer.text(chunk)
            if let name = neighborhood(named: text) { return .neighborhood(name: name, text: text) }
        }
        // A direction alone set off by a dash after the location is the side of its street
        // (`18TH ST: … (3700 - 3799) -- WEST --`), not the town West, TX (the record was refused
        // as outside). After a comma it may be that town (`100 Main St, West`).
        if !first, afterDash, chunk.count == 1, isDirectional(chunk[chunk.startIndex]) { return .streetSide }
        // `100 Main St, Seattle`: any US town, alone after a comma at the end of the text (after
        // San Francisco's neighbourhoods: `Mission`, `Marina` and `Sunset` are towns elsewhere).
        if last, !first, tail == nil, let town = town(chunk) ?? township(chunk) {
            return .city(town.city, state: town.state, zip: nil, stateUnwritten: true)
        }
        // `100 Main St Seattle`: a town after an address's street suffix, with no comma (read as
        // the street's last word, it was placed on San Francisco's Main St at 0.89).
        var stateUnwritten = false
        if last, tail == nil, let found = townAfterAddress(chunk) {
            tail = (found.city, found.state, nil)
            stateUnwritten = true
            chunk = chunk[chunk.startIndex..<found.start]
        }
        var parsed = parsePhrase(chunk)
        if let tail {
            parsed.city = tail.city
            parsed.state = tail.state
            parsed.zip = tail.zip
            if stateUnwritten { parsed.note(Note.townWithoutState) }
        }
        if parsed.kind == .place, let place = parsed.place {
            if let tail {
                var located = ParsedAddress.placeOnly(place, city: tail.city, state: tail.state, zip: tail.zip)
                located.unit = parsed.unit
                return .location(located)
            }
            return .place(place, notes: parsed.notes, unit: parsed.unit)
        }
        return .location(parsed)
    }

    /// `San Francisco`, `San Francisco CA 94103` (or the city of `names`) at the end of a chunk.
    func trailingCity(_ chunk: ArraySlice<Token>) -> (start: Int, city: String, state: String?, zip: String?)? {
        // Most chunks end in none of these; skip the work for them.
        guard let last = chunk.last(where: \.isWord),
            names.mayEnd(last) || (last.lower.utf8.count == 5 && chunk.last?.isNumber == true)
        else { return nil }
        let words = chunk.indices.filter { chunk[$0].isWord }
        guard !words.isEmpty else { return nil }
        var end = words.count
        var zip: String?
        var state: String?
        if chunk[words[end - 1]].isNumber, chunk[words[end - 1]].lower.utf8.count == 5 {
            zip = chunk[words[end - 1]].lower
            end -= 1
        }
        if end >= 3, let code = names.stateWords[chunk[words[end - 1]].lower] {
            state = code
            end -= 1
        }
        for length in stride(from: names.maxWords, through: 1, by: -1) where end >= length {
            // `Port of San Francisco` names a place, not the city.
            let before = end - length - 1 >= 0 ? chunk[words[end - length - 1]].lower : ""
            if let city = names.city(named: words[(end - length)..<end].map { chunk[$0].lower }), before != "of", before != "in",
                before != "the"
            {
                return (words[end - length], city, state, zip)
            }
        }
        return nil
    }

    /// A chunk that is wholly the name of a US town (`USTowns`), as written or spelled out
    /// (`N. Hollywood` → `North Hollywood`), with its state when only one state has a town of
    /// that name (`Seattle` → WA; `Portland`: none). A direction before a town names a part of
    /// it (`e San Jose`, `N Rock Hill`): the town is the rest, unless the rest is suffix words
    /// alone (`East Beach`). Not San Francisco's neighbourhoods however spelled (`N Beach`,
    /// `W Portal`).
    func town(_ chunk: ArraySlice<Token>) -> (city: String, state: String?)? {
        guard chunk.count <= USTowns.maxWords + 3, chunk.allSatisfy(\.isWord) else { return nil }
        var words = chunk.map(\.lower)
        // `City of Ann Arbor`: as the town's own government writes it.
        let title = USTowns.titleLength(words)
        words.removeFirst(title)
        var start = chunk.startIndex + title
        guard words.count <= USTowns.maxWords + 1 else { return nil }
        if let spelled = USTowns.spelledOut(words), neighborhood(named: spelled.joined(separator: " ")) != nil { return nil }
        var found = USTowns.towns(named: words)
        if found.states.isEmpty, words.count > 1, isDirectional(chunk[start]), !isPlaceWords(chunk[(start + 1)...]) {
            words.removeFirst()
            start += 1
            found = USTowns.towns(named: words)
        }
        // `Mission City` is no town, and Mission, a neighbourhood, is not read for it.
        guard !found.states.isEmpty, found.spelled.flatMap(neighborhood(named:)) == nil else { return nil }
        return (found.spelled ?? AddressTokenizer.text(chunk[start...]), found.states.count == 1 ? found.states[0] : nil)
    }

    /// A chunk naming a civil township (`Ann Arbor Township`, `Lower Merion Twp`, `Charter
    /// Township of Ypsilanti`): a town with no post office of its own, so not in `USTowns`, and
    /// read as a place it let the record be placed in the town of its name.
    func township(_ chunk: ArraySlice<Token>) -> (city: String, state: String?)? {
        guard chunk.count >= 2, chunk.count <= USTowns.maxWords + 2, chunk.allSatisfy(\.isWord) else { return nil }
        let words = chunk.map(\.lower)
        let endsSo = words.last == "township" || words.last == "twp"
        let startsSo = words.firstIndex(of: "township").map { $0 + 2 < words.count && words[$0 + 1] == "of" } == true
        return endsSo || startsSo ? (AddressTokenizer.text(chunk), nil) : nil
    }

    /// A US town (`USTowns`) ending a chunk that starts with a house number, right after its
    /// street's suffix, quadrant or unit (`100 Main St Seattle`, `One Main St Ste 5 Upland`), with
    /// its state when only one state has a town of that name. Not San Francisco's neighbourhoods
    /// (`Mission`, `Marina` are towns elsewhere; `West Portal`, where Portal is one),
    /// nor a directional alone (`Buena Vista Ave West`; `West` is a town in Texas), nor street
    /// suffixes alone (`Plaza Street`; `Street` is a town in Maryland), nor one word naming a kind
    /// of place (`Allston Way Park`; Park is a town in Kansas).
    func townAfterAddress(_ chunk: ArraySlice<Token>) -> (start: Int, city: String, state: String?)? {
        guard let head = chunk.first, head.isBuildingNumber, chunk.last?.isWord == true else { return nil }
        let tokens = Array(chunk)
        guard let start = townStart(in: tokens, end: tokens.count, state: nil), start >= 3,
            start < tokens.count - 1 || !isDirectional(tokens[start]),
            // `2871-73 Plaza Street`: suffixes after a suffix are the street's (Street, MD).
            !tokens[start...].allSatisfy(\.isStreetSuffix),
            // `1260 Allston Way Park`, `100 Main St Center`: one word naming a kind of place
            // (Publication 28 lists it as a suffix) is the place at the address, not the town of
            // that name with no comma, state or ZIP to say so (Park, KS: a gazetteer built from
            // Berkeley's 311 cases covered Kansas alone, and refused every Berkeley record).
            start < tokens.count - 1 || !isPlaceWords(tokens[start...]),
            // `4214 S St Lawrence`, `3500 W St Paul`: `St` after a lone one-letter directional
            // starts the street's name (Saint), which a town read there would leave as `S St`
            // (`200 West St New York` is West Street).
            !(["st", "mt"].contains(tokens[start - 1].lower) && tokens[start - 2].lower.utf8.count == 1 && isDirectional(tokens[start - 2])
                && tokens[start - 3].isBuildingNumber),
            let found = town(chunk[(chunk.startIndex + start)...]), neighborhood(named: found.city) == nil,
            // `Sloat Blvd West Portal`: a direction before the town may start a neighbourhood,
            // or a place's name (`Mason St East Beach`; Beach, ND).
            !isDirectional(tokens[start - 1])
                || (neighborhood(named: AddressTokenizer.text(tokens[(start - 1)...])) == nil && !isPlaceWords(tokens[start...]))
        else { return nil }
        return (chunk.startIndex + start, found.city, found.state)
    }

    /// Whether every word is one Publication 28 lists as a street suffix (`Beach`, `Garden`,
    /// `Lake`, `Park`): after a direction they name a place (`East Beach`, `South Lake`), not
    /// the towns of those names.
    func isPlaceWords(_ words: some Collection<Token>) -> Bool {
        words.allSatisfy { $0.traits.contains(.anySuffix) }
    }

    /// The neighbourhood a phrase names (`Neighborhoods.canonical(for:)`). The list is San
    /// Francisco's: in another city `Mission` or `Sunset` is a place, not a district of it.
    func neighborhood(named text: String) -> String? {
        names.isSanFrancisco ? Neighborhoods.canonical(for: text) : nil
    }

    /// `4th Floor`, `Suite 200`, `Apt 3`, `#5` on their own.
    func unitChunk(_ chunk: ArraySlice<Token>) -> String? {
        // Both forms are two tokens.
        guard chunk.count == 2 else { return nil }
        let head = chunk[chunk.startIndex]
        let second = chunk[chunk.startIndex + 1]
        if second.lower == "floor" || second.lower == "fl", let floor = Ordinals.value(of: head.lower) {
            return "Fl \(floor)"
        }
        // `Front St`, `Office Way`: a street named with a designator's word.
        guard head.lower != "pier", second.isWord, !second.isStreetSuffix, let designator = USPSTables.unitDesignators[head.lower] else {
            return nil
        }
        // `Upper Lake`, `Front Royal`: a designator that takes no number, before a word that is no
        // unit's (`Penthouse Suite`), starts a name (towns in California and Virginia; `Uppr Lake`
        // was a unit, the town lost).
        if USPSTables.unitsWithoutNumber.contains(designator), USPSTables.unitDesignators[second.lower] == nil,
            !second.lower.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 })
        {
            return nil
        }
        return designator == "#" ? "#\(second.text)" : "\(designator) \(second.text)"
    }
}

extension AddressParser {
    /// A post office box (`PO Box 123`, `P.O. Box 5`, `POB 12`, `Post Office Box 7`, `Box 9`,
    /// `Box 164A`) or a rural route's or highway contract's box (`RR 2 Box 10`, `HC 1 Box 4`,
    /// `Rural Route 3 Box 12`), or the route alone, its box in the next part (`RR 4, Box 164`):
    /// the whole chunk, its box or route number last.
    func isPOBox(_ chunk: ArraySlice<Token>) -> Bool {
        // Most chunks do not end in a number, or are longer: they skip building the words.
        guard chunk.count <= 10, let last = chunk.last, last.isNumber || last.isNumberWithLetter || (last.isWord && last.lower.utf8.count == 1)
        else { return false }
        var words = chunk.words.map(\.lower)
        // `Box 164 A`: a letter after the box's number is part of it, as in `Box 164A`.
        if words.count >= 3, words[words.count - 1].utf8.count == 1, words[words.count - 2].utf8.allSatisfy(HouseNumber.isDigit) {
            words.removeLast()
        }
        guard words.count >= 2, words.count <= 6, let box = words.last, box.first?.isNumber == true, last.isWord else {
            return false
        }
        // `P.O. Box 10-266`: a box number in two parts is one number.
        if words.count >= 3, chunk.count >= 3, chunk[chunk.endIndex - 2].isPunct("-"), chunk[chunk.endIndex - 3].isNumber { words.removeLast() }
        let before = words.dropLast().joined(separator: " ")
        // `Drawer 750608`, `PO Drawer 5`: a box by another name (USPS Publication 28).
        if ["box", "po box", "p o box", "pob", "post office box", "po bx", "pobox", "drawer", "po drawer", "p o drawer"].contains(before) {
            return true
        }
        // `RR 4`, its box in the next part: a rural route or highway contract has no location. Not
        // `Route 4` alone, a road's name.
        if Self.ruralRoutes.contains(before) { return true }
        // `RR 2 Box 10`: the route's number, then its box.
        let route = words.dropLast(3).joined(separator: " ")
        return words.count >= 4 && words[words.count - 2] == "box" && words[words.count - 3].first?.isNumber == true
            && (Self.ruralRoutes.contains(route) || route == "rte" || route == "route")
    }

    /// A rural route's or highway contract's name before its number (`RR 2`, `HC 1`).
    static let ruralRoutes: Set<String> = ["rr", "r r", "rural route", "hc", "h c", "highway contract"]
}

extension ParsedAddress {
    static func placeOnly(_ place: String, city: String?, state: String?, zip: String?) -> ParsedAddress {
        var parsed = ParsedAddress(raw: nil)
        parsed.kind = .place
        parsed.place = place
        parsed.city = city
        parsed.state = state
        parsed.zip = zip
        return parsed
    }
}
