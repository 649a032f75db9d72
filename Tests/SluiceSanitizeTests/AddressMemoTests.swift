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
        let first = memo.address(for: "City Hall", parse: parse)
        #expect(memo.address(for: "City Hall", parse: parse) == first)
        #expect(first == AddressParser().parse("City Hall"))
        #expect(parsed == ["City Hall"])
    }

    @Test func forgetsEverythingWhenFull() {
        var memo = AddressMemo(capacity: 2)
        var count = 0
        func parse(_ text: String) -> ParsedAddress {
            count += 1
            return AddressParser().parse(text)
        }
        _ = memo.address(for: "a", parse: parse)
        _ = memo.address(for: "b", parse: parse)
        _ = memo.address(for: "c", parse: parse)
        #expect(memo.entries.count == 1)
        _ = memo.address(for: "a", parse: parse)
        #expect(count == 4)
        #expect(memo.entries.count == 2)
    }
}
