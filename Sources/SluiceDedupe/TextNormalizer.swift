import Foundation
import SluiceCore

/// Turns a field value into the text that comparisons and blocking keys see: lower case,
/// accents removed, punctuation turned into spaces, runs of spaces collapsed, so that
/// `Vallejo St. Garage` and `vallejo st garage` compare as equal.
///
///     TextNormalizer.normalize("  Café  de   la Paix, S.F. ")   // "cafe de la paix s f"
///
/// - Complexity: O(n) in the text; ASCII text never touches Foundation.
public enum TextNormalizer {
    /// The normalised text, or nil when nothing is left (an empty or punctuation-only value
    /// counts as missing).
    public static func normalize(_ text: String) -> String? {
        var utf8 = text
        let ascii = utf8.withUTF8 { bytes -> String?? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return .none }
            // Written straight into the String's storage: no intermediate byte array.
            let normalized = String(unsafeUninitializedCapacity: bytes.count) { normalizeASCII(bytes, into: $0) }
            return .some(normalized.isEmpty ? nil : normalized)
        }
        return ascii ?? normalizeUnicode(text)
    }

    /// `normalize` of ASCII text (every byte below 0x80), as bytes: written to `out` (at least
    /// `bytes.count` long); returns how many (0: nothing is left, `normalize` gives nil). The
    /// one home of the ASCII rules; for a reader that hashes the result and keeps no String
    /// (`sluice-dedupe --against`'s pass over KNOWN, `KnownSelection`).
    ///
    ///     normalizeASCII("O'Brien St.", into: out)   // 9: "obrien st"
    static func normalizeASCII(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 0
        var pendingSpace = false
        for byte in bytes {
            let lower = byte >= 65 && byte <= 90 ? byte + 32 : byte
            let isWord = (lower >= 97 && lower <= 122) || (lower >= 48 && lower <= 57)
            // An apostrophe joins (o'brien → obrien) instead of splitting the word.
            if lower == UInt8(ascii: "'") { continue }
            if isWord {
                if pendingSpace && count > 0 {
                    out[count] = 0x20
                    count += 1
                }
                pendingSpace = false
                out[count] = lower
                count += 1
            } else {
                pendingSpace = true
            }
        }
        return count
    }

    /// The slow path for text outside ASCII: Foundation folds case and accents.
    static func normalizeUnicode(_ text: String) -> String? {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var out = ""
        var pendingSpace = false
        for character in folded {
            if character == "'" || character == "’" { continue }
            if character.isLetter || character.isNumber {
                if pendingSpace && !out.isEmpty { out.append(" ") }
                pendingSpace = false
                out.append(character)
            } else {
                pendingSpace = true
            }
        }
        return out.isEmpty ? nil : out
    }

    /// The words of a normalised text.
    public static func tokens(_ normalized: String) -> [Substring] {
        normalized.split(separator: " ")
    }

    /// The text a JSON value contributes to a comparison: strings as they are, numbers as
    /// written, booleans as `true`/`false`; null, arrays and objects count as missing.
    public static func text(of value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: text
        case .number(let text)?: text
        case .bool(let flag)?: flag ? "true" : "false"
        default: nil
        }
    }
}
