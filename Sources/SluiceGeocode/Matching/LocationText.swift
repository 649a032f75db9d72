import SluiceSanitize

/// A small parser for free-text locations, used by `--field` when a record has no `address`
/// object (sluice-sanitize does this properly; this covers the common shapes):
///
///     LocationText.parse("Vesuvio Café (255 Columbus Avenue)")
///     // place "Vesuvio Café", number 255, street "Columbus Avenue"
///     LocationText.parse("Grant Avenue between Clay and California")
///     // street "Grant Avenue", crossStreets ["Clay", "California"]
///     LocationText.parse("Broadway @ Jones Streets")   // street "Broadway", crossStreets ["Jones Streets"]
public enum LocationText {
    static let segmentWords: Set<String> = ["between", "btwn", "btw", "b/t", "from"]
    static let rangeWords: Set<String> = ["and", "&", "to", "-", "–", "thru", "through"]
    static let crossWords: Set<String> = ["&", "and", "at", "@", "/", "x", "off"]
    static let fillerWords: Set<String> = ["midblock", "mid-block", "intersection", "corner", "of", "the"]
    static let streetTypes: Set<String> = Set(USPSTables.suffixes.filter { USPSTables.streetSuffixes.contains($0.value) }.keys)

    public static func parse(_ text: String) -> GeocodeQuery {
        var query = GeocodeQuery(text: ASCIIText.trimmingSpaces(text))
        var pieces: [String] = []
        var rest = query.text
        // "Outer (inner)": usually a place with its address, or an address with its district.
        if rest.hasSuffix(")"), let open = rest.lastIndex(of: "(") {
            let outer = ASCIIText.trimmingSpaces(rest[..<open])
            let inner = ASCIIText.trimmingSpaces(rest[rest.index(after: open)..<rest.index(before: rest.endIndex)])
            let innerFirst = inner.split(separator: " ").first.map { $0.lowercased() } ?? ""
            if segmentWords.contains(innerFirst) {
                pieces = [outer + " " + inner]
            } else {
                pieces = [outer] + split(inner)
            }
            rest = ""
        }
        if !rest.isEmpty { pieces = split(rest) }
        for piece in pieces where !piece.isEmpty {
            if let structured = structure(piece) {
                if query.street == nil {
                    query.number = structured.number
                    query.street = structured.street
                    query.crossStreets = structured.crossStreets
                } else {
                    query.alternatives.append(
                        GeocodeQuery(number: structured.number, street: structured.street, crossStreets: structured.crossStreets, text: piece))
                }
            } else if query.place == nil {
                query.place = piece
            } else {
                query.otherPlaces.append(piece)
            }
        }
        // A lone street-less text is a place name; keep it as the place too.
        if query.street == nil, query.place == nil, !query.text.isEmpty { query.place = query.text }
        return query
    }

    /// Splits "Place, 12 Some St" and "Place - 12 Some St" and "Place at 12 Some St".
    static func split(_ text: String) -> [String] {
        var parts: [String] = []
        for chunk in ASCIIText.pieces(of: Substring(text), separatedBy: [0x2C, 0x3B]).flatMap(splitOnSpacedDash) {
            let words = ASCIIText.pieces(of: chunk, separatedBy: [0x20])
            // ", between A & B" continues the street before it.
            if let first = words.first?.lowercased(), segmentWords.contains(first) || first == "at", let last = parts.popLast() {
                parts.append(last + " " + ASCIIText.trimmingSpaces(chunk))
                continue
            }
            if let at = words.firstIndex(where: { ASCIIText.isLowercased($0, "at") }), at > 0, at + 1 < words.count,
                ASCIIText.startsWithDigit(words[at + 1]) == true, ASCIIText.isDigits(words[at + 1])
            {
                parts.append(words[..<at].joined(separator: " "))
                parts.append(words[(at + 1)...].joined(separator: " "))
            } else if let first = words.first, ASCIIText.startsWithDigit(first) == false,
                let number = words.dropFirst().firstIndex(where: ASCIIText.isDigits), number + 1 < words.count,
                ASCIIText.startsWithLetter(words[number + 1]) == true
            {
                // "UCSF Mt Zion 1600 Divisadero": a place, then an address.
                parts.append(words[..<number].joined(separator: " "))
                parts.append(words[number...].joined(separator: " "))
            } else {
                parts.append(ASCIIText.trimmingSpaces(chunk))
            }
        }
        return parts.filter { !$0.isEmpty }
    }

    /// `chunk.split(separator: " - ")`: on ASCII text by bytes (each byte a character; the
    /// separator holds no CR or LF), without the generic collection search.
    static func splitOnSpacedDash(_ chunk: Substring) -> [Substring] {
        let ascii = ASCIIText.withASCIIBytes(chunk) { bytes in
            let utf8 = chunk.utf8
            func piece(_ range: Range<Int>) -> Substring {
                chunk[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
            }
            var parts: [Substring] = []
            var start = 0, offset = 0
            while offset < bytes.count {
                if offset + 2 < bytes.count, bytes[offset] == 0x20, bytes[offset + 1] == 0x2D, bytes[offset + 2] == 0x20 {
                    if start < offset { parts.append(piece(start..<offset)) }
                    offset += 3
                    start = offset
                } else {
                    offset += 1
                }
            }
            if start < bytes.count { parts.append(piece(start..<bytes.count)) }
            return parts
        }
        return ascii ?? chunk.split(separator: " - ")
    }

    /// Reads an address, a block, an intersection or a lone street from one piece of text.
    static func structure(_ piece: String) -> (number: Int?, street: String, crossStreets: [String])? {
        // "372/374 Pennsylvania Ave", "0-100 block Halleck Street": the first number counts.
        var number: Int?
        var text = Substring(piece)
        // The first word: what `piece.split(separator: " ").first` gives, without the array.
        let first = ASCIIText.pieces(of: Substring(piece), separatedBy: [0x20]).first ?? ""
        if ASCIIText.startsWithDigit(first) == true, first.allSatisfy({ $0.isNumber || $0 == "/" || $0 == "-" }),
            let value = Int(first.prefix { $0.isNumber })
        {
            number = value
            text = piece.dropFirst(first.count)
        }
        var words = Self.words(text)
        var lowered = words.map { $0.lowercased() }
        let fillers = lowered.prefix { fillerWords.contains($0) || (number != nil && $0 == "block") }.count
        words.removeFirst(fillers)
        lowered.removeFirst(fillers)
        if lowered.contains(where: { $0 == "midblock" || $0 == "mid-block" }) {
            words = zip(words, lowered).filter { $1 != "midblock" && $1 != "mid-block" }.map(\.0)
            lowered.removeAll { $0 == "midblock" || $0 == "mid-block" }
        }
        guard !words.isEmpty else { return nil }
        let lower = lowered.map { $0.trimmingCharacters(in: ".,;") }
        if let between = lower.firstIndex(where: segmentWords.contains), between > 0 {
            let after = lower[(between + 1)...]
            if let separator = after.firstIndex(where: rangeWords.contains), separator > between + 1, separator + 1 < words.count {
                return (number, join(words[..<between]), [join(words[(between + 1)..<separator]), join(words[(separator + 1)...])])
            }
            // "from 6th- 4th Streets": the separator is glued to the first cross street.
            if let glued = after.firstIndex(where: { $0.hasSuffix("-") }), glued + 1 < words.count {
                return (
                    number, join(words[..<between]),
                    [join(words[(between + 1)...glued].map { $0.trimmingCharacters(in: "-") }), join(words[(glued + 1)...])]
                )
            }
        }
        if let cross = lower.firstIndex(where: crossWords.contains), cross > 0, cross + 1 < words.count {
            let street = join(words[..<cross])
            let other = join(words[(cross + 1)...])
            guard words[..<cross].count <= 5, other.split(separator: " ").count <= 5 else { return nil }
            return (number, street, [other])
        }
        if number != nil || (words.count >= 2 && words.count <= 5 && lower.last.map(streetTypes.contains) == true) {
            return (number, join(words[...]), [])
        }
        return nil
    }

    /// The words of `text`, with `&`, `@` and `/` words of their own (`Mason&Pine`).
    static func words(_ text: Substring) -> [String] {
        // ASCII without CR: each byte is a character, so bytes split as the characters would.
        let ascii: [String]? =
            ASCIIText.withASCIIBytes(text) { bytes in
                guard !bytes.contains(0x0D) else { return nil }
                var words: [String] = []
                var start = 0
                for offset in 0..<bytes.count {
                    let byte = bytes[offset]
                    guard byte == 0x20 || byte == 0x26 || byte == 0x40 || byte == 0x2F else { continue }
                    if start < offset { words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)) }
                    if byte != 0x20 { words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[offset...offset]), as: UTF8.self)) }
                    start = offset + 1
                }
                if start < bytes.count { words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)) }
                return words
            } ?? nil
        if let ascii { return ascii }
        var spaced = ""
        for character in text {
            if character == "&" || character == "@" || character == "/" {
                spaced += " \(character) "
            } else {
                spaced.append(character)
            }
        }
        return spaced.split(separator: " ").map(String.init)
    }

    static func join(_ words: some Sequence<String>) -> String {
        words.joined(separator: " ").trimmingCharacters(in: ".,;")
    }
}

extension String {
    /// The text without the given characters at either end, then without spaces and tabs.
    func trimmingCharacters(in set: String) -> String {
        let ascii: String?? = utf8.withContiguousStorageIfAvailable { bytes in
            guard let kept = Self.keptASCII(bytes, stripping: set) else { return nil }
            return kept == bytes.indices ? self : String(decoding: UnsafeBufferPointer(rebasing: bytes[kept]), as: UTF8.self)
        }
        if let ascii, let ascii { return ascii }
        guard let first = firstIndex(where: { !set.contains($0) }), let last = lastIndex(where: { !set.contains($0) }) else { return "" }
        return String(self[first...last]).trimmingSpaces()
    }

    /// What `trimmingCharacters(in:)` keeps of ASCII text with an ASCII `set`, where every byte
    /// is a character (CR LF is one character, but neither byte is in the set or a space);
    /// nil for any other text.
    private static func keptASCII(_ bytes: UnsafeBufferPointer<UInt8>, stripping set: String) -> Range<Int>? {
        let strip = set.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }), strip.allSatisfy({ $0 < 0x80 && $0 != 0x0D && $0 != 0x0A && $0 != 0x20 && $0 != 0x09 }) else {
            return nil
        }
        var low = 0, high = bytes.count
        while low < high, strip.contains(bytes[low]) { low += 1 }
        while high > low, strip.contains(bytes[high - 1]) { high -= 1 }
        while low < high, bytes[low] == 0x20 || bytes[low] == 0x09 { low += 1 }
        while high > low, bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09 { high -= 1 }
        return low..<high
    }
}
