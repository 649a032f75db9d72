import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One `--block` rule: records whose keys are equal share a block and are compared. A key is
/// made of one or more parts joined with `+`, each a field (dotted path) and a transform:
///
///     surname:soundex             Soundex of the first word
///     given_name:prefix3+postcode first 3 characters of the name, and the postcode
///     address.key:fingerprint     sorted distinct words (OpenRefine's key collision)
///     geo:geohash7                the ~150 m geohash cell of geo.lat/geo.lon
///
/// A record with any part missing is in no block of that rule.
public struct BlockingRule: Equatable, Sendable {
    public enum Transform: Equatable, Sendable {
        /// The normalised text.
        case exact
        case prefix(Int)
        case soundex
        case metaphone
        case fingerprint
        case geohash(Int)
    }

    public struct Part: Equatable, Sendable {
        public var path: String
        public var transform: Transform
    }

    public var parts: [Part]
    public var text: String

    /// Parses `FIELD[:TRANSFORM][+FIELD[:TRANSFORM]…]`.
    public static func parse(_ text: String) throws(StageFailure) -> BlockingRule {
        var parts: [Part] = []
        for partText in text.split(separator: "+", omittingEmptySubsequences: false) {
            let pieces = partText.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let path = pieces[0]
            guard !path.isEmpty, !path.hasPrefix("."), !path.hasSuffix(".") else {
                throw .usage("option '--block' needs FIELD[:TRANSFORM][+…], got '\(text)'")
            }
            let name = pieces.count > 1 ? pieces[1] : "exact"
            let transform: Transform
            if name == "exact" {
                transform = .exact
            } else if name == "soundex" {
                transform = .soundex
            } else if name == "metaphone" {
                transform = .metaphone
            } else if name == "fingerprint" {
                transform = .fingerprint
            } else if name.hasPrefix("prefix"), let n = Int(name.dropFirst(6)), n > 0 {
                transform = .prefix(n)
            } else if name.hasPrefix("geohash"), let n = Int(name.dropFirst(7)), (1...12).contains(n) {
                transform = .geohash(n)
            } else {
                throw .usage("option '--block': unknown transform '\(name)' in '\(text)' (exact, prefixN, soundex, metaphone, fingerprint, geohashN)")
            }
            parts.append(Part(path: path, transform: transform))
        }
        return BlockingRule(parts: parts, text: text)
    }

    /// The rule's key for a record, or nil when a part is missing. `value(path)` reads the
    /// record's value at a path.
    public func key(_ value: (String) -> JSONValue?) -> String? {
        key { Self.apply($0.transform, to: value($0.path)) }
    }

    /// The rule's key from each part's own (`piece`: what `apply` gives for the part), or nil
    /// when a part has none: for a caller that has the parts' normalised text already.
    public func key(pieces piece: (Part) -> String?) -> String? {
        if parts.count == 1 { return piece(parts[0]) }
        var pieces: [String] = []
        for part in parts {
            guard let piece = piece(part) else { return nil }
            pieces.append(piece)
        }
        return pieces.joined(separator: "\u{1F}")
    }

    /// One part's key.
    public static func apply(_ transform: Transform, to value: JSONValue?) -> String? {
        if case .geohash(let precision) = transform {
            guard let lat = value?["lat"]?.doubleValue, let lon = value?["lon"]?.doubleValue else { return nil }
            return Geohash.encode(latitude: lat, longitude: lon, precision: precision)
        }
        return apply(transform, normalized: TextNormalizer.text(of: value).flatMap(TextNormalizer.normalize))
    }

    /// One part's key from its value's normalised text (`TextNormalizer.normalize`), for every
    /// transform but `geohash` (which reads a value's `lat` and `lon`: nil here).
    public static func apply(_ transform: Transform, normalized text: String?) -> String? {
        guard let text else { return nil }
        switch transform {
        case .exact: return text
        case .prefix(let n): return String(text.prefix(n))
        case .soundex: return PhoneticKey.soundex(text)
        case .metaphone: return PhoneticKey.metaphoneLite(text)
        case .fingerprint: return fingerprint(text)
        case .geohash: return nil
        }
    }

    /// Whether `transform`'s key of a normalised ASCII text is read off its bytes as they are
    /// (`keyHashASCII`): exact, prefix and fingerprint; the phonetic keys and geohash are not.
    static func hasASCIIKey(_ transform: Transform) -> Bool {
        switch transform {
        case .exact, .prefix, .fingerprint: true
        case .soundex, .metaphone, .geohash: false
        }
    }

    /// `Blocker.hash(of: apply(transform, normalized: text))` from the bytes of a normalised
    /// ASCII text, for a transform of `hasASCIIKey`, with no String: a fingerprint is written
    /// to `scratch` (at least `normalized.count` long; `words` is its scratch space too). 0, no
    /// key, for an empty text (`normalize` gives nil). For a reader that keeps no String of
    /// the texts it keys (`KnownSelection`'s pass over KNOWN).
    static func keyHashASCII(
        _ transform: Transform, normalized: UnsafeBufferPointer<UInt8>, scratch: UnsafeMutableBufferPointer<UInt8>, words: inout [Range<Int>]
    ) -> UInt64 {
        guard !normalized.isEmpty else { return 0 }
        switch transform {
        case .exact: return Blocker.hash(ofKey: normalized)
        case .prefix(let n): return Blocker.hash(ofKey: UnsafeBufferPointer(rebasing: normalized.prefix(n)))
        case .fingerprint:
            let length = fingerprintASCII(normalized, into: scratch, words: &words)
            return Blocker.hash(ofKey: UnsafeBufferPointer(rebasing: scratch[0..<length]))
        case .soundex, .metaphone, .geohash: preconditionFailure("\(transform) keys are not read off the bytes (hasASCIIKey)")
        }
    }

    /// The sorted distinct words of a normalised text, joined with spaces. ASCII text (nearly
    /// all) is split and sorted as bytes (`fingerprintASCII`), which is String order there;
    /// Character-wise splitting and a Set of Substrings made this most of the blocking time.
    static func fingerprint(_ text: String) -> String {
        var utf8 = text
        let ascii = utf8.withUTF8 { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            var words: [Range<Int>] = []
            words.reserveCapacity(16)
            if isFingerprint(bytes, words: &words) { return text }
            words.sort { precedes($0, $1, in: bytes) }
            return String(unsafeUninitializedCapacity: bytes.count) { out in write(sorted: words, of: bytes, into: out) }
        }
        return ascii ?? Set(text.split(separator: " ")).sorted().joined(separator: " ")
    }

    /// Splits normalised ASCII text into `words` (their ranges) and says whether they are its
    /// fingerprint already: in order and distinct, one space apart (one word, most often).
    static func isFingerprint(_ bytes: UnsafeBufferPointer<UInt8>, words: inout [Range<Int>]) -> Bool {
        words.removeAll(keepingCapacity: true)
        var wordStart = 0
        for end in 0...bytes.count where end == bytes.count || bytes[end] == 0x20 {
            if end > wordStart { words.append(wordStart..<end) }
            wordStart = end + 1
        }
        return words.reduce(words.count - 1, { $0 + $1.count }) == bytes.count
            && zip(words, words.dropFirst()).allSatisfy({ precedes($0, $1, in: bytes) })
    }

    /// `fingerprint` of normalised ASCII text, as bytes: written to `out` (at least
    /// `bytes.count` long), returns how many; `words` is scratch space, reused call to call.
    /// The one home of the byte rules: `fingerprint` and `KnownSelection`'s pass over KNOWN
    /// (which hashes the key and keeps no String) both call it.
    static func fingerprintASCII(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>, words: inout [Range<Int>]) -> Int {
        if isFingerprint(bytes, words: &words) {
            _ = out.initialize(from: bytes)
            return bytes.count
        }
        words.sort { precedes($0, $1, in: bytes) }
        return write(sorted: words, of: bytes, into: out)
    }

    /// Writes sorted words, each once, one space apart; returns how many bytes.
    private static func write(sorted words: [Range<Int>], of bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 0
        for (index, word) in words.enumerated() where index == 0 || precedes(words[index - 1], word, in: bytes) {
            if count > 0 {
                out[count] = 0x20
                count += 1
            }
            for offset in word {
                out[count] = bytes[offset]
                count += 1
            }
        }
        return count
    }

    /// Bytes compared as memcmp does (unsigned), shorter first on a tie: String order.
    private static func precedes(_ a: Range<Int>, _ b: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let order = memcmp(base + a.lowerBound, base + b.lowerBound, min(a.count, b.count))
        return order != 0 ? order < 0 : a.count < b.count
    }
}
