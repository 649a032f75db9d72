import Testing

@testable import SluiceSanitize

@Suite struct AddressMemoTests {
    @Test func parsesEachStringOnceWhileRemembered() {
        var memo = AddressMemo(capacity: 2)
        var parsed: [String] = []
        func parse(_ text: String) -> ParsedAddress {
            parsed.append(text)
            return AddressParser().parse(text)
        }
        let first = memo.entry(for: "City Hall", parse: parse)
        #expect(memo.entry(for: "City Hall", parse: parse).address == first.address)
        #expect(first.address == AddressParser().parse("City Hall"))
        var json: [UInt8] = []
        first.address.writeJSON(to: &json)
        #expect(first.json == json)
        #expect(parsed == ["City Hall"])
    }

    @Test func forgetsEverythingWhenFull() {
        var memo = AddressMemo(capacity: 2)
        var count = 0
        func parse(_ text: String) -> ParsedAddress {
            count += 1
            return AddressParser().parse(text)
        }
        _ = memo.entry(for: "a", parse: parse)
        _ = memo.entry(for: "b", parse: parse)
        _ = memo.entry(for: "c", parse: parse)
        #expect(memo.entries.count == 1)
        _ = memo.entry(for: "a", parse: parse)
        #expect(count == 4)
        #expect(memo.entries.count == 2)
    }
}
