import Foundation

/// The rows of one HTML table as a grid of cells, with `rowspan` and `colspan` expanded so each
/// row has one cell per column (a spanned cell repeats in every slot it covers). Nested tables
/// stay inside their cell; footnote markers (`<sup class="reference">`) and `<style>` are dropped;
/// missing `</td>` and `</tr>` are implied, as browsers imply them.
///
///     <tr><th>Season</th><th>Title</th></tr>
///     <tr><td rowspan=2>1</td><td><a href="/pilot">Pilot</a></td></tr>
///     <tr><td>Second</td></tr>
///     → [[Season, Title], [1, Pilot (href /pilot)], [1, Second]]
///
/// - Complexity: O(tokens + rows × columns).
struct HTMLTable {
    struct Cell: Equatable {
        var text: String
        var href: String?
        var isHeader: Bool
    }

    var rows: [[Cell]]

    /// Reads the table whose start tag is `tokens[start]`.
    init(tokens: [HTMLToken], start: Int) {
        var raw: [[(cell: Cell, rowspan: Int, colspan: Int)]] = []
        var row: [(cell: Cell, rowspan: Int, colspan: Int)]?
        var cell: (cell: Cell, rowspan: Int, colspan: Int)?
        var text = ""
        var depth = 0
        var skipping: String?  // an element whose text is left out (a footnote marker, a caption)

        func finishCell() {
            guard var open = cell else { return }
            open.cell.text = HTMLTable.clean(text)
            if row == nil { row = [] }
            row?.append(open)
            cell = nil
            text = ""
        }
        func finishRow() {
            finishCell()
            if let finished = row, !finished.isEmpty { raw.append(finished) }
            row = nil
        }

        scan: for token in tokens[start...] {
            switch token {
            case .start(let tag, _):
                if tag == "table" {
                    depth += 1
                    if depth == 1 { continue }
                }
                if skipping != nil { continue }
                if depth == 1 {
                    switch tag {
                    case "tr":
                        finishRow()
                        row = []
                        continue
                    case "td", "th":
                        finishCell()
                        cell = (
                            Cell(text: "", href: nil, isHeader: tag == "th"), HTMLTable.span(token.attribute("rowspan")),
                            HTMLTable.span(token.attribute("colspan"))
                        )
                        continue
                    case "caption":
                        skipping = tag
                        continue
                    default: break
                    }
                }
                if tag == "sup", (token.attribute("class") ?? "").contains("reference") || (token.attribute("class") ?? "").contains("noprint") {
                    skipping = tag
                } else if tag == "style" {
                    skipping = tag
                } else if HTMLTable.separating.contains(tag) {
                    text += " "
                } else if tag == "a", cell != nil, cell?.cell.href == nil, let href = token.attribute("href") {
                    cell?.cell.href = href
                }
            case .end(let tag):
                if let skipped = skipping {
                    if tag == skipped { skipping = nil }
                    continue
                }
                if tag == "table" {
                    depth -= 1
                    if depth == 0 { break scan }
                }
                guard depth == 1 else { continue }
                if tag == "td" || tag == "th" { finishCell() } else if tag == "tr" { finishRow() }
            case .text(let content):
                if skipping == nil, cell != nil { text += content }
            }
        }
        finishRow()
        rows = HTMLTable.expand(raw)
    }

    /// Elements whose start separates words in a cell's text (a nested table's cells too).
    static let separating: Set<String> = ["br", "p", "li", "div", "td", "th", "tr", "table", "ul", "ol", "dd", "dt"]

    static func span(_ value: String?) -> Int {
        // Browsers cap spans (rowspan 65534, colspan 1000); a smaller cap keeps a typo harmless.
        let digits = value?.trimmingCharacters(in: .whitespaces).prefix { $0.isNumber } ?? ""
        return min(max(Int(digits) ?? 1, 1), 1000)
    }

    /// Tags are gone already: decode references and collapse runs of white space.
    static func clean(_ text: String) -> String {
        HTMLEntities.decode(text).split(whereSeparator: { $0.isWhitespace || $0 == "\u{A0}" }).joined(separator: " ")
    }

    /// Lays cells out on a grid: a cell with rowspan R fills its column in the next R-1 rows.
    static func expand(_ raw: [[(cell: Cell, rowspan: Int, colspan: Int)]]) -> [[Cell]] {
        var carried: [Int: (cell: Cell, remaining: Int)] = [:]
        var grid: [[Cell]] = []
        for cells in raw {
            var out: [Cell] = []
            var pending = cells[...]
            var column = 0
            while !pending.isEmpty || carried.keys.contains(where: { $0 >= column }) {
                if let carry = carried[column] {
                    out.append(carry.cell)
                    carried[column] = carry.remaining > 1 ? (carry.cell, carry.remaining - 1) : nil
                    column += 1
                    continue
                }
                guard let next = pending.popFirst() else {
                    // A gap before a carried cell further right: an empty slot keeps columns aligned.
                    out.append(Cell(text: "", href: nil, isHeader: false))
                    column += 1
                    continue
                }
                for _ in 0..<next.colspan {
                    out.append(next.cell)
                    if next.rowspan > 1 { carried[column] = (next.cell, next.rowspan - 1) }
                    column += 1
                }
            }
            grid.append(out)
        }
        return grid
    }
}
