// TEMPORARY: a stand-in for `SluiceSanitize.StreetNormalizer` (same public signature) until the
// `sanitize` branch commits the real one; then this file is deleted and SluiceGeocode depends on
// SluiceSanitize. Keep it minimal: only what the gazetteer keys need.

/// A street name split into its parts, with the keys used to match it.
public struct NormalizedStreet: Equatable, Sendable {
    public var preDirectional: String?
    public var name: String
    public var suffix: String?
    public var postDirectional: String?
    /// Lowercase matching key with suffix: "3rd st", "california st".
    public var key: String
    /// Lowercase key without suffix/directionals: "3rd", "california".
    public var nameKey: String
}

/// Normalises a street name so every source spells it the same way.
///
///     StreetNormalizer.normalize("O'FARRELL ST").key   // "ofarrell st"
///     StreetNormalizer.normalize("Third Street").key   // "3rd st"
///     StreetNormalizer.normalize("01ST ST").nameKey    // "1st"
public enum StreetNormalizer {
    static let suffixes: [String: String] = [
        "st": "st", "street": "st", "str": "st", "streets": "st", "sts": "st",
        "ave": "ave", "av": "ave", "avenue": "ave", "avenues": "ave", "aves": "ave",
        "blvd": "blvd", "boulevard": "blvd", "dr": "dr", "drive": "dr", "way": "way",
        "pl": "pl", "place": "pl", "plc": "pl", "ln": "ln", "lane": "ln", "ct": "ct", "court": "ct",
        "rd": "rd", "road": "rd", "aly": "aly", "alley": "aly", "ter": "ter", "terrace": "ter",
        "cir": "cir", "circle": "cir", "loop": "loop", "walk": "walk", "path": "path",
        "plz": "plz", "plaza": "plz", "hwy": "hwy", "highway": "hwy", "expy": "expy",
        "expressway": "expy", "stwy": "stwy", "stairway": "stwy", "stps": "stps", "steps": "stps",
        "row": "row", "tunl": "tunl", "tunnel": "tunl", "hl": "hl", "ramp": "ramp",
    ]
    static let directions: [String: String] = [
        "n": "north", "s": "south", "e": "east", "w": "west",
        "north": "north", "south": "south", "east": "east", "west": "west",
    ]
    static let ordinalWords: [String: String] = [
        "first": "1st", "second": "2nd", "third": "3rd", "fourth": "4th", "fifth": "5th",
        "sixth": "6th", "seventh": "7th", "eighth": "8th", "ninth": "9th", "tenth": "10th",
        "eleventh": "11th", "twelfth": "12th", "thirteenth": "13th", "fourteenth": "14th",
        "fifteenth": "15th", "sixteenth": "16th", "seventeenth": "17th", "eighteenth": "18th",
        "nineteenth": "19th", "twentieth": "20th",
    ]

    public static func normalize(_ text: String) -> NormalizedStreet {
        var tokens = tokenize(text)
        var suffix: String?
        var post: String?
        var pre: String?
        if tokens.count >= 3, let direction = directions[tokens[tokens.count - 1]], let type = suffixes[tokens[tokens.count - 2]] {
            post = direction
            suffix = type
            tokens.removeLast(2)
        } else if tokens.count >= 2, let type = suffixes[tokens[tokens.count - 1]] {
            suffix = type
            tokens.removeLast()
        }
        // Only a one-letter direction is a pre-directional: "North Point" is a name.
        if tokens.count >= 2, tokens[0].count == 1, let direction = directions[tokens[0]] {
            pre = direction
            tokens.removeFirst()
        }
        if tokens.count >= 2, tokens[0] == "the" { tokens.removeFirst() }
        // "St. Germain Avenue": a leading "st" is Saint.
        if tokens.count >= 2, tokens[0] == "st" { tokens[0] = "saint" }
        if tokens.count >= 2, tokens[0] == "mt" { tokens[0] = "mount" }
        tokens = tokens.map(ordinal)
        let name = tokens.joined(separator: " ")
        let key = ([pre, name, suffix, post].compactMap { $0 }).joined(separator: " ")
        return NormalizedStreet(preDirectional: pre, name: name, suffix: suffix, postDirectional: post, key: key, nameKey: name)
    }

    /// Lowercase words: apostrophes vanish (`O'Farrell` → `ofarrell`), other punctuation splits.
    static func tokenize(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.lowercased().unicodeScalars {
            switch scalar {
            case "'", "\u{2019}", "#": continue
            case "a"..."z", "0"..."9": current.unicodeScalars.append(scalar)
            case "é", "è": current.append("e")
            case "ñ": current.append("n")
            default:
                if !current.isEmpty { words.append(current) }
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `01st` → `1st`, `third` → `3rd`.
    static func ordinal(_ word: String) -> String {
        if let mapped = ordinalWords[word] { return mapped }
        guard word.first == "0", word.count > 3, word.dropFirst().first?.isNumber == true else { return word }
        return String(word.drop { $0 == "0" })
    }
}
