import Testing

@testable import SluiceSanitize

@Suite struct SuffixSpellingTests {
    @Test func oneSlipFromASuffix() {
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "streeet") == "St")
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "stret") == "St")
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "aveune") == "Ave")
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "boulevrd") == "Blvd")
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "plc") == "Pl")
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "plcae") == "Pl")
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "drivve") == "Dr")
        // Four letters that lost the last, leaving no vowel: Wake County's `Capital Blv`.
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "blv") == "Blvd")
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "pkw") == "Pkwy")
    }

    @Test func wordsOfTheirOwnAreNoSlip() {
        // On a list: a place word, a suffix spelling, a plural.
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "lake") == nil)
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "palace") == nil)
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "streets") == nil)
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "avenu") == nil)
        // One letter from a four- or five-letter name, or changed inside an abbreviation.
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "line") == nil)
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "train") == nil)
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "plate") == nil)
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "count") == nil)
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "car") == nil)
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "red") == nil)
        // A four-letter abbreviation short of its last letter is a word where a vowel is left.
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "pat") == nil)
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "wal") == nil)
        // Too short, digits, empty.
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "sx") == nil)
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "st1") == nil)
        #expect(SuffixSpelling.abbreviation(ofMisspelt: "") == nil)
    }

    @Test func editsOfOne() {
        func apart(_ a: String, _ b: String) -> Bool { SuffixSpelling.isOneEditApart(Array(a.utf8), Array(b.utf8)) }
        #expect(apart("streeet", "street"))
        #expect(apart("stret", "street"))
        #expect(apart("streat", "street"))
        #expect(apart("aveune", "avenue"))
        #expect(!apart("street", "street"))
        #expect(!apart("strt", "street"))
        #expect(!apart("avneeu", "avenue"))
    }
}
