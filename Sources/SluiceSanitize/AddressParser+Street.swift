/// Street-level decisions shared by the phrase grammar: is this run of words a street, where
/// does its unit start, and what `NormalizedStreet` does it make.
extension AddressParser {
    /// Unit designators that start a unit inside an address (`766 Sutter St Apt 3`). The rest of
    /// Publication 28's list (Pier, Building, Lobby …) names places in this data.
    static let inlineUnits: Set<String> = ["#", "apt", "apartment", "suite", "ste", "unit", "room", "rm", "floor", "fl", "flr", "penthouse", "ph"]

    /// The street named by `tokens`; a plural suffix elsewhere (`Streets`) fills a missing one.
    func street(_ tokens: ArraySlice<Token>, plural: String? = nil) -> NormalizedStreet {
        var words: [StreetNormalizer.Word] = []
        words.reserveCapacity(tokens.count)
        for token in tokens where token.isWord {
            // The normalizer's rule is `lowercased()`; the token's ASCII folding is the same for ASCII words.
            if token.traits.contains(.nonASCII) {
                words.append(StreetNormalizer.Word(text: token.text, lower: token.text.lowercased()))
            } else {
                words.append(StreetNormalizer.Word(text: token.text, lower: token.lower, traits: token.traits))
            }
        }
        // The trait says whether the word is a key, so most streets skip the hashed probe.
        if let last = words.last, last.traits.contains(.pluralSuffix), let singular = Vocabulary.pluralSuffixes[last.lower] {
            words[words.count - 1] = StreetNormalizer.Word(text: singular, lower: Words.lowercased(singular))
        } else if words.count >= 2, let last = words.last, let abbreviation = SuffixSpelling.abbreviation(ofMisspelt: last.lower, traits: last.traits)
        {
            // `Walter U Lum Plc`: a slip in the suffix.
            words[words.count - 1] = StreetNormalizer.Word(text: abbreviation, lower: Words.lowercased(abbreviation))
        }
        var normalized = StreetNormalizer.normalize(words: consume words)
        if normalized.suffix == nil, let plural, !normalized.name.isEmpty {
            normalized = NormalizedStreet(
                preDirectional: normalized.preDirectional, name: normalized.name, suffix: plural,
                postDirectional: normalized.postDirectional)
        }
        return normalized
    }

    /// `Streets` / `Aves` at the end: the suffix every street of the phrase shares.
    func sharedSuffix(_ tokens: ArraySlice<Token>) -> String? {
        tokens.last(where: \.isWord).flatMap { $0.traits.contains(.pluralSuffix) ? Vocabulary.pluralSuffixes[$0.lower] : nil }
    }

    /// Splits a trailing unit off a street: `Henry Adams Place 4th Floor` → (`Henry Adams Place`, `Fl 4`),
    /// `Main St Rear` → (`Main St`, `Rear`). `after`: plain words after the unit's value, no part
    /// of it (`Main St Apt 31 Bobco`: where US addresses write the town).
    func splitUnit(_ tokens: ArraySlice<Token>) -> (body: ArraySlice<Token>, unit: String?, after: ArraySlice<Token>) {
        var index = tokens.startIndex + 1
        while index < tokens.endIndex {
            let token = tokens[index]
            let next = index + 1 < tokens.endIndex ? tokens[index + 1] : nil
            if let next, next.isWord, token.traits.contains(.inlineUnit), let designator = USPSTables.unitDesignators[token.lower] {
                let end = unitValueEnd(tokens, value: index + 1)
                let value = AddressTokenizer.text(tokens[(index + 1)..<end])
                // `Apt#3`: a designator glued to the `#` that stands for one is the unit's own.
                if designator == "#", index - 1 > tokens.startIndex, tokens[index - 1].traits.contains(.inlineUnit),
                    let named = USPSTables.unitDesignators[tokens[index - 1].lower], named != "#"
                {
                    return (tokens[..<(index - 1)], "\(named) \(value)", tokens[end...])
                }
                return (tokens[..<index], designator == "#" ? "#\(value)" : "\(designator) \(value)", tokens[end...])
            }
            // `Unit-2B`: the designator joined to its number by a hyphen.
            if let next, next.isPunct("-"), index + 2 < tokens.endIndex, tokens[index + 2].isWord, tokens[index + 2].hasLetterOrDigit,
                token.traits.contains(.inlineUnit), let designator = USPSTables.unitDesignators[token.lower], designator != "#"
            {
                let end = unitValueEnd(tokens, value: index + 2)
                return (tokens[..<index], "\(designator) \(AddressTokenizer.text(tokens[(index + 2)..<end]))", tokens[end...])
            }
            // `1234 Main St Spc 12`, `… Trlr 5`, `… Lot 7`, `… Bldg 2`: a designator of Publication 28
            // that is no inline unit (it names a place in other text), then its value, last after
            // the street's suffix (a mobile-home park's space, a campus's building).
            // Plain words after it are where a one-line address writes the town (`… Dr Bldg J
            // Dallas`: it was the place `Bldg J Dallas`).
            if let next, index + 2 == tokens.endIndex || Self.arePlainWords(tokens[(index + 2)...]),
                tokens[index - 1].isStreetSuffix, !tokens[index - 1].isPlaceWord,
                index - 1 > tokens.startIndex, let designator = USPSTables.unitDesignators[token.lower], designator != "Pier",
                !USPSTables.unitsWithoutNumber.contains(designator),
                next.isNumber || next.isNumberWithLetter || (next.lower.utf8.count == 1 && next.hasASCIILetter)
            {
                return (tokens[..<index], "\(designator) \(next.text.uppercased())", tokens[(index + 2)...])
            }
            // `1 N STATE ST FL`, `… AVE STE`: a designator last after the suffix, its value left
            // out by the source, is no word of the street's name (it was `State St Fl`).
            if next == nil, index - 1 > tokens.startIndex, tokens[index - 1].isStreetSuffix, !tokens[index - 1].isPlaceWord,
                !token.isStreetSuffix, let designator = USPSTables.unitDesignators[token.lower], designator != "Pier",
                !USPSTables.unitsWithoutNumber.contains(designator)
            {
                return (tokens[..<index], nil, tokens[tokens.endIndex...])
            }
            if next == nil, isBareUnit(tokens, at: index) {
                return (tokens[..<index], "#\(token.text.uppercased())", tokens[tokens.endIndex...])
            }
            // `6 Canal Pk 101/2`, `… Ave 365/1`: such a unit and its building's number joined by a
            // slash, as assessors' unit columns write them (it was read into the street's name).
            if let next, next.isPunct("/"), index + 3 == tokens.endIndex, !next.spaceBefore, !tokens[index + 2].spaceBefore,
                tokens[index + 2].isNumber, isBareUnit(tokens[..<(index + 1)], at: index)
            {
                return (tokens[..<index], "#\(token.text.uppercased())/\(tokens[index + 2].text)", tokens[tokens.endIndex...])
            }
            if let next, USPSTables.unitDesignators[next.lower] == "Fl", let floor = Ordinals.value(of: token.lower), index + 2 == tokens.endIndex {
                return (tokens[..<index], "Fl \(floor)", tokens[tokens.endIndex...])
            }
            // `100 Main St Rear`: a unit that takes no number, last after the street's suffix.
            if next == nil, tokens[index - 1].isStreetSuffix, let designator = USPSTables.unitDesignators[token.lower],
                USPSTables.unitsWithoutNumber.contains(designator)
            {
                return (tokens[..<index], designator, tokens[tokens.endIndex...])
            }
            index += 1
        }
        return (tokens, nil, tokens[tokens.endIndex...])
    }

    /// Whether `tokens` are words of letters alone (`Dallas`, `San Marcos`): a town's name may
    /// be, a unit's value or a second unit (`Suite 300`) is not.
    static func arePlainWords(_ tokens: ArraySlice<Token>) -> Bool {
        !tokens.isEmpty
            && tokens.allSatisfy {
                $0.isWord && $0.hasASCIILetter && USPSTables.unitDesignators[$0.lower] == nil
                    && !$0.lower.utf8.contains { $0 >= 0x30 && $0 <= 0x39 }
            }
    }

    /// Where a unit's value, starting at `value`, ends: its first word (with what a hyphen glues
    /// to it: `5-O8`) and all after it, unless every word after it is a plain word, none a
    /// number, letter, direction or unit (`Apt 3 B`, `Ste 200 North`, `Apt 5 Rear` stay whole):
    /// `Apt 31 Bobco` is `Apt 31`, then a town.
    func unitValueEnd(_ tokens: ArraySlice<Token>, value: Int) -> Int {
        var end = value + 1
        while end + 1 < tokens.endIndex, tokens[end].isPunct("-"), !tokens[end].spaceBefore, !tokens[end + 1].spaceBefore { end += 2 }
        let after = tokens[end...]
        let plain = after.allSatisfy { token in
            token.isWord && token.lower.utf8.count > 1 && token.hasASCIILetter && !token.lower.utf8.contains { $0 >= 0x30 && $0 <= 0x39 }
                && !isDirectional(token) && USPSTables.unitDesignators[token.lower] == nil && token.lower != "floor" && token.lower != "and"
        }
        return plain && !after.isEmpty ? after.startIndex : tokens.endIndex
    }

    /// Street types whose number or letter after them names the road (`County Road 43`, `Indiana
    /// Highway 212`, `County Road Y`, `Route 66`), not a unit.
    static let routeSuffixes: Set<String> = ["Rd", "Hwy", "Rte", "Fwy", "Expy", "Tpke", "Byp", "Pike"]

    /// Whether the last word, `tokens[index]`, is a unit written without its designator, as
    /// permit and parcel exports write a `UNIT` column joined after the street: a number, a number
    /// and a letter, or one letter that is not a directional, after a name and its street suffix
    /// (perhaps then a directional), or after a grid street with its directional before it:
    /// `1200 N Clark St 2B`, `100 Main St 4`, `1234 5th Ave NE B`, `300 S 200 W 5` → `#2B`, `#4`,
    /// `#B`, `#5` (Publication 28 writes `#` where the designator is not known). A numbered
    /// road keeps its number (`County Rd 12`, `Route 66`), a venue its own (`Fire Station 7`), and
    /// a ZIP code's five digits are not a unit (`readsAsZIPAfterStreet`).
    func isBareUnit(_ tokens: ArraySlice<Token>, at index: Int) -> Bool {
        let token = tokens[index]
        guard token.isWord, !token.traits.contains(.directional) else { return false }
        let digits = token.lower.utf8.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
        let letter = token.lower.utf8.count == 1 && token.hasASCIILetter
        let number = token.isNumber && (digits < 5 || (digits == 5 && !readsAsZIPAfterStreet(token.lower)))
        guard number || token.isNumberWithLetter || letter else { return false }
        // `300 S 200 W 5`: after a grid street, whose name ends in its direction.
        if index - 2 > tokens.startIndex, isGridStreet(tokens[(index - 2)..<index].words) { return true }
        var suffixAt = index - 1
        if suffixAt > tokens.startIndex, tokens[suffixAt].traits.contains(.directional) { suffixAt -= 1 }
        guard suffixAt > tokens.startIndex, tokens[suffixAt].isStreetSuffix, !tokens[suffixAt].isPlaceWord,
            tokens[suffixAt - 1].isWord, !Self.routeSuffixes.contains(USPSTables.suffixTable[tokens[suffixAt].lower] ?? "")
        else { return false }
        // `100 E Avenue J`: after a lone one-letter directional the letter names the avenue
        // (`StreetNormalizer.letteredAvenue`); `100 Main Ave B` keeps its unit.
        if letter, suffixAt == index - 1, tokens[suffixAt - 1].lower.utf8.count == 1, tokens[suffixAt - 1].traits.contains(.directional),
            suffixAt - 1 == tokens.startIndex || tokens[suffixAt - 2].isNumber || tokens[suffixAt - 2].isNumberWithLetter,
            StreetNormalizer.isLetteredAvenue(avenue: tokens[suffixAt].lower, letter: token.lower)
        {
            return false
        }
        return !Highways.isHighway(tokens.words.map(\.lower))
    }

    /// Whether five digits written right after a street (`100 Main St 94105`) are its ZIP code: a
    /// ZIP some town has, in the record's state when one is known (`--state`, `--state-field`).
    /// Others are the unit a column held: Cambridge's assessors number units by building
    /// (`1222 Cambridge St 12181`, with `--state MA`, was Troy, NY 12181, and refused).
    func readsAsZIPAfterStreet(_ zip: String) -> Bool {
        guard let town = USTowns.town(zip: String(zip.prefix(5))) else { return false }
        guard let known = recordTown.state ?? state else { return true }
        return town.state == (USPSTables.knownStateCode(known) ?? known)
    }

    /// Whether the last word (before a unit or trailing directional) is a street suffix with a
    /// name before it: `Vallejo St.`, `Mason & California Streets`, `Mission Bay Blvd North`.
    func endsWithStreetSuffix(_ tokens: ArraySlice<Token>) -> Bool {
        let hasUnit = tokens.contains { $0.traits.contains(.inlineUnit) }
        let body = hasUnit ? splitUnit(tokens).body : tokens
        // The traits of the last three words, found from the end without building an array (this runs often).
        var found: (WordTraits, WordTraits) = ([], [])
        var count = 0
        var index = body.endIndex
        while index > body.startIndex, count < 3 {
            index -= 1
            guard body[index].isWord else { continue }
            if count == 0 { found.0 = body[index].traits } else if count == 1 { found.1 = body[index].traits }
            count += 1
        }
        guard count >= 2 else { return false }
        let word = found.0.contains(.directional) && count >= 3 ? found.1 : found.0
        if word.contains(.pluralSuffix) { return true }
        // `Justin Herman Plaza`, `Broadway Tunnel`: a suffix that names a venue here.
        if word.contains(.placeWord) { return false }
        return word.contains(.streetSuffix)
    }

    /// Whether the words (punctuation skipped) are one of `Vocabulary.suffixlessStreets`, or
    /// `Avenue of the` and one or two words (`Avenue of the Americas`, `Ave of the Stars`): the
    /// phrase is built only when the first word starts one (`the`, `broadway`, `avenue` …).
    func isSuffixlessStreet(_ tokens: some Collection<Token>) -> Bool {
        guard let first = tokens.first(where: \.isWord), first.traits.contains(.startsSuffixlessStreet) else { return false }
        let words = tokens.words.map { Vocabulary.foldedSuffix($0.lower) }
        if (4...5).contains(words.count), words[0] == "ave", words[1] == "of", words[2] == "the" { return true }
        return Vocabulary.suffixlessStreetKeys.contains(words.joined(separator: " "))
    }

    /// Up to three plain words, none naming a venue: `Divisadero` in `UCSF Mt Zion 1600 Divisadero`.
    func isBareStreet(_ tokens: ArraySlice<Token>) -> Bool {
        (1...3).contains(tokens.count) && tokens.allSatisfy { $0.isWord && $0.hasASCIILetter && !$0.isPlaceWord }
    }

    /// A street with no number: a suffix, a numbered road, or one of the SF streets written without one.
    func isStreet(_ tokens: ArraySlice<Token>) -> Bool {
        if endsWithStreetSuffix(tokens) || isNumberedRoad(tokens) { return true }
        let words = splitUnit(tokens).body.words
        if words.contains(where: \.isPlaceWord) { return false }
        return isSuffixlessStreet(words)
            || (words.count == 1 && Ordinals.value(of: words[0].lower) != nil)
            || endsWithMisspeltSuffix(words) || isDirectionalStreet(words) || isGridStreet(words)
    }

    /// A grid town's numbered street (`GridStreet.isLikely`: `200 W`, `300 South`), perhaps
    /// after its own directional (`W 200 S`), as Salt Lake City's corners are written (`200 W &
    /// 300 S`, which was house 200 on a street `W 300 S`).
    func isGridStreet(_ tokens: ArraySlice<Token>) -> Bool {
        // Most phrases are longer: they skip building the words (this runs for every phrase).
        tokens.count <= 4 && isGridStreet(tokens.words)
    }

    func isGridStreet(_ words: [Token]) -> Bool {
        var rest = words[...]
        if rest.count == 3, rest[rest.startIndex].traits.contains(.directional) { rest = rest.dropFirst() }
        guard rest.count == 2, rest[rest.startIndex].isNumber, let last = rest.last, last.traits.contains(.directional) else { return false }
        return GridStreet.isLikely(number: rest[rest.startIndex].lower, last.lower)
    }

    /// `Highway 80`, `West U.S. Hwy 50`, `County Rd 12 Apt 4`: a numbered road (`Highways`),
    /// perhaps after a directional and before a unit.
    func isNumberedRoad(_ tokens: ArraySlice<Token>) -> Bool {
        // Most phrases hold no number: they skip the rest.
        guard tokens.contains(where: \.isNumber) else { return false }
        return Highways.isHighway(splitUnit(tokens).body.words.map(\.lower))
    }

    /// Two or more words, the last a street suffix with a slip in it: `Walter U Lum Plc`.
    func endsWithMisspeltSuffix(_ words: [Token]) -> Bool {
        guard words.count >= 2, let last = words.last else { return false }
        return SuffixSpelling.abbreviation(ofMisspelt: last.lower, traits: last.traits) != nil
    }

    /// A directional and a name: `S. Van Ness`, `South Van Ness`. The name must be one or two
    /// capitalised words on no list and no side of something, so `West Harbor` (a Publication 28
    /// word), `North Beach` (a place word), `West End` and `East Bay` are not streets.
    func isDirectionalStreet(_ words: [Token]) -> Bool {
        guard (2...3).contains(words.count), words[0].traits.contains(.directional) else { return false }
        return words.dropFirst().allSatisfy { word in
            word.traits == [.letterOrDigit, .asciiLetter] && word.text.utf8.first.map { $0 >= 0x41 && $0 <= 0x5A } == true
                && !Vocabulary.structureWords.contains(word.lower) && !Vocabulary.sideWords.contains(word.lower)
        }
    }

    /// Whether one side of `X & Y` / `X at Y` / `X and Y` reads as a street, so the phrase is
    /// an intersection and not `Fort Mason and Crissy Field` or `Macy's at Union Square`.
    func isStreetSide(_ tokens: ArraySlice<Token>, numbered: Bool) -> Bool {
        var body = tokens
        if numbered, body.first?.isNumber == true {
            body = body.dropFirst()
            // The end of a range: `835-865 Market Street`, `520-522A Green Street`.
            if body.count >= 2, body.first?.isPunct("-") == true || body.first?.isPunct("/") == true,
                body.dropFirst().first.map({ $0.isNumber || $0.isNumberWithLetter }) == true
            {
                body = body.dropFirst(2)
            }
            guard body.contains(where: \.isWord) else { return false }
        }
        let words = body.words
        guard let first = words.first, first.lower != "pier" else { return false }
        if first.lower == "the", words.count > 1, words[1].lower != "embarcadero" { return false }
        if body.contains(where: { !$0.isWord && !$0.isPunct("-") }) && !numbered { return false }
        // A house number inside a side (`Perry's 132 Embarcadero`) is an address, not a corner,
        // but a road's (`Highway 1 & Sloat Blvd`) is its name.
        if body.contains(where: \.isNumber) { return isNumberedRoad(body) || isGridStreet(words) }
        if endsWithStreetSuffix(body) { return true }
        if words.count == 1 || isSuffixlessStreet(words) { return true }
        if words.contains(where: \.isPlaceWord) { return false }
        return words.count <= 3 || (words.count <= 5 && endsWithMisspeltSuffix(words))
    }
}
