import Foundation
import SluiceCore
import SluiceSanitize

/// How a place's name, and a text asking for a place, become the words the index compares:
/// lower case, accents folded, punctuation dropped, stop words left out, and the abbreviations
/// people write before a name (`St.`, `Mt.`) or at the end of one (`Ferry Plz`) spelled out.
extension PlaceIndex {
    /// Lower-case words without punctuation, accents or stop words; `&` and `st.` (saint) spelled out.
    public static func words(_ text: String) -> [String] {
        // ASCII text is read from its bytes; other text has its accents folded first.
        var words = asciiWords(text) ?? characterWords(text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil))
        // Before a name, `St.`, `Mt.` and `Ft.` are Saint, Mount and Fort (`St. Paul's Church`);
        // last, `St` is the street.
        for index in words.indices {
            if index < words.count - 1, let whole = titleAbbreviations[words[index]], words[index + 1].first?.isLetter == true {
                words[index] = whole
            } else if index == words.count - 1, index > 0, let whole = USPSTables.suffixNames[words[index]] ?? spelledOutLast(words[index]) {
                // A street-type abbreviation ending a name, spelled out: `Ferry Plz` is `Ferry
                // Plaza` (not before: `UN Plaza` is no Union Plaza); so is `Ferry Bldg`.
                words[index] = whole
            }
        }
        // The city's name goes as a whole: `Francisco Park` keeps its `Francisco` (it was `Park`,
        // the key of `The Park`).
        var kept: [String] = []
        kept.reserveCapacity(words.count)
        var index = words.startIndex
        while index < words.endIndex {
            if words[index] == "san", index + 1 < words.endIndex, words[index + 1] == "francisco" {
                index += 2
                continue
            }
            if !stopWords.contains(words[index]) { kept.append(words[index]) }
            index += 1
        }
        return kept
    }

    static let titleAbbreviations = ["st": "saint", "ste": "saint", "mt": "mount", "ft": "fort"]
    /// A word that ends a building's name as listings abbreviate it (`Russ Bldg`, `Ferry Bldg`),
    /// spelled out. (A switch: every name's last word asks, and most are none of these.)
    static func spelledOutLast(_ word: String) -> String? {
        switch word {
        case "bldg": "building"
        case "twr": "tower"
        default: nil
        }
    }

    /// The words of text character by character: letters and digits kept, `'`, `’` and `.`
    /// dropped, anything else ends a word; stop words included.
    static func characterWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character == "'" || character == "\u{2019}" || character == "." { continue }
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The words of ASCII text from its bytes (each byte a character: letters and digits kept,
    /// lower-cased; `'` and `.` dropped; anything else ends a word), stop words included; nil
    /// for other text.
    static func asciiWords(_ text: String) -> [String]? {
        let words: [String]?? = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var words: [String] = []
            var current: [UInt8] = []
            for byte in bytes {
                if byte == 0x27 || byte == 0x2E { continue }
                let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                if (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39) {
                    current.append(lower)
                } else if !current.isEmpty {
                    words.append(String(decoding: current, as: UTF8.self))
                    current.removeAll(keepingCapacity: true)
                }
            }
            if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
            return words
        }
        return words ?? nil
    }
}
