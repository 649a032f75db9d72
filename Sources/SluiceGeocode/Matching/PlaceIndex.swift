import Foundation
import SluiceCore
import SluiceSanitize

/// Finds places by name: exact normalised name, then alias, then a token match that forgives
/// typos (`Chrissy Field` → Crissy Field) and missing or extra words. Words are weighted by how
/// rare they are among the names, so what tells places apart counts most; a match must find
/// nearly all of the query's distinctive words, so `Candlestick Park` never finds `Francisco
/// Park` and `Westin St. Francis` never finds `St. Francis Wood`. A word naming a kind of place
/// (`hotel`, `library`, `station`) must agree with the kind of the place found.
///
///     let index = PlaceIndex([["Crissy Field"], ["Coit Tower", "Telegraph Hill Tower"]])
///     index.best("Chrissy Field")   // place 0, score ≈ 0.9, how: .fuzzy
///
/// - Complexity: exact lookups O(1); fuzzy O(v) in the vocabulary words of a length within
///   the edit limit, per query word.
public struct PlaceIndex: Sendable {
    public enum How: String, Sendable { case exact, alias, fuzzy }

    public struct Hit: Equatable, Sendable {
        public var place: Int
        /// How well the names agree, 0–1, after the kind of place is checked.
        public var score: Double
        public var how: How
    }

    /// Places by the key of their name, and of each alias (several places may share one).
    var exact: [String: [Int]] = [:]
    var alias: [String: [Int]] = [:]
    /// Word → the places whose names (or aliases) hold it.
    var postings: [String: [Int]] = [:]
    var vocabulary: [String] = []
    /// The vocabulary as bytes, for the typo search, with the set of bytes each word holds.
    var vocabularyBytes: [[UInt8]] = []
    var vocabularyMasks: [UInt64] = []
    /// The vocabulary's positions by word length in bytes: a typo search reads only the
    /// lengths within its edit limit.
    var vocabularyByLength: [[Int]] = []
    /// Words known elsewhere (street names): a query word among them is never read as a typo
    /// of a place word.
    var knownWords: Set<String> = []
    /// Each vocabulary word's weight in a match (`weight(_:)`) and whether it tells places
    /// apart (neither a number nor descriptive), worked out once: scoring asks for the same few
    /// words again and again.
    var facts: [String: (weight: Double, distinctive: Bool)] = [:]
    /// Each place's names as word lists, for scoring, with each name's weight.
    var names: [[[String]]] = []
    var nameWeights: [[Double]] = []
    /// Each place's kind by its category, and by its name's last kind word.
    var categoryKinds: [PlaceClass?] = []
    var nameKinds: [PlaceClass?] = []

    /// Words that do not tell places apart (`Mission District` is the Mission), and the city's
    /// name (`SF`; `San Francisco` as a whole, `words(_:)`: `San Francisco City Hall` is `City Hall`).
    static let stopWords: Set<String> = ["the", "of", "a", "an", "and", "at", "in", "on", "sf", "district", "neighborhood", "area"]
    /// The city's words, which beside words naming a kind of place make a place's own name
    /// (`onlyKindWords`).
    static let cityWords: Set<String> = ["sf", "san", "francisco"]

    /// Whether `text`, whose words are `query`, is words naming a kind of place alone (`Hotel`,
    /// `Park`, `Library`): it names no one place, and it found places whose names are such words
    /// and the city's (`Hotel San Francisco`, `The Church in San Francisco`, `Francisco Park` for
    /// `Park`) at 0.95. With `the` or the city's name, such words may be a place's own name
    /// (`The Saloon`, `Francisco Park`).
    static func onlyKindWords(_ query: [String], of text: String) -> Bool {
        guard query.allSatisfy({ PlaceClass.named(byWord: $0) != nil }) else { return false }
        return !(asciiWords(text) ?? characterWords(text)).contains { $0 == "the" || cityWords.contains($0) }
    }

    /// The same for a text as written: whether it names a kind of place and no one place.
    public static func namesOnlyAKind(_ text: String) -> Bool {
        let query = words(text)
        return !query.isEmpty && onlyKindWords(query, of: text)
    }

    /// How much of the query's weight a fuzzy match must find.
    static let queryCoverage = 0.75
    /// How much of the name's weight a match on a single distinctive word must find.
    static let oneWordNameCoverage = 0.6
    /// A word naming the kind of place weighs this share of its rarity: it describes, it does
    /// not identify (`Trax Bar` is Trax).
    static let kindWordShare = 0.25
    /// A number weighs as a common word: it identifies only beside a name (`Pier 45`).
    static let numberWeight = 2.0
    /// A match whose kind disagrees with the query's is kept at this share of its score.
    static let otherKindShare = 0.3
    /// A place of unknown kind, when the query names one.
    static let unknownKindShare = 0.85
    /// How well an alias answers a query: a little less than the name itself, so that a name
    /// wins over another place's alias (the geocoder undoes it: an alias scores
    /// `GeocodeScore.placeAlias`).
    static let aliasAgreement = 0.97
    /// The most a word-for-word match can agree: less than any exact name or alias.
    static let bestFuzzyAgreement = 0.95

    public init() {}

    /// Indexes places given as lists of names: the first is the name, the rest are aliases.
    /// `categories` gives each place's gazetteer category (its kind); `knownWords` the street
    /// words that are not typos.
    public init(_ placeNames: [[String]], categories: [String] = [], knownWords: Set<String> = []) {
        names = placeNames.map { $0.map(Self.words) }
        self.knownWords = knownWords
        for (place, list) in placeNames.enumerated() {
            for (position, name) in list.enumerated() {
                let key = Self.words(name).joined(separator: " ")
                guard !key.isEmpty else { continue }
                if position == 0 {
                    if exact[key]?.last != place { exact[key, default: []].append(place) }
                } else if alias[key]?.last != place {
                    alias[key, default: []].append(place)
                }
                for word in Set(Self.words(name)) where postings[word]?.last != place {
                    postings[word, default: []].append(place)
                }
            }
        }
        vocabulary = postings.keys.sorted()
        vocabularyBytes = vocabulary.map { Array($0.utf8) }
        vocabularyMasks = vocabularyBytes.map(EditDistance.mask)
        vocabularyByLength = Array(repeating: [], count: (vocabularyBytes.map(\.count).max() ?? 0) + 1)
        for (position, bytes) in vocabularyBytes.enumerated() { vocabularyByLength[bytes.count].append(position) }
        let total = Double(max(1, placeNames.count))
        for (word, list) in postings {
            let weight = Self.weight(word, rarity: log(1 + total / Double(list.count)))
            facts[word] = (weight, !Self.hasDigit(word) && !Self.isDescriptive(word))
        }
        nameWeights = names.map { list in list.map { $0.reduce(0) { $0 + weight($1) } } }
        categoryKinds = names.indices.map { $0 < categories.count ? PlaceClass(category: categories[$0]) : nil }
        nameKinds = names.map { $0.lazy.compactMap(Self.kind(of:)).first }
    }

    /// The kind of place a name's words ask for: the last kind word (`Candlestick Park Sports
    /// Bar` is a bar), nil when it has none.
    static func kind(of words: [String]) -> PlaceClass? {
        words.lazy.reversed().compactMap(PlaceClass.named(byWord:)).first
    }

    /// A word's weight in a match: its rarity among the names, less for a kind word, a fixed
    /// small weight for a number.
    func weight(_ word: String) -> Double {
        facts[word]?.weight ?? Self.weight(word, rarity: log(1 + Double(max(1, names.count))))
    }

    /// The weight of a word of that rarity.
    static func weight(_ word: String, rarity: Double) -> Double {
        if hasDigit(word) { return numberWeight }
        return isDescriptive(word) ? rarity * kindWordShare : rarity
    }

    /// A word that says what kind of thing a place is (`hotel`, `station`), names a street type
    /// (`street`, `avenue`) or is an initial: it describes a place rather than identifies it.
    static func isDescriptive(_ word: String) -> Bool {
        // An initial (`M. H. de Young`) describes as little.
        word.utf8.count == 1 || PlaceClass.named(byWord: word) != nil || Gazetteer.streetTypes.contains(word)
    }

    /// The share of a match's score that the kinds leave: 1 when the query names no kind, or
    /// the place is of that kind by its category or by its own name (`California Academy of
    /// Sciences`, a museum, is still an academy).
    func kindAgreement(query: PlaceClass?, place: Int) -> Double {
        guard let query else { return 1 }
        let kinds = [categoryKinds[place], nameKinds[place]].compactMap { $0 }
        if kinds.contains(where: query.admits) { return 1 }
        return kinds.isEmpty ? Self.unknownKindShare : Self.otherKindShare
    }

    /// The best places for `text`, best first: exact and alias hits alone, else fuzzy hits
    /// scoring at least `minimum`; each scored after checking the kind of place: `kind` when
    /// given (a text known to name a neighbourhood), else the kind the text's words name.
    public func search(_ text: String, limit: Int = 5, minimum: Double = 0.6, fuzzy: Bool = true, kind: PlaceClass? = nil) -> [Hit] {
        var bounds: [Double] = []
        return search(text, limit: limit, minimum: minimum, fuzzy: fuzzy, kind: kind, bounds: &bounds)
    }

    /// The same, with a table of one number per place kept by the caller from search to
    /// search, all zeros between them (an empty table is sized on first use): making a
    /// fresh one cost a tenth of a typo search.
    func search(_ text: String, limit: Int = 5, minimum: Double = 0.6, fuzzy: Bool = true, kind: PlaceClass? = nil, bounds bound: inout [Double])
        -> [Hit]
    {
        let query = Self.words(text)
        guard !query.isEmpty, !Self.onlyKindWords(query, of: text) else { return [] }
        let queryKind = kind ?? Self.kind(of: query)
        func ranked(_ hits: [Hit]) -> [Hit] {
            let kept = hits.filter { $0.score >= minimum }
            return Array(kept.sorted { $0.score != $1.score ? $0.score > $1.score : $0.place < $1.place }.prefix(limit))
        }
        let key = query.joined(separator: " ")
        if let places = exact[key] {
            return ranked(places.map { Hit(place: $0, score: kindAgreement(query: queryKind, place: $0), how: .exact) })
        }
        if let places = alias[key] {
            return ranked(places.map { Hit(place: $0, score: Self.aliasAgreement * kindAgreement(query: queryKind, place: $0), how: .alias) })
        }
        guard fuzzy else { return [] }
        // Each query word's closest vocabulary words (itself, or within a small edit distance).
        var matches: [String: [(word: String, similarity: Double)]] = [:]
        // An upper bound of each place's matched weight, summed over query words, so that only
        // places that can reach `minimum` get the full score (common words such as "park"
        // touch hundreds of places).
        if bound.count != names.count { bound = [Double](repeating: 0, count: names.count) }
        var candidates: [Int] = []
        // Left all zeros for the next search.
        defer { for place in candidates { bound[place] = 0 } }
        var repeats: [String: Double] = [:]
        for word in query { repeats[word, default: 0] += 1 }
        for word in Set(query) {
            var found: [(String, Double)] = []
            // The singular or plural of a word is the same word (`Merchant` Exchange).
            for variant in Self.numberVariants(of: word) where postings[variant] != nil { found.append((variant, 0.95)) }
            if postings[word] != nil {
                found.append((word, 1))
            } else if word.utf8.count >= 5, !Self.hasDigit(word), !knownWords.contains(word) {
                let bytes = Array(word.utf8)
                for (position, distance) in typos(of: bytes, allowed: bytes.count >= 8 ? 2 : 1) {
                    found.append((vocabulary[position], 1 - 0.15 * Double(distance)))
                }
            }
            matches[word] = found
            // A word the query repeats may match as often (`Aub Zam Zam`).
            let repeated = repeats[word] ?? 1
            let lists = found.map { (places: postings[$0.0] ?? [], contribution: weight($0.0) * $0.1) }
            Self.forEachBest(of: lists) { place, contribution in
                if bound[place] == 0 { candidates.append(place) }
                bound[place] += contribution * repeated
            }
        }
        // The least the query can weigh against any name: each word at its own weight or at the
        // weight of the lightest word it may be taken for.
        let queryWeight = query.reduce(0) { total, word in
            total + min(weight(word), (matches[word] ?? []).map { weight($0.word) }.min() ?? .infinity)
        }
        var hits: [Hit] = []
        for place in candidates.sorted() where bound[place] / queryWeight >= Self.queryCoverage {
            let similarity =
                names[place].indices.map { score(query: query, name: names[place][$0], nameWeight: nameWeights[place][$0], matches: matches) }.max()
                ?? 0
            hits.append(Hit(place: place, score: similarity * kindAgreement(query: queryKind, place: place), how: .fuzzy))
        }
        return ranked(hits)
    }

    /// The vocabulary words within `allowed` edits of `bytes`: their positions, in vocabulary
    /// order, with the distance. Only words of a length within `allowed` can be, so only those
    /// lengths are read (the whole vocabulary was, for every word that might be a typo).
    func typos(of bytes: [UInt8], allowed: Int) -> [(position: Int, distance: Int)] {
        var found: [(position: Int, distance: Int)] = []
        let mask = EditDistance.mask(bytes)
        for length in max(0, bytes.count - allowed)...(bytes.count + allowed) where length < vocabularyByLength.count {
            for position in vocabularyByLength[length] where EditDistance.mayBeWithin(allowed, mask, vocabularyMasks[position]) {
                if let distance = EditDistance.bounded(bytes, vocabularyBytes[position], limit: allowed) { found.append((position, distance)) }
            }
        }
        return found.sorted { $0.position < $1.position }
    }

    /// Whether some place's name or alias holds every word of `text`, of two words or more:
    /// `Marina Green` is in `Yacht Harbor and Marina Green`.
    public func someName(holdsAllWordsOf text: String) -> Bool {
        let query = Self.words(text)
        guard query.count >= 2, let holders = postings[query[0]] else { return false }
        return holders.contains { place in names[place].contains { name in query.allSatisfy(name.contains) } }
    }

    /// The word with a trailing `s` added or removed (`merchant`, `merchants`); none for short
    /// words and numbers.
    static func numberVariants(of word: String) -> [String] {
        guard word.utf8.count >= 4, !hasDigit(word) else { return [] }
        return word.hasSuffix("s") ? [String(word.dropLast())] : [word + "s"]
    }

    /// Calls `body` once per place found in any of `lists`, ascending, with the largest
    /// contribution among the lists that hold it. Each list must be ascending (postings are):
    /// merged in step, with no table of the best so far.
    ///
    ///     PlaceIndex.forEachBest(of: [([1, 4], 0.5), ([4, 7], 0.9)]) { print($0, $1) }
    ///     // 1 0.5, 4 0.9, 7 0.9
    ///
    /// - Complexity: O(n·k) for n places in k lists.
    static func forEachBest(of lists: [(places: [Int], contribution: Double)], _ body: (Int, Double) -> Void) {
        if lists.count == 1 {
            for place in lists[0].places { body(place, lists[0].contribution) }
            return
        }
        var heads = [Int](repeating: 0, count: lists.count)
        while true {
            var next = Int.max
            for index in lists.indices where heads[index] < lists[index].places.count { next = min(next, lists[index].places[heads[index]]) }
            guard next != Int.max else { return }
            var best = 0.0
            for index in lists.indices where heads[index] < lists[index].places.count && lists[index].places[heads[index]] == next {
                best = max(best, lists[index].contribution)
                heads[index] += 1
            }
            body(next, best)
        }
    }

    static func hasDigit(_ word: String) -> Bool { word.utf8.contains { $0 >= 0x30 && $0 <= 0x39 } }

    public func best(_ text: String, minimum: Double = 0.6) -> Hit? { search(text, limit: 1, minimum: minimum).first }

    /// How well a name answers a query, 0–`bestFuzzyAgreement`: mostly the weighted share of the query's words
    /// found in the name (what the user said must be there), partly the share of the name's
    /// words found in the query, so `Huntington Park` still finds `Collis P. Huntington Park`.
    /// Zero when less than `queryCoverage` of the query is found, or when only kind words and
    /// numbers match (`Building #1` is not `A-1`).
    func score(query: [String], name: [String], nameWeight: Double, matches: [String: [(word: String, similarity: Double)]]) -> Double {
        // Numbers are never fuzzy and never left out: Pier 7 is not Pier 17, 16th Avenue not
        // 15th, `Building #1` not the Ferry Building.
        guard name.filter(Self.hasDigit).allSatisfy(query.contains), query.filter(Self.hasDigit).allSatisfy(name.contains) else { return 0 }
        var matched = 0.0
        var distinctive = 0
        // Each name word matches once per time the name holds it (`Aub Zam Zam`): a name has
        // a few words, so a list of those not yet used beats counting them in a dictionary.
        var unused = name
        // A query word found as another (a typo, a plural) weighs what it was taken for.
        var queryWeight = 0.0
        for word in query {
            // The most similar word still unused; the first of equals.
            var best: (word: String, similarity: Double)?
            for candidate in matches[word] ?? [] where unused.contains(candidate.word) {
                if let kept = best, kept.similarity >= candidate.similarity { continue }
                best = candidate
            }
            guard let best, let position = unused.firstIndex(of: best.word) else {
                queryWeight += weight(word)
                continue
            }
            unused.remove(at: position)
            let known = facts[best.word] ?? (weight(best.word), !Self.hasDigit(best.word) && !Self.isDescriptive(best.word))
            matched += known.weight * best.similarity
            queryWeight += known.weight
            if known.distinctive { distinctive += 1 }
        }
        guard distinctive > 0, queryWeight > 0, nameWeight > 0 else { return 0 }
        let queryShare = min(1, matched / queryWeight), nameShare = min(1, matched / nameWeight)
        guard queryShare >= Self.queryCoverage else { return 0 }
        // One word of a longer name says little: `Harrison` is not `Harrison Shell`, `Port` not
        // `Captain of the Port`.
        guard distinctive > 1 || nameShare >= Self.oneWordNameCoverage else { return 0 }
        return min(Self.bestFuzzyAgreement, 0.7 * queryShare + 0.3 * nameShare)
    }
}
