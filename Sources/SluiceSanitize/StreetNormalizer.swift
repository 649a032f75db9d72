/// A street name split into its USPS parts, with keys for matching.
///
///     StreetNormalizer.normalize("Third Street")
///     // preDirectional nil, name "3rd", suffix "St", key "3rd st", nameKey "3rd"
public struct NormalizedStreet: Equatable, Sendable {
    /// A leading directional, abbreviated: `"N"`, `"SW"`.
    public var preDirectional: String?
    /// The name in display form, title case, without suffix or directionals: `"3rd"`,
    /// `"Saint Francis"`, `"O'Farrell"`, `"Embarcadero"`.
    public var name: String
    /// The USPS suffix abbreviation in title case: `"St"`, `"Ave"`, `"Blvd"`.
    public var suffix: String?
    /// A trailing directional, abbreviated: `"N"` in `Mission Bay Blvd North`.
    public var postDirectional: String?
    /// Lowercase matching key of the name alone: `"3rd"`, `"ofarrell"`.
    public var nameKey: String

    public init(preDirectional: String? = nil, name: String, suffix: String? = nil, postDirectional: String? = nil) {
        self.preDirectional = preDirectional
        self.name = name
        self.suffix = suffix
        self.postDirectional = postDirectional
        nameKey = Words.key(name)
    }

    /// Lowercase matching key with directionals and suffix: `"3rd st"`, `"s van ness ave"`.
    /// Worked out when asked: the parser and geocoder match on `nameKey` and never read it.
    public var key: String {
        Self.spaced(preDirectional.map(Words.lowercased), nameKey, suffix.map(Words.lowercased), postDirectional.map(Words.lowercased))
    }

    /// The display form: `"S Van Ness Ave"`.
    public var display: String { Self.spaced(preDirectional, name, suffix, postDirectional) }

    /// The parts present and not empty, joined by single spaces (without building an array).
    static func spaced(_ first: String?, _ second: String, _ third: String?, _ fourth: String?) -> String {
        Words.joined(first, second, third, fourth, separator: " ", skippingEmpty: true)
    }
}

/// Normalises a street name as people and gazetteers write it into a `NormalizedStreet`, so
/// that spellings people consider the same get the same key.
///
///     normalize("Third Street") == normalize("3RD ST.")   // key "3rd st"
///     normalize("03RD ST").key                           // "3rd st"   (gazetteer zero padding)
///     normalize("St. Francis Blvd").name                 // "Saint Francis" (leading St. is Saint)
///     normalize("MASON").key                             // "mason", suffix nil
///     normalize("O'FARRELL ST").name                     // "O'Farrell", nameKey "ofarrell"
///     normalize("THE EMBARCADERO")                       // name "Embarcadero", key "embarcadero"
///     normalize("North Point St")                        // name "North Point": "Point" is a suffix word,
///                                                        // so the directional stays part of the name
///     normalize("SOUTH VAN NESS AVE").key                // "s van ness ave"
///
/// Choices: a leading "The" is dropped (`The Embarcadero` and `Embarcadero` are one street in
/// every SF source); a leading `St`/`St.` followed by more words is Saint, a leading `Mt` is
/// Mount and a leading `Ave` is Avenue (`Ave of the Palms`); spelled-out and zero-padded ordinals
/// become `3rd`; a final word is a suffix only when a name word precedes it (`Street` alone is a
/// name) and it is one of the street types in `USPSTables.streetSuffixes` (`Golden Gate Park`
/// keeps `Park` in its name, `Buena Vista` keeps `Vista`). Periods are dropped; apostrophes are
/// kept in `name` and removed from the keys.
///
/// - Complexity: O(n) in the length of `text`.
public enum StreetNormalizer {
    public static func normalize(_ text: String) -> NormalizedStreet {
        normalize(words: Words.split(text).map { Word(text: $0, lower: Words.lowercased($0)) })
    }

    /// One word of a street name as written, with its lowercase form (the tokenizer has it already).
    struct Word: Equatable {
        var text: String
        var lower: String
        /// What the tables say about `lower`, so the rules below probe them only on a match.
        var traits: WordTraits

        init(text: String, lower: String, traits: WordTraits? = nil) {
            self.text = text
            self.lower = lower
            self.traits = traits ?? WordTraits(lowercase: lower)
        }

        /// A suffix whose abbreviation is one of `USPSTables.streetSuffixes`.
        var isStreetSuffix: Bool { traits.contains(.streetSuffix) }
    }

    /// The lowercase matching form of any component text, as the keys use it:
    /// `matchingKey("O'Farrell St.")` → `"ofarrell st"`.
    public static func matchingKey(_ text: String) -> String { Words.key(text) }

    /// Normalises words already split (by `Words.split` or the address tokenizer).
    /// `input` is consumed: the suffix and directionals come off the caller's array in place,
    /// where a shared array was copied at the first `removeLast`.
    static func normalize(words input: consuming [Word]) -> NormalizedStreet {
        var words = Ordinals.joiningCompounds(consume input)
        if words.count > 1, words[0].lower == "the" { words.removeFirst() }
        guard !words.isEmpty else { return NormalizedStreet(name: "") }
        if let road = numberedRoad(words) { return road }
        joinQuadrants(&words)
        readSoAsSouth(&words)
        if let avenue = letteredAvenue(words) { return avenue }
        var postDirectional: String?
        var suffix: String?
        if words.count >= 3, words[words.count - 1].traits.contains(.directional), words[words.count - 2].isStreetSuffix,
            let direction = USPSTables.directionalTable[words[words.count - 1].lower]
        {
            postDirectional = direction
            words.removeLast()
        }
        if words.count >= 2, words[words.count - 1].isStreetSuffix, let abbreviation = USPSTables.suffixTable[words[words.count - 1].lower],
            !(words.count == 2 && isSaintOrMount(words[0].lower))
        {
            suffix = singular(abbreviation)
            words.removeLast()
        }
        var preDirectional: String?
        // `North Point St` keeps its directional in the name; `E Pike St`, `W Park Ave` do not:
        // a single-letter directional abbreviates one that is not part of the name.
        if words.count >= 2, words[0].traits.contains(.directional), let direction = USPSTables.directionalTable[words[0].lower],
            !(words.count == 2 && words[1].traits.contains(.anySuffix) && words[0].lower.utf8.count > 1)
        {
            preDirectional = direction
            words.removeFirst()
        }
        // `164 STREET`, `W 34 ST`: New York's files write a numbered street bare; with its suffix
        // the number is the ordinal people write (`164th St`), one key for both (`Pier 39` and
        // `Beach 56 Pl`, a number among other words or without a suffix, stay as written).
        if suffix != nil, words.count == 1, let ordinal = bareOrdinal(words[0].lower) {
            words[0] = Word(text: ordinal, lower: ordinal)
        }
        // `200 South`, `1300 East`: a grid town's numbered street (`GridStreet`) ends in its
        // direction from the grid's centre, a part of its name.
        if words.count == 2, words[1].traits.contains(.directional), let direction = GridStreet.direction(number: words[0].lower, words[1].lower) {
            words[1] = Word(text: direction, lower: Words.lowercased(direction))
        }
        spellMartinLutherKing(&words)
        if words.count >= 2 {
            switch words[0].lower {
            case "st": words[0] = Word(text: "Saint", lower: "saint")
            case "mt": words[0] = Word(text: "Mount", lower: "mount")
            // `Ave of the Palms`: a name cannot start with a suffix, so this is the word Avenue.
            case let first where first != "avenue" && words[0].traits.contains(.anySuffix) && USPSTables.suffixTable[first] == "Ave":
                words[0] = Word(text: "Avenue", lower: "avenue")
            default: break
            }
        }
        // Most names are one word: its display form is the name, with nothing appended.
        var name = words.count == 1 ? displayWord(words[0]) : ""
        if words.count > 1 {
            for word in words {
                if !name.isEmpty { name.append(" ") }
                name.append(displayWord(word))
            }
        }
        return NormalizedStreet(preDirectional: preDirectional, name: name, suffix: suffix, postDirectional: postDirectional)
    }

    /// `S Avenue N`, `W Avenue J`, `E Ave K` (Chicago's, Lancaster's, Lubbock's lettered
    /// avenues): after a one-letter directional, `Avenue` and one letter are the street's name,
    /// not a suffix then a post-directional or a unit (`13501 S AVENUE N` was street `S`, post N).
    /// A letter that is itself a directional counts only after `Avenue` spelled out (`S Ave W`
    /// may be South Avenue West).
    static func letteredAvenue(_ words: [Word]) -> NormalizedStreet? {
        guard words.count == 3, words[0].lower.utf8.count == 1, let direction = USPSTables.directionalTable[words[0].lower],
            isLetteredAvenue(avenue: words[1].lower, letter: words[2].lower)
        else { return nil }
        return NormalizedStreet(preDirectional: direction, name: "Avenue " + words[2].text.uppercased(), suffix: nil, postDirectional: nil)
    }

    /// Whether `avenue` (a spelling of the suffix Ave) and `letter` name a lettered avenue
    /// (`letteredAvenue`): one ASCII letter, a directional one only after `avenue` spelled out.
    static func isLetteredAvenue(avenue: String, letter: String) -> Bool {
        guard USPSTables.suffixTable[avenue] == "Ave", letter.utf8.count == 1,
            let byte = letter.utf8.first, byte >= 0x61 && byte <= 0x7A
        else { return false }
        return avenue == "avenue" || USPSTables.directionalTable[letter] == nil
    }

    /// `US Hwy 50`, `West U.S. Highway No. 50`: a numbered road (`Highways`), perhaps after a
    /// directional, in its one spelling (`US Highway 50`, pre-directional W).
    static func numberedRoad(_ words: [Word]) -> NormalizedStreet? {
        // Most names hold no digit: they skip the rest.
        guard words.contains(where: { $0.lower.utf8.contains { $0 >= 0x30 && $0 <= 0x39 } }) else { return nil }
        // `I-80`, `US-101` as a source writes them, in the words the parser's tokens give.
        let lowers = words.flatMap { $0.lower.split(separator: "-").map(String.init) }
        guard lowers.count >= 2, let road = Highways.read(lowers) else { return nil }
        return NormalizedStreet(preDirectional: road.preDirectional, name: road.name, suffix: nil, postDirectional: road.postDirectional)
    }

    /// `S.W. 5th Ave`, `5th Ave S.W.`: the tokenizer splits `S.W.` at its periods; the two
    /// letters are one quadrant (`SW`) before a name (`N. E. Street` stays North E Street), or
    /// after a suffix.
    static func joinQuadrants(_ words: inout [Word]) {
        // Only a one-letter directional can start a split quadrant: most names skip the rest.
        if words.count >= 3, words[0].lower.utf8.count == 1, words.count > 3 || !words[2].traits.contains(.anySuffix),
            let quadrant = quadrant(words[0], words[1])
        {
            words.replaceSubrange(0..<2, with: [quadrant])
        }
        let count = words.count
        if count >= 4, words[count - 1].lower.utf8.count == 1, words[count - 3].isStreetSuffix,
            let quadrant = quadrant(words[count - 2], words[count - 1])
        {
            words.replaceSubrange((count - 2)..<count, with: [quadrant])
        }
    }

    /// How people write Martin Luther King before `Jr`, in lowercase words (`M.L.K.` splits at
    /// its periods).
    static let kingSpellings: [[String]] = [
        ["martin", "luther", "king"], ["martin", "l", "king"], ["m", "l", "king"], ["ml", "king"], ["mlk"], ["m", "l", "k"],
    ]

    /// A street named for Martin Luther King Jr in one spelling, `Martin Luther King Jr`, however
    /// written (`M L King Jr`, `MLK`, `Dr. Martin Luther King`, with or without `Jr`): address
    /// files and records of one town spell it differently (Seattle's points `M L King Jr Way S`,
    /// its licences `Martin Luther King Jr Way S`), and no street was found. Only when those
    /// words are the whole name.
    static func spellMartinLutherKing(_ words: inout [Word]) {
        guard let first = words.first?.lower, first == "martin" || first == "m" || first == "ml" || first == "mlk" || first == "dr" || first == "rev"
        else { return }
        let title = first == "dr" || first == "rev" ? 1 : 0
        let lowers = words.dropFirst(title).map(\.lower)
        guard let spelling = kingSpellings.first(where: { lowers.starts(with: $0) }),
            lowers.count == spelling.count || (lowers.count == spelling.count + 1 && lowers.last == "jr")
        else { return }
        words = ["Martin", "Luther", "King", "Jr"].map { Word(text: $0, lower: $0.lowercased()) }
    }

    /// `1st Ave So`: `So` after a street's type abbreviates South, as people write it where
    /// South ends street names (Seattle, Minneapolis; USPS writes `S`). It was read into the
    /// name, and `1000 1st Ave So` was looked for on 1st Ave, another street 1 km off. Only
    /// there: before a name `So` may be a word.
    static func readSoAsSouth(_ words: inout [Word]) {
        let count = words.count
        guard count >= 3, words[count - 1].lower == "so", words[count - 2].isStreetSuffix else { return }
        words[count - 1] = Word(text: "S", lower: "s")
    }

    /// `S` and `W` as the word `SW`; nil unless north or south is followed by east or west.
    static func quadrant(_ first: Word, _ second: Word) -> Word? {
        guard first.lower == "n" || first.lower == "s", second.lower == "e" || second.lower == "w" else { return nil }
        let lower = first.lower + second.lower
        return Word(text: lower.uppercased(), lower: lower)
    }

    /// `164` → `"164th"`, `02` → `"2nd"`: a word of one to three digits, not 0; nil otherwise.
    static func bareOrdinal(_ lower: String) -> String? {
        guard (1...3).contains(lower.utf8.count), lower.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(lower), value > 0
        else { return nil }
        return Ordinals.format(value)
    }

    static func isSaintOrMount(_ lower: String) -> Bool {
        lower == "st" || lower == "mt" || lower == "saint" || lower == "mount"
    }

    /// `Streets` in `Mason & California Streets` names one suffix per street.
    static func singular(_ abbreviation: String) -> String {
        switch abbreviation {
        case "Sts": "St"
        default: abbreviation
        }
    }

    /// One name word in display form: ordinals as `3rd`, others title-cased when the input
    /// was all one case (`MASON` → `Mason`), kept as written when mixed (`McAllister`).
    static func displayWord(_ word: Word) -> String {
        if let ordinal = Ordinals.normalized(word.text) { return ordinal }
        return Words.titleCased(word.text)
    }
}
