import Foundation
import SluiceCore

extension RecordEmitter {
    /// `--html-table`: one record per data row of the chosen table. The header row (the first
    /// row made only of `<th>` cells, else the first row) gives the keys; a column with links
    /// also gets `<key>_href` (resolved against `base` when the page came from a URL). Rows of
    /// one cell spanning the whole table (summaries, section headings) and repeated header rows
    /// are not records.
    ///
    ///     <tr><th>No.</th><th>Title</th></tr><tr><td>1</td><td><a href="/p">Pilot</a></td></tr>
    ///     → {"No.":"1","Title":"Pilot","Title_href":"/p","provenance":{…,"row":1}}
    func emitHTMLTable(_ html: String, selector: HTMLTableSelector, spec: String, base: URL?, keyStyle: KeyStyle, typing: CellTyping) throws {
        let tokens = HTMLTokenizer.tokens(html)
        guard let start = selector.locate(in: tokens) else {
            let count = tokens.count { if case .start("table", _) = $0 { true } else { false } }
            throw StageFailure.data(
                source: source, line: nil, "no table matches --html-table '\(spec)' (the page has \(count) table\(count == 1 ? "" : "s"))")
        }
        let rows = HTMLTable(tokens: tokens, start: start).rows
        guard let headerIndex = rows.firstIndex(where: { $0.allSatisfy(\.isHeader) }) ?? (rows.isEmpty ? nil : 0) else {
            context.warn("\(source): the table chosen by --html-table '\(spec)' has no rows")
            return
        }
        let header = rows[headerIndex].map(\.text)
        let keys = keyStyle.keys(for: header)
        let dataRows = rows[(headerIndex + 1)...].filter { row in
            let spansAll = row.count > 1 && row.allSatisfy { $0 == row[0] }
            return !spansAll && row.map(\.text) != header
        }
        let linked = Set(keys.indices.filter { column in dataRows.contains { column < $0.count && $0[column].href != nil } })
        for (number, row) in dataRows.enumerated() {
            context.accounting.recordsIn += 1
            var members: [JSONMember] = []
            for (column, key) in keys.enumerated() {
                let cell = column < row.count ? row[column] : HTMLTable.Cell(text: "", href: nil, isHeader: false)
                members.append(JSONMember(key, typing.value(cell.text)))
                if linked.contains(column) {
                    let href = cell.href.map { link in base.flatMap { URL(string: link, relativeTo: $0)?.absoluteString } ?? link }
                    members.append(JSONMember(key + "_href", href.map(JSONValue.string) ?? .null))
                }
            }
            try write(.object(members), row: number + 1)
        }
    }
}
