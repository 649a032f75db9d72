import SluiceCore

/// How `--label` shows a pair in the terminal: the two records side by side, member by member,
/// differing members marked with `*` (and in bold yellow when the terminal takes colour), then
/// the model's view: match probability, weight, and each compared field's level and weight.
///
///     pair 3 · match probability 0.512 · weight +0.048
///     312 compared pairs like it · answers so far: 7 match, 5 distinct
///       member       a {"source":"f.csv","row":12}   b {"source":"f.csv","row":57}
///     * name         Cafe de la Presse               Cafe Lo
///       address      352 Grant Ave                   352 Grant Ave
///     compared: name similarity>=0.35 -3.210 · address.key exact +9.800
///
/// - Complexity: O(members · width).
public struct PairView {
    public var width: Int
    public var colour: Bool

    public init(width: Int, colour: Bool) {
        self.width = max(width, 40)
        self.colour = colour
    }

    /// The rows of both records: every top-level member but provenance, A's order first.
    public static func rows(_ a: JSONValue, _ b: JSONValue) -> [(name: String, a: String, b: String, differs: Bool)] {
        guard case .object(let membersA) = a, case .object(let membersB) = b else { return [] }
        var names: [String] = []
        for member in membersA + membersB where member.key != Provenance.key && !names.contains(member.key) { names.append(member.key) }
        return names.map { name in
            let x = a[name], y = b[name]
            let differs = comparable(x) != comparable(y)
            return (TerminalText.escaped(name), text(x), text(y), differs)
        }
    }

    /// A value as one line of text: strings as they are, other values as JSON, absent as blank;
    /// control characters escaped (`TerminalText`), so a value cannot command the terminal.
    static func text(_ value: JSONValue?) -> String {
        switch value {
        case nil, .null?: ""
        case .string(let text)?: TerminalText.escaped(text.split(whereSeparator: \.isNewline).joined(separator: " "))
        case let value?: TerminalText.escaped(JSONWriter.string(value))
        }
    }

    /// Values that differ only in case, accents, punctuation or spacing are not marked.
    static func comparable(_ value: JSONValue?) -> String? {
        switch value {
        case nil, .null?: nil
        case .string(let text)?: TextNormalizer.normalize(text)
        case let value?: JSONWriter.string(value)
        }
    }

    /// The whole view of one pair, ending with a newline.
    public func render(
        number: Int, a: JSONValue, b: JSONValue, referenceA: JSONValue, referenceB: JSONValue,
        suggestion: Suggestion, compared: [(field: String, level: String, weight: Double)], answers: (matches: Int, distinct: Int)
    ) -> String {
        var out = "\n" + bold("pair \(number)")
        out += " · match probability " + ModelReport.format(suggestion.probability, decimals: 3)
        out += " · weight " + ModelReport.signed(suggestion.weight)
        out += "\n\(suggestion.pairsInPattern) compared \(suggestion.pairsInPattern == 1 ? "pair" : "pairs") like it"
        out += " · answers so far: \(answers.matches) match, \(answers.distinct) distinct\n"
        let rows = Self.rows(a, b)
        let nameWidth = min(max(6, rows.map(\.name.count).max() ?? 6), 24)
        let valueWidth = max(10, (width - nameWidth - 6) / 2)
        func cell(_ text: String, _ width: Int) -> String {
            let cut = text.count > width ? String(text.prefix(width - 1)) + "…" : text
            return cut + String(repeating: " ", count: max(0, width - cut.count))
        }
        out += "  " + cell("member", nameWidth) + "  " + cell("a " + TerminalText.escaped(JSONWriter.string(referenceA)), valueWidth) + "  "
        out += cell("b " + TerminalText.escaped(JSONWriter.string(referenceB)), valueWidth) + "\n"
        for row in rows {
            let line = cell(row.name, nameWidth) + "  " + cell(row.a, valueWidth) + "  " + cell(row.b, valueWidth)
            out += row.differs ? "* " + highlight(line) + "\n" : "  " + line + "\n"
        }
        let fields = compared.map { "\(TerminalText.escaped($0.field)) \($0.level) \(ModelReport.signed($0.weight))" }
        out += "compared: " + fields.joined(separator: " · ") + "\n"
        return out
    }

    func bold(_ text: String) -> String { colour ? "\u{1B}[1m" + text + "\u{1B}[0m" : text }
    func highlight(_ text: String) -> String { colour ? "\u{1B}[1;33m" + text + "\u{1B}[0m" : text }
}
