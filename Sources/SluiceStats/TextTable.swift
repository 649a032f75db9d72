import SluiceCore

/// Columns of text aligned for a terminal: each column as wide as its widest cell, up to its
/// limit, where a longer cell is cut and ends with `…`; numbers right-aligned. Control
/// characters are shown escaped so that a value cannot break the layout. Widths count
/// characters (a wide CJK character or an emoji counts as one).
///
///     var table = TextTable([.init("FIELD"), .init("COUNT", right: true)])
///     table.add(["title", "2084"])
///     table.render()   // "FIELD  COUNT\ntitle   2084\n"
struct TextTable {
    struct Column {
        var title: String
        var alignRight: Bool
        var maxWidth: Int

        init(_ title: String, right: Bool = false, max: Int = 40) {
            self.title = title
            alignRight = right
            maxWidth = max
        }
    }

    let columns: [Column]
    private(set) var rows: [[String]] = []

    init(_ columns: [Column]) {
        self.columns = columns
    }

    mutating func add(_ cells: [String]) {
        rows.append(cells.enumerated().map { index, cell in TextTable.cut(TerminalText.escaped(cell), to: columns[index].maxWidth) })
    }

    var isEmpty: Bool { rows.isEmpty }

    func render() -> String {
        let titles = columns.map { TextTable.cut($0.title, to: $0.maxWidth) }
        var widths = titles.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        var out = ""
        for row in [titles] + rows {
            var line = ""
            for (index, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                if index > 0 { line += "  " }
                line += columns[index].alignRight ? pad + cell : cell + (index == row.count - 1 ? "" : pad)
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }

    /// The text cut to `width` characters, the last one `…` when cut.
    static func cut(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        return String(text.prefix(max(0, width - 1))) + "…"
    }
}
