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
    /// Lowercase matching key with directionals and suffix: `"3rd st"`, `"s van ness ave"`.
    public var key: String
    /// Lowercase matching key of the name alone: `"3rd"`, `"ofarrell"`.
    public var nameKey: String

    public init(preDirectional: String? = nil, name: String, suffix: String? = nil, postDirectional: String? = nil) {
        self.preDirectional = preDirectional
        self.name = name
        self.suffix = suffix
        self.postDirectional = postDirectional
        nameKey = Words.key(name)
        key = Self.spaced(preDirectional.map(Words.lowercased), nameKey, suffix.map(Words.lowercased), postDirectional.map(Words.lowercased))
    }

    /// The display form: `"S Van Ness Ave"`.
    public var display: String { Self.spaced(preDirectional, name, suffix, postDirectional) }

    /// The parts present and not empty, joined by single spaces (without building an array).
    static func spaced(_ first: String?, _ second: String, _ third: String?, _ fourth: String?) -> String {
        var out = first ?? ""
        func add(_ part: String?) {
            guard let part, !part.isEmpty else { return }
            if !out.isEmpty { out.append(" ") }
            out.append(part)
        }
        add(second)
        add(third)
        add(fourth)
        return out
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
/// every SF source); a leading `St`/`St.` followed by more words is Saint and a leading `Mt` is
/// Mount; spelled-out and zero-padded ordinals become `3rd`; a final word is a suffix only when
/// a name word precedes it (`Street` alone is a name) and it is one of the street types in
/// `USPSTables.streetSuffixes` (`Golden Gate Park` keeps `Park` in its name, `Buena Vista`
/// keeps `Vista`). Periods are dropped; apostrophes are
/// kept in `name` and removed from the keys.
///
/// - Complexity: O(n) in the length of `text`.
public enum StreetNormalizer {
    public static func normalize(_ text: String) -> NormalizedStreet {
        normalize(words: Words.split(text))
    }

    /// The lowercase matching form of any component text, as the keys use it:
    /// `matchingKey("O'Farrell St.")` → `"ofarrell st"`.
    public static func matchingKey(_ text: String) -> String { Words.key(text) }

    /// Normalises words already split (by `Words.split` or the address tokenizer).
    static func normalize(words input: [String]) -> NormalizedStreet {
        var words = Ordinals.joiningCompounds(input)
        if words.count > 1, Words.lowercased(words[0]) == "the" { words.removeFirst() }
        guard !words.isEmpty else { return NormalizedStreet(name: "") }
        var postDirectional: String?
        var suffix: String?
        if words.count >= 3, let direction = USPSTables.directionals[Words.lowercased(words[words.count - 1])],
            let before = USPSTables.suffixes[Words.lowercased(words[words.count - 2])], USPSTables.streetSuffixes.contains(before)
        {
            postDirectional = direction
            words.removeLast()
        }
        if words.count >= 2, let abbreviation = USPSTables.suffixes[Words.lowercased(words[words.count - 1])],
            USPSTables.streetSuffixes.contains(abbreviation), !(words.count == 2 && isSaintOrMount(words[0]))
        {
            suffix = singular(abbreviation)
            words.removeLast()
        }
        var preDirectional: String?
        if words.count >= 2, let direction = USPSTables.directionals[Words.lowercased(words[0])],
            !(words.count == 2 && USPSTables.suffixes[Words.lowercased(words[1])] != nil)
        {
            preDirectional = direction
            words.removeFirst()
        }
        if words.count >= 2 {
            switch Words.lowercased(words[0]) {
            case "st": words[0] = "Saint"
            case "mt": words[0] = "Mount"
            default: break
            }
        }
        let name = words.map(displayWord).joined(separator: " ")
        return NormalizedStreet(preDirectional: preDirectional, name: name, suffix: suffix, postDirectional: postDirectional)
    }

    static func isSaintOrMount(_ word: String) -> Bool {
        let lower = Words.lowercased(word)
        return lower == "st" || lower == "mt" || lower == "saint" || lower == "mount"
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
    static func displayWord(_ word: String) -> String {
        if let ordinal = Ordinals.normalized(word) { return ordinal }
        return Words.titleCased(word)
    }
}
