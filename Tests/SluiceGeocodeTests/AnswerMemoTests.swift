import Testing

@testable import SluiceGeocode

@Suite struct AnswerMemoTests {
    let cityHall = Array(#"{"raw":"City Hall","kind":"place","place":"City Hall"}"#.utf8)
    let geo = Array(#"{"lat":37.779,"lon":-122.419,"precision":"place"}"#.utf8)

    @Test func emptyMemoKnowsNothing() {
        let memo = AnswerMemo(limit: 10)
        #expect(memo.answer(for: cityHall, kind: .address) == nil)
        #expect(memo.count == 0)
    }

    @Test func remembersTheBytesWrittenAndTheSummary() {
        var memo = AnswerMemo(limit: 10)
        memo.remember(cityHall, kind: .address, geo: geo, summary: .init(precision: .place, score: 0.5))
        #expect(memo.answer(for: cityHall, kind: .address)?.geo == geo)
        #expect(memo.answer(for: cityHall, kind: .address)?.summary.precision == .place)
    }

    @Test func anAddressObjectAndAFieldTextAreDifferentQuestions() {
        var memo = AnswerMemo(limit: 10)
        memo.remember(cityHall, kind: .address, geo: geo, summary: .init(precision: .place, score: 0.5))
        #expect(memo.answer(for: cityHall, kind: .field) == nil)
        #expect(memo.answer(for: Array(#""City Hall""#.utf8), kind: .address) == nil)
    }

    @Test func forgetsEverythingAtTheLimit() {
        var memo = AnswerMemo(limit: 2)
        memo.remember(Array("a".utf8), kind: .field, geo: geo, summary: .init(precision: .place, score: 0.5))
        memo.remember(Array("b".utf8), kind: .field, geo: geo, summary: .init(precision: .street, score: 0.5))
        #expect(memo.count == 2)
        memo.remember(Array("c".utf8), kind: .field, geo: geo, summary: .init(precision: .none, score: 0.5))
        #expect(memo.count == 1)
        #expect(memo.answer(for: Array("a".utf8), kind: .field) == nil)
        #expect(memo.answer(for: Array("c".utf8), kind: .field)?.summary.precision == Precision.none)
    }
}
