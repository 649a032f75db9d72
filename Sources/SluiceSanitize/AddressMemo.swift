import SluiceCore

/// The addresses of recently parsed strings as JSON text, so a string seen again is not parsed
/// or serialised again: film locations repeat (`Golden Gate Bridge`, `City Hall`). Parsing is a
/// pure function of the text, so a remembered address is exactly what parsing again would give.
///
/// Held in the core's `BoundedMemo` (two generations of at most `capacity` strings each).
///
///     var memo = AddressMemo(capacity: 4096)
///     memo.entry(for: "City Hall") { parser.parse($0) }  // parses and serialises
///     memo.entry(for: "City Hall") { parser.parse($0) }  // remembered
///
/// Only ASCII texts are remembered (`String.isASCII`): a composed `Café` and a decomposed one
/// are one `String` key, and the second record would get the first one's `raw`.
///
/// - Complexity: one or two hashes of the text per call; at most `2 × capacity` entries.
struct AddressMemo {
    struct Entry {
        /// `address.writeJSON(to:)`'s bytes.
        var json: [UInt8]
        /// The address, kept only when it names several locations (`--split` writes each on a
        /// line of its own): most entries need their JSON text alone.
        var several: ParsedAddress?
    }

    private var entries: BoundedMemo<String, Entry>
    private var scratch: [UInt8] = []

    init(capacity: Int) { entries = BoundedMemo(capacity: capacity) }

    /// How many strings are remembered.
    var count: Int { entries.count }

    mutating func entry(for text: String, parse: (String) -> ParsedAddress) -> Entry {
        guard text.isASCII else { return made(from: parse(text)) }
        if let known = entries.value(for: text) { return known }
        let entry = made(from: parse(text))
        entries.remember(entry, for: text)
        return entry
    }

    private mutating func made(from address: ParsedAddress) -> Entry {
        // Written into a buffer kept across calls, then copied once at its exact size: growing a
        // fresh array to a few hundred bytes took four or five reallocations per parse. The copy
        // is made from the bytes: `Array(scratch)` shares the buffer, so every entry kept one of
        // the buffer's full capacity and the next write had to allocate a new one.
        scratch.removeAll(keepingCapacity: true)
        address.writeJSON(to: &scratch)
        let json = scratch.withUnsafeBufferPointer { Array($0) }
        return Entry(json: json, several: address.alternatives.count > 1 ? address : nil)
    }
}
