import Testing

@testable import SluiceCore

@Suite struct StringASCIITests {
    /// Every length up to three words and a non-ASCII byte at every place, in the word-at-a-time
    /// part and in the tail, against the byte-by-byte answer.
    @Test func agreesWithEveryByteAtEveryPlace() {
        for length in 0...26 {
            let plain = String(repeating: "a", count: length)
            #expect(plain.isASCII)
            for place in 0..<length {
                var bytes = Array(plain.utf8)
                bytes[place] = 0xC3
                bytes.insert(0xA9, at: place + 1)  // é
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(!text.isASCII, "é at \(place) of \(length)")
                #expect(text.isASCII == text.utf8.allSatisfy { $0 < 0x80 })
            }
        }
        #expect("\u{7F}".isASCII)
        #expect(!"Kelvin \u{212A}".isASCII)
        #expect(!String(repeating: "x", count: 40).appending("\u{80}").isASCII)
    }

    @Test func aLongTextWithoutItsLastLetter() {
        let long = String(repeating: "abc ", count: 10) + "ñ"
        #expect(!long.isASCII)
        #expect(String(long.dropLast()).isASCII)
    }
}
