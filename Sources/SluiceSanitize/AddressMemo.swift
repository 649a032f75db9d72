/// The addresses of recently parsed strings and their JSON text, so a string seen again is not
/// parsed or serialised again: film locations repeat (`Golden Gate Bridge`, `City Hall`).
/// Parsing is a pure function of the text, so a remembered address is exactly what parsing
/// again would give.
///
/// When full it forgets everything and starts over: memory stays bounded, and what is
/// remembered depends only on the input, never on timing.
///
///     var memo = AddressMemo(capacity: 4096)
///     memo.entry(for: "City Hall") { parser.parse($0) }  // parses and serialises
///     memo.entry(for: "City Hall") { parser.parse($0) }  // remembered
///
/// - Complexity: one hash of the text per call; at most `capacity` entries.
struct AddressMemo {
    struct Entry {
        var address: ParsedAddress
        /// `address.writeJSON(to:)`'s bytes.
        var json: [UInt8]
    }

    let capacity: Int
    private(set) var entries: [String: Entry] = [:]
    private var scratch: [UInt8] = []

    init(capacity: Int) {
        self.capacity = capacity
        entries.reserveCapacity(capacity)
    }

    mutating func entry(for text: String, parse: (String) -> ParsedAddress) -> Entry {
        if let known = entries[text] { return known }
        let address = parse(text)
        // Written into a buffer kept across calls, then copied once at its exact size: growing a
        // fresh array to a few hundred bytes took four or five reallocations per parse.
        scratch.removeAll(keepingCapacity: true)
        address.writeJSON(to: &scratch)
        let entry = Entry(address: address, json: Array(scratch))
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[text] = entry
        return entry
    }
}
