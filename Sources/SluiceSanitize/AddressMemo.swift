/// The addresses of recently parsed strings as JSON text, so a string seen again is not parsed
/// or serialised again: film locations repeat (`Golden Gate Bridge`, `City Hall`). Parsing is a
/// pure function of the text, so a remembered address is exactly what parsing again would give.
///
/// Two generations of at most `capacity` strings each: when the newer is full it becomes the
/// older and the one before is forgotten, and a string found in the older is carried into the
/// newer. What is in use stays (forgetting everything at once lost it too, ~7% more parses on
/// 1M generated records), memory stays bounded, and what is remembered depends only on the
/// input, never on timing.
///
///     var memo = AddressMemo(capacity: 4096)
///     memo.entry(for: "City Hall") { parser.parse($0) }  // parses and serialises
///     memo.entry(for: "City Hall") { parser.parse($0) }  // remembered
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

    let capacity: Int
    private(set) var entries: [String: Entry] = [:]
    private(set) var older: [String: Entry] = [:]
    private var scratch: [UInt8] = []

    init(capacity: Int) {
        self.capacity = capacity
        entries.reserveCapacity(capacity)
    }

    mutating func entry(for text: String, parse: (String) -> ParsedAddress) -> Entry {
        if let known = entries[text] { return known }
        if let known = older[text] {
            remember(known, for: text)
            return known
        }
        let address = parse(text)
        // Written into a buffer kept across calls, then copied once at its exact size: growing a
        // fresh array to a few hundred bytes took four or five reallocations per parse. The copy
        // is made from the bytes: `Array(scratch)` shares the buffer, so every entry kept one of
        // the buffer's full capacity and the next write had to allocate a new one.
        scratch.removeAll(keepingCapacity: true)
        address.writeJSON(to: &scratch)
        let json = scratch.withUnsafeBufferPointer { Array($0) }
        let entry = Entry(json: json, several: address.alternatives.count > 1 ? address : nil)
        remember(entry, for: text)
        return entry
    }

    private mutating func remember(_ entry: Entry, for text: String) {
        if entries.count >= capacity {
            // The newer generation becomes the older; the older's table is emptied and reused.
            swap(&entries, &older)
            entries.removeAll(keepingCapacity: true)
        }
        entries[text] = entry
    }
}
