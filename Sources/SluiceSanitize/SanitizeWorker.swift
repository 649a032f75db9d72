import SluiceCore

/// Sanitize's work on one record, on any of `--threads` threads: the record with its `address`
/// (or `--as` member) added (or one line per location with `--split`). It counts the lines it wrote.
struct SanitizeWorker: RecordWorker {
    let command: SanitizeCommand
    /// The strings this worker parsed lately, with their addresses and JSON text.
    var memo = AddressMemo(capacity: SanitizeCommand.memoCapacity)
    /// `command.parser.parse`, bound once: bound per record it copied the parser (its city
    /// names and tables) into a new closure and destroyed it again, ~350 instructions a record.
    let parse: (String) -> ParsedAddress
    /// The parser for each record's own town (`--city-field` etc.).
    var townParsers: TownParsers

    init(command: SanitizeCommand) {
        self.command = command
        parse = command.parser.parse
        townParsers = TownParsers(command.parser)
    }

    mutating func process(_ record: NDJSONRecord, into output: inout [UInt8]) -> Int {
        let value = command.fields.value(of: record)
        let town = command.towns.isEmpty ? RecordTown() : command.towns.town(of: record)
        guard case .string(let text)? = value else { return write(command.address(for: value, town: town), of: record, into: &output) }
        let known: AddressMemo.Entry
        if town.isEmpty {
            known = memo.entry(for: text, parse: parse)
        } else {
            let parser = townParsers.parser(for: town)
            known = memo.entry(for: town.memoKey(text)) { _ in parser.parse(text) }
        }
        guard command.split, let several = known.several else {
            // One line: the remembered JSON text, written once when the string was parsed.
            record.write(adding: command.member.name, to: &output) { $0.append(contentsOf: known.json) }
            output.append(0x0A)
            return 1
        }
        return write(several, of: record, into: &output)
    }

    /// The record with its address, or with `--split` once per location.
    func write(_ address: ParsedAddress, of record: NDJSONRecord, into output: inout [UInt8]) -> Int {
        let parts = command.parts(of: address)
        for part in parts {
            record.write(adding: command.member.name, to: &output) { part.writeJSON(to: &$0) }
            output.append(0x0A)
        }
        return parts.count
    }
}
