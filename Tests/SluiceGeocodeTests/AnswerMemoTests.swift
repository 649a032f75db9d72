import Testing

@testable import SluiceGeocode

@Suite struct AnswerMemoTests {
    let cityHall = Array(#"{"raw":"City Hall","kind":"place","place":"City Hall"}"#.utf8)
    let geo = Array(#"{"lat":37.779,"lon":-122.419,"precision":"place"}"#.utf8)

    @Test func emptyMemoKnowsNothing() {
        var memo = AnswerMemo(limit: 10)
        #expect(memo.answer(for: .init(kind: .address, bytes: cityHall)) == nil)
        #expect(memo.count == 0)
    }

    @Test func remembersTheBytesWrittenAndTheSummary() {
        var memo = AnswerMemo(limit: 10)
        memo.remember(.init(kind: .address, bytes: cityHall), geo: geo, summary: .init(precision: .place, score: 0.5))
        #expect(memo.answer(for: .init(kind: .address, bytes: cityHall))?.geo == geo)
        #expect(memo.answer(for: .init(kind: .address, bytes: cityHall))?.summary.precision == .place)
    }

    @Test func anAddressObjectAndAFieldTextAreDifferentQuestions() {
        var memo = AnswerMemo(limit: 10)
        memo.remember(.init(kind: .address, bytes: cityHall), geo: geo, summary: .init(precision: .place, score: 0.5))
        #expect(memo.answer(for: .init(kind: .field, bytes: cityHall)) == nil)
        #expect(memo.answer(for: .init(kind: .address, bytes: Array(#""City Hall""#.utf8))) == nil)
    }

    @Test func holdsAtMostTheLimit() {
        var memo = AnswerMemo(limit: 2)
        memo.remember(.init(kind: .field, bytes: Array("a".utf8)), geo: geo, summary: .init(precision: .place, score: 0.5))
        memo.remember(.init(kind: .field, bytes: Array("b".utf8)), geo: geo, summary: .init(precision: .street, score: 0.5))
        #expect(memo.count == 2)
        memo.remember(.init(kind: .field, bytes: Array("c".utf8)), geo: geo, summary: .init(precision: .none, score: 0.5))
        #expect(memo.count == 2)
        #expect(memo.answer(for: .init(kind: .field, bytes: Array("a".utf8))) == nil)
        #expect(memo.answer(for: .init(kind: .field, bytes: Array("c".utf8)))?.summary.precision == Precision.none)
    }

    @Test func keysAreEqualOnlyWhenTheirBytesAre() {
        // Every length around the 8-byte steps, and texts differing in one byte anywhere.
        let texts = (0...20).map { String(repeating: "a", count: $0) } + ["City Hall", "City Halm", "Dity Hall", "City Hall "]
        for a in texts {
            for b in texts {
                let (x, y) = (AnswerMemo.Key(kind: .address, bytes: Array(a.utf8)), AnswerMemo.Key(kind: .address, bytes: Array(b.utf8)))
                #expect((x == y) == (a == b), "\(a) \(b)")
                if a == b { #expect(x.hashValue == y.hashValue) }
            }
        }
        #expect(AnswerMemo.Key(kind: .address, bytes: cityHall) != AnswerMemo.Key(kind: .field, bytes: cityHall))
    }
}
