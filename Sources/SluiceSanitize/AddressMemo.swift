/// The addresses of recently parsed strings, so a string seen again is not parsed again: film
/// locations repeat (`Golden Gate Bridge`, `City Hall`). Parsing is a pure function of the text,
/// so a remembered address is exactly what parsing again would give.
///
/// When full it forgets everything and starts over: memory stays bounded, and what is
/// remembered depends only on the input, never on timing.
///
///     var memo = AddressMemo(capacity: 4096)
///     memo.address(for: "City Hall") { parser.parse($0) }  // parses
///     memo.address(for: "City Hall") { parser.parse($0) }  // remembered
///
/// - Complexity: one hash of the text per call; at most `capacity` entries.
struct AddressMemo {
    let capacity: Int
    private(set) var entries: [String: ParsedAddress] = [:]

    init(capacity: Int) {
        self.capacity = capacity
        entries.reserveCapacity(capacity)
    }

    mutating func address(for text: String, parse: (String) -> ParsedAddress) -> ParsedAddress {
        if let known = entries[text] { return known }
        let parsed = parse(text)
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[text] = parsed
        return parsed
    }
}
