/// The names the parser reads as the city at the end of a location (`766 Vallejo St, SF`,
/// `1120 SW 5th Ave, Portland`), and the state words it reads after them: those of the
/// `--city`/`--state` it was given, or San Francisco's spellings when it was given none or
/// San Francisco (the bundled data is all one city).
///
///     CityNames(city: "Portland", state: "OR").city(named: ["portland"])       // "Portland"
///     CityNames(city: "St. Paul", state: "MN").city(named: ["saint", "paul"])  // "St. Paul"
///     CityNames(city: nil, state: nil).city(named: ["sf"])                     // "San Francisco"
///
/// San Francisco's spellings are compared as `Token.lower` has them; another city's name by
/// its `Words.key` (case, periods, apostrophes and hyphens folded), and a leading `St`/`Ste`/
/// `Mt`/`Ft` and `Saint`/`Sainte`/`Mount`/`Fort` are one word, as `StreetNormalizer` reads them
/// at the start of a street's name.
struct CityNames: Sendable {
    /// The city written into `city` when one of the names is found.
    let canonical: String
    /// San Francisco's spellings (`Vocabulary.cityNames`, found by the `endsCityName` trait).
    let isSanFrancisco: Bool
    /// Every name in matching form (`key(_:)`): `saint paul`, `winston salem`.
    let phrases: Set<String>
    /// The most words in one name: the longest phrase tried at the end of a chunk.
    let maxWords: Int
    /// The last words of the names and the state words: a chunk ending in none has no city.
    let lastWords: Set<String>
    /// State code and name (lowercase) → code, read after the city: `ca`, `california` → `CA`.
    let stateWords: [String: String]

    static let sanFrancisco = CityNames(
        canonical: "San Francisco", isSanFrancisco: true, phrases: Vocabulary.cityNames,
        maxWords: Vocabulary.cityNames.map { $0.split(separator: " ").count }.max() ?? 1,
        lastWords: [], stateWords: ["ca": "CA", "california": "CA"])

    init(
        canonical: String, isSanFrancisco: Bool, phrases: Set<String>, maxWords: Int, lastWords: Set<String>,
        stateWords: [String: String]
    ) {
        self.canonical = canonical
        self.isSanFrancisco = isSanFrancisco
        self.phrases = phrases
        self.maxWords = maxWords
        self.lastWords = lastWords
        self.stateWords = stateWords
    }

    /// The names for `--city`/`--state`: San Francisco's without a city or for one of its
    /// spellings, else the city's own name (and its title's other spelling) and state.
    init(city: String?, state: String?) {
        let words = city.map { AddressTokenizer.tokens($0).filter(\.isWord).map(\.lower) } ?? []
        guard let city, !words.isEmpty, !Vocabulary.cityNames.contains(words.joined(separator: " ")) else {
            self = .sanFrancisco
            return
        }
        var stateWords: [String: String] = [:]
        if let state, let code = USPSTables.states[Words.lowercased(state)] {
            for (word, listed) in USPSTables.states where listed == code { stateWords[word] = code }
        }
        let phrase = Self.key(words)
        let keyWords = phrase.split(separator: " ").map(String.init)
        var lastWords = Set(stateWords.keys.compactMap { $0.split(separator: " ").last.map(String.init) })
        lastWords.insert(words[words.count - 1])
        lastWords.insert(keyWords[keyWords.count - 1])
        self.init(
            canonical: city, isSanFrancisco: false, phrases: [phrase], maxWords: max(words.count, keyWords.count),
            lastWords: lastWords, stateWords: stateWords)
    }

    /// Whether a chunk ending in this word may end in a city or its state.
    func mayEnd(_ last: Token) -> Bool {
        if isSanFrancisco { return last.traits.contains(.endsCityName) }
        if lastWords.contains(last.lower) { return true }
        // `Winston-Salem` for `--city "Winston Salem"`: the key's last word.
        guard last.lower.utf8.contains(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "'") }) else { return false }
        return Words.key(last.lower).split(separator: " ").last.map { lastWords.contains(String($0)) } == true
    }

    /// The city named by these lowercase words, or nil.
    func city(named words: [String]) -> String? {
        let phrase = isSanFrancisco ? words.joined(separator: " ") : Self.key(words)
        return phrases.contains(phrase) ? canonical : nil
    }

    /// The matching form of a name's words: punctuation as `Words.key` has it (`Winston-Salem`
    /// and `Winston Salem` alike), a leading title in one spelling (`st`, `saint` → `saint`).
    static func key(_ words: [String]) -> String {
        let key = Words.key(words.joined(separator: " "))
        guard let space = key.firstIndex(of: " "), let title = titles[String(key[..<space])] else { return key }
        return title + key[space...]
    }

    static let titles = [
        "st": "saint", "saint": "saint", "ste": "sainte", "sainte": "sainte", "mt": "mount", "mount": "mount", "ft": "fort", "fort": "fort",
    ]
}
