import SluiceCore

/// Sanitize's work on one record, on any of `--threads` threads: the record with its `address`
/// added (or one line per location with `--split`). It counts the lines it wrote.
struct SanitizeWorker: RecordWorker {
    let command: SanitizeCommand

    func process(_ record: NDJSONRecord, into output: inout [UInt8]) -> Int {
        let parts = command.parts(of: command.address(for: record.value(atPath: command.field)))
        for part in parts {
            record.write(adding: "address", part.json, to: &output)
            output.append(0x0A)
        }
        return parts.count
    }
}
