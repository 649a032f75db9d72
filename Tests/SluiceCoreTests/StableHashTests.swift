import Testing

@testable import SluiceCore

@Suite struct StableHashTests {
    @Test func fnv1aReferenceValues() {
        #expect(StableHash.of("") == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.hex(StableHash.of("a")) == "af63dc4c8601ec8c")
        #expect(StableHash.hex(1) == "0000000000000001")
    }
}
