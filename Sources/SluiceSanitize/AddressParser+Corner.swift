/// Two streets that meet, and what is said about the corner: `Hyde St. at Greenwich`, `Filbert
/// and Kearny Steps` (a structure at the corner), `Balmy Alley off 24th St`, `Taylor St, north of
/// Jefferson St` (a direction from it), `Van Ness Ave, at Market` (the corner after a comma).
extension AddressParser {
    /// The phrase read around the connector at `connector` (`&`, `at`, `and`, `/`, `near` …),
    /// or nil when neither side reads as a street and no place sits on one.
    func connected(_ tokens: ArraySlice<Token>, at connector: Int) -> ParsedAddress? {
        let left = tokens[..<connector]
        var right = tokens[(connector + 1)...]
        // `off of Taylor`
        if tokens[connector].lower == "off", right.first?.lower == "of", right.count >= 2 { right = right.dropFirst() }
        let isAt = tokens[connector].lower == "at" || tokens[connector].isPunct("@")
        // `Starbucks at 333 O'Farrell St.`: a place, then its address.
        if right.first?.isNumber == true, isAt {
            var address = numbered(right)
            if address.kind == .streetAddress || address.kind == .addressRange {
                address.place = AddressTokenizer.text(left)
                return address
            }
        }
        if isAt, let located = atCorner(left, right) {
            return located
        }
        // `Construction Site in front of 260 Stockton St. at Post St.`
        if left.first?.isNumber == false, !isGridStreet(left),
            let number = left.indices.first(where: { $0 > left.startIndex && left[$0].isNumber && !left[$0 - 1].isPunct("#") }),
            left.first?.lower != "pier", isStreetSide(left[number...], numbered: true), isStreetSide(right, numbered: false)
        {
            var address = intersection(left[number...], right)
            address.place = AddressTokenizer.text(left[..<number])
            return address
        }
        func isNeighborhood(_ side: ArraySlice<Token>) -> Bool { neighborhood(named: AddressTokenizer.text(side)) != nil }
        let leftIsStreet = isStreetSide(left, numbered: true)
        let rightIsStreet = isStreetSide(right, numbered: false)
        // `near`, `off` and `x` are words of other phrases too (`Take off at SFO`, `Mission Bay
        // off 3rd St`): one side must say it is a street, and neither may be a neighbourhood of
        // several words (one word, `Mission`, is a street too).
        let lower = tokens[connector].lower
        let isWeak = lower == "near" || lower == "off" || lower == "x"
        func saysItIsACorner() -> Bool {
            (isStreet(left) || isStreet(right)) && !(left.count > 1 && isNeighborhood(left)) && !(right.count > 1 && isNeighborhood(right))
        }
        if leftIsStreet, rightIsStreet, !(isNeighborhood(left) && isNeighborhood(right)), !isWeak || saysItIsACorner() {
            return intersection(left, right)
        }
        // `Church and Duboce Muni Station`: the corner, then what stands there. After `at` such
        // words name a place on the street instead (`Hyde St at Powell Station`).
        if !isAt, leftIsStreet, !rightIsStreet, let structure = trailingStructure(right) {
            var corner = intersection(left, right[..<structure])
            corner.place = AddressTokenizer.text(right[structure...])
            return corner
        }
        // `Ocean Beach at Lincoln`, `Market Street at Union Plaza`: a place on a street. Near
        // or off one, or beside it after a slash, the street must say it is one (`Embarcadero
        // near Pier 14`, `Moscone Center Parking Garage/3rd St.`; in `Wharf pier near Chapel`
        // the chapel is a place).
        if isAt || lower == "near" || lower == "off" || tokens[connector].isPunct("/") {
            let streetOnLeft = isAt ? leftIsStreet : isStreet(left) || (leftIsStreet && !isStreet(right))
            let street = streetOnLeft ? left : right
            if isAt || isStreet(street), let located = placeOnStreet(place: streetOnLeft ? right : left, street: street) {
                return located
            }
        }
        // Not a corner (`Chaya / Perry's 132 Embarcadero`): the rules below may still read it.
        return nil
    }

    /// Where a run of `Vocabulary.structureWords` (joined by `and`) starts at the end of a
    /// street: `Kearny Steps` → `Steps`, `Cumberland steps and sidewalks` → `steps and sidewalks`;
    /// nil unless what comes before it reads as a street.
    func trailingStructure(_ side: ArraySlice<Token>) -> Int? {
        var start = side.endIndex
        while start > side.startIndex, side[start - 1].isWord,
            Vocabulary.structureWords.contains(side[start - 1].lower) || (side[start - 1].lower == "and" && start < side.endIndex)
        {
            start -= 1
        }
        while start < side.endIndex, side[start].lower == "and" { start += 1 }
        guard start < side.endIndex, start > side.startIndex, side[..<start].contains(where: \.isWord),
            isStreetSide(side[..<start], numbered: false)
        else { return nil }
        return start
    }

    /// `north of Jefferson St to end` (after a comma) or `Taylor St north of Jefferson St`: a
    /// direction from a corner. The result is the corner (its first street missing when the
    /// phrase starts with the direction, for the chunk before to fill) with the direction's
    /// words as its place and the note `direction_from_corner`; nil for other phrases and
    /// for a neighbourhood (`South of Market`).
    func directionFromCorner(_ tokens: ArraySlice<Token>) -> ParsedAddress? {
        guard
            let direction = tokens.indices.first(where: { index in
                tokens[index].traits.contains(.directional) && tokens[index].lower.utf8.count >= 4 && index + 2 < tokens.endIndex
                    && tokens[index + 1].lower == "of"
            })
        else { return nil }
        let phrase = tokens[direction...]
        // `… to end`, `… to the water`: where the stretch ends is kept in the place's words.
        let crossEnd = phrase.firstIndex(where: { $0.lower == "to" || $0.lower == "until" || $0.lower == "thru" }) ?? phrase.endIndex
        let cross = tokens[(direction + 2)..<crossEnd]
        guard cross.contains(where: \.isWord), neighborhood(named: AddressTokenizer.text(phrase)) == nil,
            isStreet(cross) || (cross.count == 1 && isStreetSide(cross, numbered: false))
        else { return nil }
        var corner: ParsedAddress
        if direction == tokens.startIndex {
            corner = ParsedAddress(raw: nil)
            corner.kind = .intersection
            corner.cross = street(cross)
        } else {
            let main = tokens[..<direction]
            guard isStreet(main) || (main.first?.isNumber == true && isStreetSide(main, numbered: true)) else { return nil }
            corner = intersection(main, cross)
        }
        corner.place = AddressTokenizer.text(phrase)
        corner.note(Note.directionFromCorner)
        return corner
    }

    /// `at Market` after `Van Ness Ave,`, `near Missouri` after an address, `off of Taylor
    /// Street`: a corner whose first street is the chunk before (`parseOne` joins them); nil
    /// unless one plain street follows the word.
    func danglingCorner(_ tokens: ArraySlice<Token>) -> ParsedAddress? {
        guard let first = tokens.first, tokens.count >= 2,
            first.lower == "at" || first.isPunct("@") || first.lower == "near" || first.lower == "off"
        else { return nil }
        var cross = tokens.dropFirst()
        if first.lower == "off", cross.first?.lower == "of" { cross = cross.dropFirst() }
        guard cross.first?.isNumber == false, isStreetSide(cross, numbered: false),
            !cross.contains(where: { token in
                Vocabulary.isIntersectionPunct(token.punct) || Vocabulary.isIntersectionWord(token) || token.traits.contains(.betweenWord)
            })
        else { return nil }
        var corner = ParsedAddress(raw: nil)
        corner.kind = .intersection
        corner.cross = street(cross)
        if first.lower == "off" { corner.note(Note.off) }
        return corner
    }

    /// `current` with the cross streets of `parsed`, a segment or corner whose first street is
    /// missing; nil when they do not fit together. A street becomes a segment or corner, an
    /// address gains the corner's cross street.
    func joined(_ current: ParsedAddress, _ parsed: ParsedAddress) -> ParsedAddress? {
        var current = current
        switch (current.kind, parsed.kind) {
        case (.street, .segment):
            current.kind = .segment
            current.cross = parsed.cross
            current.cross2 = parsed.cross2
        case (.street, .intersection) where parsed.cross?.nameKey != current.mainStreet?.nameKey:
            current.kind = .intersection
            current.cross = parsed.cross
        case (.streetAddress, .intersection), (.addressRange, .intersection):
            guard current.cross == nil, parsed.cross?.nameKey != current.mainStreet?.nameKey else { return nil }
            current.cross = parsed.cross
        default:
            return nil
        }
        for note in parsed.notes { current.note(note) }
        return current
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
        guard isCross(first) else { return nil }
        // `Stockton @ Jackson & Jackson toward Grant`: the corner, and words that are no street.
        guard isCross(second) else {
            guard isStreetSide(left, numbered: false), street(left).nameKey != street(first).nameKey else { return nil }
            var corner = intersection(left, first)
            corner.note(Note.extraLocation)
            return corner
        }
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
        if let name = neighborhood(named: text) {
            result.neighborhood = name
        } else {
            result.place = text
        }
        return result
    }
}
