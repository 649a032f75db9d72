/// What the grammar needs to know about one word, worked out once when the word is tokenized:
/// its shape (number, letters) and which vocabulary lists it is on. The parser asks these
/// questions many times per token; one table probe per word replaces a hash of the word per
/// question.
///
///     WordTraits(lowercase: "st")     // [.letterOrDigit, .asciiLetter, .anySuffix, .streetSuffix]
///     WordTraits(lowercase: "1158")   // [.number, .letterOrDigit]
///     WordTraits(lowercase: "hotel")  // [.letterOrDigit, .asciiLetter, .placeWord]
struct WordTraits: OptionSet, Sendable, Hashable {
    let rawValue: UInt32

    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// All ASCII digits: `1158`.
    static let number = WordTraits(rawValue: 1 << 0)
    /// Digits and one final letter: `522A`.
    static let numberWithLetter = WordTraits(rawValue: 1 << 1)
    /// A letter or digit somewhere (any non-ASCII byte counts as a letter).
    static let letterOrDigit = WordTraits(rawValue: 1 << 2)
    /// An ASCII letter somewhere: street names have one, emoji do not.
    static let asciiLetter = WordTraits(rawValue: 1 << 3)
    /// On `Vocabulary.placeWords`.
    static let placeWord = WordTraits(rawValue: 1 << 4)
    /// On `Vocabulary.betweenWords`.
    static let betweenWord = WordTraits(rawValue: 1 << 5)
    /// On `AddressParser.inlineUnits`.
    static let inlineUnit = WordTraits(rawValue: 1 << 6)
    /// Any Publication 28 suffix spelling (`USPSTables.suffixes`).
    static let anySuffix = WordTraits(rawValue: 1 << 7)
    /// A suffix whose abbreviation is one of `USPSTables.streetSuffixes`.
    static let streetSuffix = WordTraits(rawValue: 1 << 8)
    /// On `USPSTables.directionals`.
    static let directional = WordTraits(rawValue: 1 << 9)
    /// On `Vocabulary.pluralSuffixes`.
    static let pluralSuffix = WordTraits(rawValue: 1 << 10)
    /// The last word of a name of San Francisco (`Vocabulary.cityNames`), or `ca`/`california`.
    static let endsCityName = WordTraits(rawValue: 1 << 12)
    /// The last word of a state's name or code (`USPSTables.states`): `york`, `ca`.
    static let endsStateName = WordTraits(rawValue: 1 << 13)
    /// A tens word that starts a compound ordinal (`USPSTables.tensWords`): `twenty`.
    static let tensWord = WordTraits(rawValue: 1 << 14)
    /// The first word of one of `Vocabulary.suffixlessStreets`: `broadway`, `the`, `great`.
    static let startsSuffixlessStreet = WordTraits(rawValue: 1 << 15)
    /// The first word of a neighbourhood's name or alias in key form (`Neighborhoods.firstWords`):
    /// `nob`, `the`, `soma`.
    static let startsNeighborhood = WordTraits(rawValue: 1 << 16)
    /// On `Vocabulary.grammarWords`: `and`, `at`, `from`.
    static let grammarWord = WordTraits(rawValue: 1 << 17)
    /// The last word of a country's name or of a Canadian province (`AddressParser.countryNames`,
    /// `provinces`, `otherCountries`): `usa`, `canada`, `on`, `columbia`, `uk`.
    static let endsCountryOrProvince = WordTraits(rawValue: 1 << 18)
    /// A direction of travel or a service road's abbreviation (`TravelDirection`): `nb`, `svrd`.
    static let travelDirection = WordTraits(rawValue: 1 << 19)
    /// A byte outside ASCII: `Token.lower` folds only ASCII letters (and `’`), so such a word
    /// needs the full Unicode `lowercased()` where that was the rule.
    static let nonASCII = WordTraits(rawValue: 1 << 11)

    /// The traits of a word from its lowercase form (`Token.lower`).
    init(lowercase word: String) {
        self = Words.withBytes(of: word) { WordTraits(lowercase: $0) }
    }

    /// The same, from the word's bytes (the tokenizer has them).
    init(lowercase word: UnsafeBufferPointer<UInt8>) {
        var shape: WordTraits = []
        var digits = 0
        var count = 0
        var lastIsLetter = false
        for byte in word {
            count += 1
            let isDigit = byte >= 0x30 && byte <= 0x39
            let isLetter = byte >= 0x61 && byte <= 0x7A
            if isDigit { digits += 1 }
            if isDigit || isLetter || byte >= 0x80 { shape.insert(.letterOrDigit) }
            if isLetter { shape.insert(.asciiLetter) }
            if byte >= 0x80 { shape.insert(.nonASCII) }
            lastIsLetter = isLetter
        }
        if count > 0, digits == count { shape.insert(.number) }
        if count >= 2, digits == count - 1, lastIsLetter { shape.insert(.numberWithLetter) }
        // Numbers are on no list; skip the probe for them.
        if digits != count, let listed = Self.table[word] {
            shape.formUnion(listed)
        }
        self = shape
    }

    /// Every word on one of the vocabulary lists, with the lists it is on.
    /// `listed`, probed by bytes.
    static let table = WordTable(listed)

    static let listed: [String: WordTraits] = {
        var table: [String: WordTraits] = [:]
        func add(_ words: some Sequence<String>, _ trait: WordTraits) {
            for word in words { table[word, default: []].insert(trait) }
        }
        add(Vocabulary.placeWords, .placeWord)
        add(Vocabulary.betweenWords, .betweenWord)
        add(AddressParser.inlineUnits, .inlineUnit)
        add(USPSTables.suffixes.keys, .anySuffix)
        add(USPSTables.suffixes.filter { USPSTables.streetSuffixes.contains($0.value) }.keys, .streetSuffix)
        add(USPSTables.directionals.keys, .directional)
        add(Vocabulary.pluralSuffixes.keys, .pluralSuffix)
        add(USPSTables.tensWords.keys, .tensWord)
        add(Vocabulary.suffixlessStreetFirstWords, .startsSuffixlessStreet)
        add(Neighborhoods.firstWords, .startsNeighborhood)
        add(Vocabulary.grammarWords, .grammarWord)
        add(TravelDirection.bounds.union(TravelDirection.serviceRoads), .travelDirection)
        func lastWords(_ names: some Sequence<String>) -> [String] { names.compactMap { $0.split(separator: " ").last.map(String.init) } }
        add(lastWords(Vocabulary.cityNames) + ["ca", "california"], .endsCityName)
        add(lastWords(USPSTables.states.keys) + lastWords(USPSTables.stateAbbreviations.keys), .endsStateName)
        add(
            lastWords(AddressParser.countryNames) + ["canada"] + lastWords(AddressParser.provinces.keys) + lastWords(AddressParser.otherCountries),
            .endsCountryOrProvince)
        return table
    }()
}
