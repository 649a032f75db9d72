import SluiceCore

/// What `sluice-dedupe --key` reads of each record on the threads beside its own (see
/// `StageContext.forEachRecord(in:readers:…)`): the facts it keeps (`RecordFacts`), where its
/// member will go (`MemberPlace`), the record's length without trailing space (what the spool
/// keeps), and the key's text, which goes into the arena of the batch. The stage's own thread
/// then only spools the line and labels the key.
///
///     {"title":"Vertigo","address":{"key":"mason st"},"provenance":{"source":"f.csv","row":3}}
///     --key address.key: key "mason st" (its JSON text), identity: hash of the provenance
struct DedupeReader: RecordReader {
    /// Where a record's pieces are in its arena and line.
    struct Parsed {
        var fact: RecordFacts.Fact
        var place: MemberPlace
        /// The record's bytes up to and with its closing brace.
        var length: Int
        /// The key's text in the arena (nil: the record has no key).
        var key: Range<Int>?
        /// The town the record names beside an address key (`KeyFields.town(of:)`; 0: none).
        var town: UInt64
    }

    /// The key texts of a batch's records, kept from batch to batch.
    final class Arena {
        // Unchecked: an arena belongs to one reader at a time (see `RecordReader`).
        @exclusivity(unchecked) var bytes: [UInt8] = []
    }

    /// The member the stage adds (`dedupe`, or `--as NAME`).
    let memberKey: String
    let keyFields: ExactMatcher.KeyFields

    func makeArena() -> Arena { Arena() }

    func clear(_ arena: Arena) { arena.bytes.removeAll(keepingCapacity: true) }

    func read(_ record: NDJSONRecord, into arena: Arena) -> Parsed {
        let start = arena.bytes.count
        let found = keyFields.key(of: record, into: &arena.bytes)
        return Parsed(
            fact: RecordFacts.fact(of: record), place: MemberPlace(record, key: memberKey), length: record.trimmed.count,
            key: found ? start..<arena.bytes.count : nil, town: keyFields.townPaths.isEmpty ? 0 : keyFields.town(of: record))
    }

    /// The key's text, valid while the arena is unchanged.
    static func key(_ parsed: Parsed, in arena: Arena, _ body: (UnsafeBufferPointer<UInt8>?) -> Void) {
        guard let key = parsed.key else { return body(nil) }
        arena.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[key])) }
    }
}
