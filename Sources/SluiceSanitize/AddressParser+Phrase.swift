/// The grammar of one location phrase (a chunk with no commas or parentheses):
///
///     X between Y and Z      segment          (also btwn, b/w; `and`, `&` or `to` before Z)
///     [X] from Y to Z        segment
///     [corner of] X & Y      intersection     (&, @, /, +, at, and)
///     123[-45] X [unit]      street address / address range
///     Name 123 X St          place + street address
///     X St | Broadway        street
///     anything else          place
extension AddressParser {
    func parsePhrase(_ chunk: ArraySlice<Token>) -> ParsedAddress {
        var tokens = chunk
        var result = ParsedAddress(raw: nil)
        // `Broadway and Taylor St Intersection`: the word adds nothing.
        if tokens.count > 2, let last = tokens.last?.lower, last == "intersection" || last == "corner" {
            tokens.removeLast()
        }
        // `corner of Polk and Eddy`, `intersection of …`: the connector rule below does the rest.
        if let head = tokens.first?.lower,
            head == "corner" || head == "intersection" || (head == "the" && tokens.dropFirst().first?.lower == "corner")
        {
            let afterOf = tokens.firstIndex { $0.lower == "of" }.map { $0 + 1 }
            tokens = tokens[(afterOf ?? tokens.index(after: tokens.startIndex))...]
        }
        // `Under Highway 101 (near Potrero and Cesar Chavez Streets)`: near what follows.
        if tokens.count > 2, tokens.first?.lower == "near" { tokens = tokens.dropFirst() }
        // `Private alley along 20th St. between Tennessee and Minnesota`: a place along a street.
        if let along = tokens.firstIndex(where: { $0.lower == "along" }), along > tokens.startIndex, along + 1 < tokens.endIndex {
            var located = parsePhrase(tokens[(along + 1)...])
            if located.mainStreet != nil, located.place == nil, located.kind != .place, located.kind != .unparsed {
                located.place = AddressTokenizer.text(tokens[..<along])
                return located
            }
        }
        if let between = tokens.firstIndex(where: { $0.traits.contains(.betweenWord) }) {
            return segment(base: tokens[..<between], ends: tokens[(between + 1)...])
        }
        // `b/w` is three tokens: b, /, w.
        if let b = tokens.indices.first(where: { index in
            tokens[index].lower == "b" && index + 2 < tokens.endIndex && tokens[index + 1].isPunct("/") && tokens[index + 2].lower == "w"
        }) {
            return segment(base: tokens[..<b], ends: tokens[(b + 3)...])
        }
        if let from = tokens.firstIndex(where: { $0.lower == "from" }),
            let to = tokens[from...].firstIndex(where: {
                $0.lower == "to" || $0.lower == "and" || $0.isPunct("&") || $0.lower == "thru" || $0.isPunct("-")
            }),
            to > from + 1, to + 1 < tokens.endIndex
        {
            result.kind = .segment
            let base = tokens[..<from]
            result.mainStreet = base.isEmpty ? nil : street(base)
            result.cross = street(tokens[(from + 1)..<to])
            let shared = sharedSuffix(tokens[(to + 1)...])
            result.cross = street(tokens[(from + 1)..<to], plural: shared)
            result.cross2 = street(tokens[(to + 1)...])
            if shared != nil { result.note(Note.sharedSuffix) }
            return result
        }
        if let connector = tokens.indices.first(where: { index in
            index > tokens.startIndex && index + 1 < tokens.endIndex
                && (Vocabulary.isIntersectionPunct(tokens[index].punct) || Vocabulary.isIntersectionWord(tokens[index].lower))
                // `372/374 Pennsylvania Avenue` is a range, not a corner.
                && !(tokens[index - 1].isNumber && tokens[index + 1].isNumber)
        }) {
            let left = tokens[..<connector]
            let right = tokens[(connector + 1)...]
            // `Starbucks at 333 O'Farrell St.`: a place, then its address.
            if right.first?.isNumber == true, tokens[connector].lower == "at" || tokens[connector].isPunct("@") {
                var address = numbered(right)
                if address.kind == .streetAddress || address.kind == .addressRange {
                    address.place = AddressTokenizer.text(left)
                    return address
                }
            }
            if tokens[connector].lower == "at" || tokens[connector].isPunct("@"), let located = atCorner(left, right) {
                return located
            }
            // `Construction Site in front of 260 Stockton St. at Post St.`
            if left.first?.isNumber == false,
                let number = left.indices.first(where: { $0 > left.startIndex && left[$0].isNumber && !left[$0 - 1].isPunct("#") }),
                left.first?.lower != "pier", isStreetSide(left[number...], numbered: true), isStreetSide(right, numbered: false)
            {
                var address = intersection(left[number...], right)
                address.place = AddressTokenizer.text(left[..<number])
                return address
            }
            let bothNeighborhoods =
                Neighborhoods.canonical(for: AddressTokenizer.text(left)) != nil
                && Neighborhoods.canonical(for: AddressTokenizer.text(right)) != nil
            let leftIsStreet = isStreetSide(left, numbered: true)
            let rightIsStreet = isStreetSide(right, numbered: false)
            if !bothNeighborhoods, leftIsStreet, rightIsStreet {
                return intersection(left, right)
            }
            // `Ocean Beach at Lincoln`, `Market Street at Union Plaza`: a place on a street.
            if tokens[connector].lower == "at" || tokens[connector].isPunct("@") {
                if let located = placeOnStreet(place: leftIsStreet ? right : left, street: leftIsStreet ? left : right) {
                    return located
                }
            }
            // Not a corner (`Chaya / Perry's 132 Embarcadero`): the rules below may still read it.
        }
        if tokens.first?.isNumber == true {
            return numbered(tokens)
        }
        // `Folsom Street Fair on Folsom St.`, `Harry's Bar on Fillmore`.
        if let on = tokens.firstIndex(where: { $0.lower == "on" }), on > tokens.startIndex, on + 1 < tokens.endIndex,
            let located = placeOnStreet(place: tokens[..<on], street: tokens[(on + 1)...])
        {
            return located
        }
        // `Café Picaro 3120 16th Street`: a place name, then an address without a comma.
        if tokens.first?.lower != "pier",
            let number = tokens.indices.first(where: { index in
                index > tokens.startIndex && tokens[index].isNumber && !tokens[index - 1].isPunct("#")
                    && !tokens[index - 1].isPlaceWord
            }),
            endsWithStreetSuffix(tokens[number...]) || isBareStreet(tokens[(number + 1)...]),
            tokens[(number + 1)...].contains(where: { $0.isWord })
        {
            var address = numbered(tokens[number...])
            if address.kind == .streetAddress || address.kind == .addressRange {
                address.place = AddressTokenizer.text(tokens[..<number])
                return address
            }
        }
        if isStreet(tokens) {
            result.kind = .street
            let (body, unit) = splitUnit(tokens)
            result.mainStreet = street(body)
            result.unit = unit
            return result
        }
        return place(tokens)
    }

    func place(_ tokens: ArraySlice<Token>) -> ParsedAddress {
        var result = ParsedAddress(raw: nil)
        guard tokens.contains(where: { $0.isWord && !$0.isNumber }) else {
            result.kind = .unparsed
            return result
        }
        result.kind = .place
        result.place = AddressTokenizer.text(tokens)
        return result
    }

    /// `X between Y and Z`; a missing end is noted, a missing `X` is left for the caller.
    func segment(base: ArraySlice<Token>, ends: ArraySlice<Token>) -> ParsedAddress {
        var result = ParsedAddress(raw: nil)
        var base = base
        // `Arkansas St. midblock between …`
        while let last = base.last, last.lower == "midblock" || last.lower == "mid-block" { base.removeLast() }
        let joiner = ends.firstIndex { $0.lower == "and" || $0.lower == "to" || $0.isPunct("&") || $0.isPunct("/") || $0.lower == "an" }
        let first = joiner.map { ends[..<$0] } ?? ends
        let second = joiner.map { ends[($0 + 1)...] } ?? ends[ends.endIndex...]
        let shared = sharedSuffix(second)
        // `1465 Revere Avenue between Keith and Jennings`: an address, its block's cross streets.
        if base.first?.isNumber == true {
            result = numbered(base)
        }
        result.mainStreet = base.contains(where: \.isWord) ? result.mainStreet ?? street(base, plural: nil) : nil
        result.cross = first.contains(where: \.isWord) ? street(first, plural: shared) : nil
        result.cross2 = second.contains(where: \.isWord) ? street(second, plural: nil) : nil
        if result.cross == nil && result.cross2 == nil {
            result.kind = result.mainStreet == nil ? .unparsed : .street
            result.note(Note.danglingBetween)
        } else if result.cross2 == nil {
            if result.number == nil { result.kind = .intersection }
            result.note(Note.danglingBetween)
        } else if result.number == nil {
            result.kind = .segment
        }
        if shared != nil, result.cross?.suffix == shared { result.note(Note.sharedSuffix) }
        return result
    }

    /// `Mason & California Streets`, `1521 Masonic Avenue at Piedmont Street`.
    func intersection(_ left: ArraySlice<Token>, _ right: ArraySlice<Token>) -> ParsedAddress {
        let shared = sharedSuffix(right)
        var result: ParsedAddress
        if left.first?.isNumber == true {
            result = numbered(left)
        } else {
            result = ParsedAddress(raw: nil)
            result.kind = .intersection
            let (body, unit) = splitUnit(left)
            result.mainStreet = street(body, plural: shared)
            result.unit = unit
        }
        result.cross = street(splitUnit(right).body, plural: nil)
        if shared != nil, result.mainStreet?.suffix == shared { result.note(Note.sharedSuffix) }
        return result
    }

    /// `1158-70 Montgomery Street`, `766 Vallejo St.`, `3 Embarcadero Center` (a place).
    func numbered(_ tokens: ArraySlice<Token>) -> ParsedAddress {
        var result = ParsedAddress(raw: nil)
        var index = tokens.startIndex
        let number = tokens[index].lower
        index += 1
        result.number = number
        result.kind = .streetAddress
        if index + 1 < tokens.endIndex, tokens[index].isPunct("-") || tokens[index].isPunct("/"),
            tokens[index + 1].isNumber || tokens[index + 1].isNumberWithLetter
        {
            // `520-522A`: the letter is the last building's, the range ends at 522.
            var to = String(tokens[index + 1].lower.prefix { $0.isASCII && $0.isNumber })
            if to.utf8.count < number.utf8.count {
                to = String(number.prefix(number.utf8.count - to.utf8.count)) + to
                result.note(Note.rangeAbbreviated)
            }
            result.numberTo = to
            result.kind = .addressRange
            index += 2
        }
        if index < tokens.endIndex, tokens[index].lower == "block" || tokens[index].lower == "blocks" {
            index += 1
            if index < tokens.endIndex, tokens[index].lower == "of" { index += 1 }
            result.note(Note.blockRange)
        }
        var rest = tokens[index...]
        // `850 Bryant- 6th floor County Jail`: a dash glued to the street name ends the street;
        // a floor and the venue's name follow.
        var tail = rest[rest.endIndex...]
        if let dash = rest.firstIndex(where: { $0.isPunct("-") && !$0.spaceBefore }), dash > rest.startIndex,
            rest[dash - 1].isWord, !rest[dash - 1].isNumber, dash + 1 < rest.endIndex, rest[dash + 1].spaceBefore
        {
            tail = rest[(dash + 1)...]
            rest = rest[..<dash]
        }
        guard rest.contains(where: { $0.isWord }) else {
            return place(tokens)
        }
        var (body, unit) = splitUnit(rest)
        if tail.count >= 2, let floor = Ordinals.value(of: tail[tail.startIndex].lower),
            tail[tail.startIndex + 1].lower == "floor" || tail[tail.startIndex + 1].lower == "fl"
        {
            unit = unit ?? "Fl \(floor)"
            tail = tail.dropFirst(2)
        }
        if tail.contains(where: { $0.isWord && !$0.isNumber }) { result.place = AddressTokenizer.text(tail) }
        // `1 Market St. Landmark Building`: the street ends at its suffix, a venue follows.
        if let suffixAt = body.indices.first(where: { index in
            index > body.startIndex && body[index].isStreetSuffix
        }), suffixAt + 1 < body.endIndex, body[(suffixAt + 1)...].contains(where: \.isPlaceWord) {
            result.place = AddressTokenizer.text(body[(suffixAt + 1)...])
            body = body[...suffixAt]
        }
        let words = body.filter(\.isWord)
        // After a house number any Publication 28 suffix makes a street (`5 Embarcadero Center`,
        // `24 Willie Mays Plaza`); other venue words make a place (`365 Club`).
        let endsWithAnySuffix = words.count >= 2 && words.last?.traits.contains(.anySuffix) == true
        if !endsWithAnySuffix, words.count > 4 || words.contains(where: \.isPlaceWord), !isSuffixlessStreet(words) {
            return place(tokens)
        }
        result.mainStreet = street(body)
        result.unit = unit
        return result
    }

    /// `X at Y & Z` where `Y` and `Z` are streets: a street at a block (`Columbus Avenue at Green
    /// & Stockton`, `Hyde St at Pacific to Washington St` → segments) or a place at a corner
    /// (`BART Station @ 16th Street & Mission Streets` → intersection with a place); nil otherwise.
    func atCorner(_ left: ArraySlice<Token>, _ right: ArraySlice<Token>) -> ParsedAddress? {
        guard left.first?.isNumber == false, right.first?.isNumber == false,
            let joiner = right.firstIndex(where: { token in
                token.lower == "and" || token.lower == "to" || token.isPunct("&") || token.isPunct("/")
            }), joiner > right.startIndex, joiner + 1 < right.endIndex
        else { return nil }
        let first = right[..<joiner], second = right[(joiner + 1)...]
        // Short plain names only: `Jackson toward Grant` is not a cross street.
        func isCross(_ side: ArraySlice<Token>) -> Bool {
            isStreetSide(side, numbered: false) && (endsWithStreetSuffix(side) || side.filter(\.isWord).count <= 2)
        }
        guard isCross(first), isCross(second) else { return nil }
        if isStreetSide(left, numbered: false) {
            let main = street(left)
            guard main.nameKey != street(first).nameKey, main.nameKey != street(second).nameKey else { return nil }
            return segment(base: left, ends: right)
        }
        guard left.contains(where: \.isPlaceWord) else { return nil }
        var corner = intersection(first, second)
        corner.place = AddressTokenizer.text(left)
        return corner
    }

    /// A place on a street (`Ocean Beach at Lincoln`): nil unless `street` reads as a street.
    /// A neighbourhood in the place position is kept as the neighbourhood (`Duncan St at Diamond Heights`).
    func placeOnStreet(place: ArraySlice<Token>, street streetTokens: ArraySlice<Token>) -> ParsedAddress? {
        guard place.contains(where: \.isWord), streetTokens.first?.isNumber != true,
            isStreetSide(streetTokens, numbered: false), !isStreetSide(place, numbered: false) || endsWithStreetSuffix(streetTokens)
        else { return nil }
        // A street written first must say it is one (`Market Street at Union Plaza`);
        // `Players Arcade at Pier 39` is a place at a place.
        if streetTokens.startIndex < place.startIndex, !isStreet(streetTokens) { return nil }
        var result = ParsedAddress(raw: nil)
        result.kind = .street
        result.mainStreet = street(streetTokens)
        let text = AddressTokenizer.text(place)
        if let name = Neighborhoods.canonical(for: text) {
            result.neighborhood = name
        } else {
            result.place = text
        }
        return result
    }
}
