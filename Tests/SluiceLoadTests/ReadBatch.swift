@testable import SluiceCore
@testable import SluiceLoad

/// Reads lines as the stage's reader thread reads a batch — the lines in one buffer, every flat
/// row read before any is used — and gives each row with its line, valid only during `body`.
func withReadBatch<Result>(_ lines: [String], _ body: ([(row: FlatRow, line: UnsafeBufferPointer<UInt8>)]) throws -> Result) throws -> Result {
    let bytes = Array(lines.joined().utf8)
    return try bytes.withUnsafeBufferPointer { all in
        let rows = FlatRows()
        var read: [(FlatRows.Place, UnsafeBufferPointer<UInt8>)] = []
        var start = 0
        for line in lines {
            let bytes = UnsafeBufferPointer(rebasing: all[start..<start + line.utf8.count])
            start += line.utf8.count
            read.append((rows.scan(try NDJSONRecord(bytes)), bytes))
        }
        return try body(read.map { (rows.row($0.0), $0.1) })
    }
}
