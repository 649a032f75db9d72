/// The grammar of one location phrase (a chunk with no commas or parentheses):
///
///     X between Y and Z      segment          (also btwn, b/w, b/t; `and`, `&` or `to` before Z)
///     [X] from Y to Z        segment          (also thru, through, a dash)
///     [corner of] X & Y      intersection     (&, @, /, +, at, and, x, near, off)
///     X north of Y           intersection     (note direction_from_corner)
///     at Y | north of Y      the corner of the street in the chunk before
///     123[-45] X [unit]      street address / address range
///     Name 123 X St          place + street address
///     X St | Broadway | S Van Ness   street
///     anything else          place
extension AddressParser {
    func parsePhrase(_ tokens: ArraySlice<Token>) -> ParsedAddress {
        // `Under Highway 101 (near Potrero and Cesar Chavez Streets)`, `Near Point Lobos`: near what
        // follows; `near Grant` after an address is its corner.
        if tokens.count >= 2, tokens.first?.lower == "near" {
            var located = danglingCorner(tokens) ?? phrase(tokens.dropFirst())
            located.note(Note.near)
            return located
        }
        return phrase(tokens)
    }

    /// A phrase by the first rule of the grammar above that reads it; a place when none does.
    func phrase(_ chunk: ArraySlice<Token>) -> ParsedAddress {
        let tokens = withoutCornerWords(chunk)
        if let corner = danglingCorner(tokens) ?? directionFromCorner(tokens) { return corner }
        if let along = placeAlong(tokens) { return along }
        if let between = tokens.firstIndex(where: { $0.traits.contains(.betweenWord) }) {
            return segment(base: tokens[..<between], ends: tokens[(between + 1)...])
        }
        if let b = tokens.indices.first(where: { isSlashBetween(tokens, at: $0) }) {
            return segment(base: tokens[..<b], ends: tokens[(b + 3)...])
        }
        if let range = fromTo(tokens) { return range }
        if let corner = cornerAtConnector(tokens) { return corner }
        // `10XX W Howe St`, `45XX BLOCK OF RAINIER AVE S`: a hundred block, its house number
        // hidden, read as the range it stands for (it was the street `10xx W Howe`).
        if let first = tokens.first, tokens.count >= 3, let block = HouseNumber.hundredBlock(first.lower) {
            let dash = Token(text: "-", lower: "-", punct: UInt8(ascii: "-"), spaceBefore: false)
            let range = [
                Token(text: "\(block.from)", lower: "\(block.from)", punct: 0, spaceBefore: first.spaceBefore), dash,
                Token(text: "\(block.to)", lower: "\(block.to)", punct: 0, spaceBefore: false),
            ]
            var address = numbered((range + tokens.dropFirst())[...])
            // `001XX N State St`: a block below 1000 is a range by construction, never one
            // hyphenated house number (`100-199` read as Queens' `86-12` had no street's key).
            if address.kind == .streetAddress, address.number == "\(block.from)-\(block.to)" {
                address.number = "\(block.from)"
                address.numberTo = "\(block.to)"
                address.kind = .addressRange
                address.notes.removeAll { $0 == Note.hyphenatedNumber }
            }
            if address.kind == .addressRange, !address.notes.contains(Note.blockRange) { address.note(Note.blockRange) }
            return address
        }
        // `200 West` alone is a grid street, not house 200 on a street named West.
        if tokens.first?.isNumber == true, !isGridStreet(tokens) { return numbered(tokens) }
        // `522A Mission St`: a number with its building's letter, before a street with its suffix
        // (`4A Bakery` stays a place).
        if tokens.first?.isNumberWithLetter == true, endsWithStreetSuffix(tokens.dropFirst()) { return numbered(tokens) }
        // `One Market Street`, `One S. Dearborn St.`: a building's number spelled out, before a
        // street with its suffix (`One Embarcadero Center` too; `One Rincon Hill` stays a place).
        if let first = tokens.first, first.lower == "one", tokens.count >= 3, endsWithStreetSuffix(tokens.dropFirst()) {
            var spelled = Array(tokens)
            spelled[0] = Token(text: "1", lower: "1", punct: 0, spaceBefore: first.spaceBefore)
            return numbered(spelled[...])
        }
        // `Folsom Street Fair on Folsom St.`, `Harry's Bar on Fillmore`.
        if let on = tokens.firstIndex(where: { $0.is("on") }), on > tokens.startIndex, on + 1 < tokens.endIndex,
            let located = placeOnStreet(place: tokens[..<on], street: tokens[(on + 1)...])
        {
            return located
        }
        // `Highway 59 North` is a road, not the place `Highway` at number 59.
        // `S 200 W` is a grid street, not the place `S` at number 200.
        if !isNumberedRoad(tokens), !isGridStreet(tokens), let address = placeThenAddress(tokens) { return address }
        if isStreet(tokens) {
            var result = ParsedAddress(raw: nil)
            result.kind = .street
            let (body, unit, after) = splitUnit(tokens)
            result.mainStreet = street(body)
            result.unit = unit
            if !after.isEmpty { result.place = AddressTokenizer.text(after) }
            return result
        }
        return place(tokens)
    }

    /// The words that only say "a corner": `Broadway and Taylor St Intersection` loses the last
    /// word; `corner of Polk and Eddy`, `intersection of …` what comes before `of` (the
    /// connector rule does the rest).
    func withoutCornerWords(_ chunk: ArraySlice<Token>) -> ArraySlice<Token> {
        var tokens = chunk
        if tokens.count > 2, let last = tokens.last?.lower, last == "intersection" || last == "corner" {
            tokens.removeLast()
        }
        if let head = tokens.first?.lower,
            head == "corner" || head == "intersection" || (head == "the" && tokens.dropFirst().first?.lower == "corner")
        {
            let afterOf = tokens.firstIndex { $0.lower == "of" }.map { $0 + 1 }
            tokens = tokens[(afterOf ?? tokens.index(after: tokens.startIndex))...]
        }
        return tokens
    }

    /// `Private alley along 20th St. between Tennessee and Minnesota`: a place along a street.
    func placeAlong(_ tokens: ArraySlice<Token>) -> ParsedAddress? {
        guard let along = tokens.firstIndex(where: { $0.is("along") }), along > tokens.startIndex, along + 1 < tokens.endIndex else { return nil }
        var located = parsePhrase(tokens[(along + 1)...])
        guard located.mainStreet != nil, located.place == nil, located.kind != .place, located.kind != .unparsed else { return nil }
        located.place = AddressTokenizer.text(tokens[..<along])
        return located
    }

    /// `[X] from Y to Z` (also `and`, `&`, thru, through, a dash before Z): a segment.
    func fromTo(_ tokens: ArraySlice<Token>) -> ParsedAddress? {
        guard let from = tokens.firstIndex(where: { $0.is("from") }),
            let to = tokens[from...].firstIndex(where: { $0.lower == "and" || $0.isPunct("&") || Vocabulary.isRangeJoiner($0) }),
            to > from + 1, to + 1 < tokens.endIndex
        else { return nil }
        var result = ParsedAddress(raw: nil)
        result.kind = .segment
        let base = tokens[..<from]
        result.mainStreet = base.isEmpty ? nil : street(base)
        let shared = sharedSuffix(tokens[(to + 1)...])
        result.cross = street(firstAtJunction(tokens[(from + 1)..<to]), plural: shared)
        result.cross2 = street(firstAtJunction(tokens[(to + 1)...]))
        if shared != nil { result.note(Note.sharedSuffix) }
        return result
    }

    /// `FELL ST \ MARKET ST \ POLK ST`, `Fell St / Market St`: the streets that meet where a
    /// block ends, as San Francisco's permits write them; the first names the corner.
    func firstAtJunction(_ tokens: ArraySlice<Token>) -> ArraySlice<Token> {
        guard let cut = tokens.firstIndex(where: { $0.isPunct("/") }), cut > tokens.startIndex else { return tokens }
        return tokens[..<cut]
    }

    /// `X & Y`, `X at Y`, `X near Y`…: the corner at the first connector that has streets on both
    /// sides.
    func cornerAtConnector(_ tokens: ArraySlice<Token>) -> ParsedAddress? {
        guard
            let connector = tokens.indices.first(where: { index in
                index > tokens.startIndex && index + 1 < tokens.endIndex
                    && (Vocabulary.isIntersectionPunct(tokens[index].punct) || Vocabulary.isIntersectionWord(tokens[index]))
                    // `372/374 Pennsylvania Avenue` is a range, not a corner.
                    && !(tokens[index - 1].isNumber && tokens[index + 1].isNumber)
            }), var located = connected(tokens, at: connector)
        else { return nil }
        // `Balmy Alley off 24th St`, `Embarcadero near Pier 14`: beside it, not at it.
        if tokens[connector].lower == "near" { located.note(Note.near) }
        if tokens[connector].lower == "off" { located.note(Note.off) }
        return located
    }

    /// `Café Picaro 3120 16th Street`: a place name, then an address without a comma. A number
    /// after a venue word is the venue's (`Fire Station 38`) unless a street with its suffix
    /// follows (`Central Police Station 766 Vallejo Street`); a pier's number is the pier's.
    func placeThenAddress(_ tokens: ArraySlice<Token>) -> ParsedAddress? {
        guard tokens.first?.lower != "pier",
            let number = tokens.indices.first(where: { index in
                index > tokens.startIndex && tokens[index].isNumber && !tokens[index - 1].isPunct("#")
                    && (!tokens[index - 1].isPlaceWord
                        || (!tokens[index - 1].lower.hasPrefix("pier") && endsWithStreetSuffix(tokens[(index + 1)...])))
            }),
            endsWithStreetSuffix(tokens[number...]) || isBareStreet(tokens[(number + 1)...]),
            tokens[(number + 1)...].contains(where: { $0.isWord })
        else { return nil }
        var address = numbered(tokens[number...])
        guard address.kind == .streetAddress || address.kind == .addressRange else { return nil }
        address.place = AddressTokenizer.text(tokens[..<number])
        return address
    }

    /// `b/w`, `b/t` (three tokens: b, /, w): "between".
    func isSlashBetween(_ tokens: ArraySlice<Token>, at index: Int) -> Bool {
        tokens[index].is("b") && index + 2 < tokens.endIndex && tokens[index + 1].isPunct("/")
            && (tokens[index + 2].lower == "w" || tokens[index + 2].lower == "t")
    }

    func place(_ tokens: ArraySlice<Token>) -> ParsedAddress {
        var result = ParsedAddress(raw: nil)
        guard tokens.contains(where: { $0.isWord && !$0.isNumber }) else {
            result.kind = .unparsed
            return result
        }
        result.kind = .place
        // `Ferry Building Ste 50`, `Coit Tower Rm 2`: a suite in the building named, as business
        // listings write it; the name alone is the place (it found none). Not `#` (`Firestation
        // #38`, `Building #1`: the place's own number).
        var name = tokens
        if name.count >= 3, let value = name.last,
            value.isNumber || value.isNumberWithLetter || (value.lower.utf8.count == 1 && value.hasASCIILetter),
            case let designator = name[name.endIndex - 2], designator.isWord, designator.traits.contains(.inlineUnit),
            let unit = USPSTables.unitDesignators[designator.lower], name[..<(name.endIndex - 2)].contains(where: { $0.isWord && !$0.isNumber })
        {
            result.unit = "\(unit) \(value.text.uppercased())"
            name = name[..<(name.endIndex - 2)]
        }
        result.place = AddressTokenizer.text(name)
        return result
    }

    /// `X between Y and Z`; a missing end is noted, a missing `X` is left for the caller.
    func segment(base: ArraySlice<Token>, ends: ArraySlice<Token>) -> ParsedAddress {
        var result = ParsedAddress(raw: nil)
        var base = base
        // `Arkansas St. midblock between …`
        while let last = base.last, last.lower == "midblock" || last.lower == "mid-block" { base.removeLast() }
        let joiner = ends.firstIndex { $0.lower == "and" || $0.isPunct("&") || $0.isPunct("/") || $0.lower == "an" || Vocabulary.isRangeJoiner($0) }
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
        if left.first?.isNumber == true, !isGridStreet(left) {
            result = numbered(left)
        } else {
            result = ParsedAddress(raw: nil)
            result.kind = .intersection
            let (body, unit, _) = splitUnit(left)
            result.mainStreet = street(body, plural: shared)
            result.unit = unit
        }
        result.cross = street(firstAtJunction(splitUnit(right).body), plural: nil)
        if shared != nil, result.mainStreet?.suffix == shared { result.note(Note.sharedSuffix) }
        return result
    }

    /// Whether `1/2` starts at `index`, glued together: the half of a house number (`2615 1/2`).
    func isHalf(_ tokens: ArraySlice<Token>, at index: Int) -> Bool {
        index + 2 < tokens.endIndex && tokens[index].lower == "1" && tokens[index + 1].isPunct("/") && tokens[index + 2].lower == "2"
            && !tokens[index + 1].spaceBefore && !tokens[index + 2].spaceBefore
    }

    /// A building's letter written apart after its number: one letter that is no directional
    /// (`100 E Main St` is East Main), no `O` (`O Farrell St`) and no corner's `x`, before a word of
    /// the street's name that is no suffix (`140 B St` is B Street) nor one letter (`100 J F
    /// Kennedy Blvd`), in a text ending in a street's suffix.
    func isBuildingLetter(_ tokens: ArraySlice<Token>, at index: Int) -> Bool {
        let letter = tokens[index], next = tokens[index + 1]
        guard letter.isWord, letter.spaceBefore, letter.lower.utf8.count == 1, letter.hasASCIILetter, !letter.traits.contains(.directional),
            !["o", "x"].contains(letter.lower), next.isWord, !next.isNumber, next.lower.utf8.count > 1, !next.traits.contains(.anySuffix)
        else { return false }
        return endsWithStreetSuffix(tokens[(index + 1)...])
    }

    /// `1158-70 Montgomery Street`, `766 Vallejo St.`, `3 Embarcadero Center` (a place); the
    /// number may carry its building's letter or half (`522A`, `123-B`, `2615 1/2`).
    func numbered(_ tokens: ArraySlice<Token>) -> ParsedAddress {
        var result = ParsedAddress(raw: nil)
        var index = tokens.startIndex
        var number = tokens[index].isNumberWithLetter ? tokens[index].lower.uppercased() : tokens[index].lower
        index += 1
        // `157.5 Fifth St`, `2001.0 Mission St`: a number stored as a decimal, as assessors' systems
        // write a half (a period ends a word, so its fraction is a number glued to it): `.5` is
        // the half, zeros are nothing (the fraction was read into the street's name: `5 5th St`).
        if index + 1 < tokens.endIndex, tokens[index - 1].isNumber, tokens[index].isNumber, !tokens[index].spaceBefore {
            if tokens[index].lower == "5" {
                number += " 1/2"
                index += 1
            } else if tokens[index].lower.utf8.allSatisfy({ $0 == UInt8(ascii: "0") }) {
                index += 1
            }
        }
        if index + 2 < tokens.endIndex, tokens[index].isPunct("-"), !tokens[index].spaceBefore, !tokens[index + 1].spaceBefore,
            tokens[index + 1].isWord, tokens[index + 1].lower.utf8.count == 1, !tokens[index + 1].isNumber
        {
            // `123-B Main St`: the letter of one building of several at the number.
            number += "-" + tokens[index + 1].lower.uppercased()
            index += 2
        } else if index + 2 < tokens.endIndex, tokens[index - 1].isNumber, isBuildingLetter(tokens, at: index) {
            // `140 B Captains Quarters Rd`, `10366 A Democracy Ln` (Maryland's MBE directory): the
            // letter written apart from its number (it was read into the street's name, `B
            // Captains Quarters Rd`, and no street of that name was found).
            number += tokens[index].lower.uppercased()
            index += 1
        } else if index + 3 < tokens.endIndex, isHalf(tokens, at: index) {
            // `2615 1/2 Gary Ave`: a house fitted between two numbers.
            number += " 1/2"
            index += 3
        } else if index + 4 < tokens.endIndex, tokens[index].isPunct("-"), !tokens[index].spaceBefore, !tokens[index + 1].spaceBefore,
            isHalf(tokens, at: index + 1)
        {
            // `6-1/2 Acacia St`: the half joined by a hyphen, as Cambridge's address list writes
            // it (it was a range from 6 to 1 on a street `2 Acacia St`).
            number += " 1/2"
            index += 4
        }
        if index + 2 < tokens.endIndex, tokens[index - 1].isNumber, tokens[index].isPunct("-"), !tokens[index].spaceBefore,
            !tokens[index + 1].spaceBefore, tokens[index + 1].isNumber, HouseNumber.isHyphenated(first: number, second: tokens[index + 1].lower),
            !(index + 5 < tokens.endIndex && isHalf(tokens, at: index + 2))
        {
            // `86-12 91st St`: Queens' block and house, one number (it was a range from 86 to 12);
            // `22-22 1/2 Sherman St` is a range to the half.
            number += "-" + tokens[index + 1].lower
            index += 2
            result.note(Note.hyphenatedNumber)
        }
        result.number = number
        result.kind = .streetAddress
        var suite: String?
        if index + 2 < tokens.endIndex, tokens[index - 1].isNumber, tokens[index].isPunct("-"), !tokens[index].spaceBefore,
            !tokens[index + 1].spaceBefore, tokens[index + 1].isNumber, let from = Int(number),
            let to = Int(Self.rangeEnd(written: tokens[index + 1].lower, from: number)), to < from,
            !(index + 5 < tokens.endIndex && isHalf(tokens, at: index + 2))
        {
            // `8320-120 Litchford Rd`, `9820 - 170 Leesville Rd`: a second number that cannot end a
            // range from the first (nor is Queens' house) is a suite of the building at the first,
            // as Raleigh's addresses write one (it was a range down to 8120, and with spaces the
            // first number was lost: `170 Leesville Rd`, 1.2 km off, at 0.9).
            suite = "#" + tokens[index + 1].lower
            index += 2
        }
        if index + 1 < tokens.endIndex, tokens[index].isPunct("-") || tokens[index].isPunct("/"),
            tokens[index + 1].isNumber || tokens[index + 1].isNumberWithLetter
        {
            // `520-522A`: the letter is the last building's, the range ends at 522.
            let written = String(tokens[index + 1].lower.prefix { $0.isASCII && $0.isNumber })
            let to = Self.rangeEnd(written: written, from: number)
            if to != written { result.note(Note.rangeAbbreviated) }
            result.numberTo = to
            result.kind = .addressRange
            index += 2
            // `22-22 1/2 Sherman St`: a range that ends at a half ends at its number.
            if index + 3 < tokens.endIndex, isHalf(tokens, at: index) { index += 3 }
        }
        if index < tokens.endIndex, tokens[index].lower == "block" || tokens[index].lower == "blocks" || tokens[index].lower == "blk" {
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
        var (body, unit, afterUnit) = splitUnit(rest)
        if !afterUnit.isEmpty, tail.isEmpty { tail = afterUnit }
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
        let words = body.words
        // After a house number any Publication 28 suffix makes a street (`5 Embarcadero Center`,
        // `24 Willie Mays Plaza`), also before the street's directional (`300 Airport Way S`,
        // `12345 Lake City Way NE`: they were places); other venue words make a place (`365 Club`).
        let typeWord = words.count >= 3 && words[words.count - 1].traits.contains(.directional) ? words[words.count - 2] : words.last
        let endsWithAnySuffix = words.count >= 2 && typeWord?.traits.contains(.anySuffix) == true
        if !endsWithAnySuffix, words.count > 4 || words.contains(where: \.isPlaceWord), !isSuffixlessStreet(words), !isNumberedRoad(body) {
            return place(tokens)
        }
        result.mainStreet = street(body)
        result.unit = unit ?? suite
        return result
    }

    /// The number a range written `first-written` ends at: `written` itself, or, when it has fewer
    /// digits, the first's leading digits before it (`1158-70` → `1170`).
    static func rangeEnd(written: String, from first: String) -> String {
        guard written.utf8.count < first.utf8.count else { return written }
        return String(first.prefix(first.utf8.count - written.utf8.count)) + written
    }
}
