/// Strings that list what they share once: several house numbers on one street (`82 & 67 Rico
/// Way`) or several streets without saying which cross (`Sansome, Sacramento, and
/// California`). Each is read as the locations it stands for, one alternative each.
extension AddressParser {
    /// The locations a list stands for, each written out as tokens (`82 Rico Way`, `67 Rico
    /// Way`), and the note to add; nil when `tokens` is no such list.
    func listedLocations(_ tokens: ArraySlice<Token>) -> (pieces: [ArraySlice<Token>], note: String?)? {
        if let pieces = houseNumbers(tokens) { return (pieces, nil) }
        if let pieces = streetPairs(tokens) { return (pieces, Note.streetList) }
        return nil
    }

    /// `82 & 67 Rico Way`, `10, 12 and 14 Main St`: numbers joined by `&`, `and` or commas at the
    /// start of the string or of a bracket, then one street; each number with the street.
    func houseNumbers(_ tokens: ArraySlice<Token>) -> [ArraySlice<Token>]? {
        guard
            let first = tokens.indices.first(where: { index in
                tokens[index].isNumber && index + 2 < tokens.endIndex && isNumberJoiner(tokens[index + 1])
                    && (index == tokens.startIndex || tokens[index - 1].isPunct("(") || tokens[index - 1].isPunct(","))
            })
        else { return nil }
        var numbers = [first]
        var index = first + 1
        while index < tokens.endIndex, isNumberJoiner(tokens[index]) {
            var next = index + 1
            // `, and`
            if tokens[index].isPunct(","), next < tokens.endIndex, isNumberJoiner(tokens[next]) { next += 1 }
            guard next < tokens.endIndex, tokens[next].isNumber else { break }
            numbers.append(next)
            index = next + 1
        }
        // The street follows the last number.
        guard numbers.count >= 2, index < tokens.endIndex, tokens[index].isWord, !tokens[index].isNumber else { return nil }
        let pieces = numbers.map { number in
            (Array(tokens[tokens.startIndex..<first]) + [tokens[number]] + Array(tokens[index...]))[...]
        }
        guard
            pieces.allSatisfy({ piece in
                let kind = parseOne(piece).kind
                return kind == .streetAddress || kind == .addressRange
            })
        else { return nil }
        return pieces
    }

    /// Words that make a list item more than a street name: `Broadway, Between Franklin & Laguna`.
    func isListConnector(_ token: Token) -> Bool {
        Vocabulary.isIntersectionWord(token) || token.traits.contains(.betweenWord) || token.lower == "from" || Vocabulary.isRangeJoiner(token)
    }

    func isNumberJoiner(_ token: Token) -> Bool {
        token.isPunct("&") || token.isPunct(",") || token.lower == "and"
    }

    /// `Sansome, Sacramento, and California`, `Lombard, Hyde and Filbert`: three or four plain
    /// street names, the last after `and` or `&`, nothing else in the string. Which of them
    /// cross is not said, so every pair is a corner to try (the geocoder keeps those that
    /// exist), in the order written.
    func streetPairs(_ tokens: ArraySlice<Token>) -> [ArraySlice<Token>]? {
        guard tokens.contains(where: { $0.isPunct(",") }) else { return nil }
        var items = split(tokens, at: { $0.isPunct(",") })
        guard (2...4).contains(items.count), var last = items.popLast() else { return nil }
        if let joiner = last.firstIndex(where: { $0.lower == "and" || $0.isPunct("&") }) {
            let before = last[..<joiner]
            if !before.isEmpty { items.append(before) }
            last = last[(joiner + 1)...]
        } else {
            return nil
        }
        items.append(last)
        guard (3...4).contains(items.count),
            items.allSatisfy({ item in
                (1...3).contains(item.count) && item.allSatisfy { $0.isWord && !$0.isNumber && !isListConnector($0) }
                    && isStreetSide(item, numbered: false) && (item.count == 1 || !item.contains(where: \.isPlaceWord))
                    && neighborhood(named: AddressTokenizer.text(item)) == nil
            })
        else { return nil }
        let joiner = Token(text: "&", lower: "&", punct: UInt8(ascii: "&"), spaceBefore: true)
        var pairs: [ArraySlice<Token>] = []
        for (offset, first) in items.enumerated() {
            for second in items[(offset + 1)...] {
                pairs.append((Array(first) + [joiner] + Array(second))[...])
            }
        }
        return pairs
    }
}
