import Foundation
import SluiceCore

/// One Febrl CSV file (`rec_id, given_name, surname, …`, values after ", "), converted to
/// NDJSON records for `sluice-dedupe`, with each record's true entity taken from its id:
/// `rec-12-org` and `rec-12-dup-0` are entity 12.
///
///     let set = try FebrlSet(path: "../shared/data/febrl/dataset1.csv")
///     set.entities.count   // 1000
struct FebrlSet {
    let name: String
    /// NDJSON lines, one per record, with `provenance` {source, row}.
    var lines: [String] = []
    /// Per record, the entity number from its `rec_id`.
    var entities: [Int] = []
    /// Per record, whether it is an original (`-org`).
    var isOriginal: [Bool] = []

    init(path: String, source: String? = nil) throws {
        name = (path as NSString).lastPathComponent
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var rows = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard !rows.isEmpty else { throw StageFailure.data(source: path, line: nil, "empty file") }
        let header = rows.removeFirst().components(separatedBy: ",").map { $0.trimmingSpaces() }
        for (index, row) in rows.enumerated() {
            let values = row.components(separatedBy: ",").map { $0.trimmingSpaces() }
            guard values.count == header.count else {
                throw StageFailure.data(source: path, line: index + 2, "\(values.count) values, expected \(header.count)")
            }
            var members = zip(header, values).map { JSONMember($0, .string($1)) }
            members.append(JSONMember(Provenance.key, Provenance.value(source: source ?? name, row: index + 1)))
            lines.append(JSONWriter.string(.object(members)))
            let id = values[0].split(separator: "-")
            guard id.count >= 3, let entity = Int(id[1]) else {
                throw StageFailure.data(source: path, line: index + 2, "unexpected rec_id '\(values[0])'")
            }
            entities.append(entity)
            isOriginal.append(id[2] == "org")
        }
    }
}
