import SluiceCore
import SluiceTestSupport
import Testing

@testable import SluiceDedupe

@Suite struct LabelledPairsTests {
    static let records = [
        #"{"id":"a1","name":"Tosca Cafe","provenance":{"source":"f.csv","row":1}}"#,
        #"{"id":"a2","name":"TOSCA CAFE","provenance":{"source":"f.csv","row":2}}"#,
        #"{"id":"a3","name":"Cafe Lo","provenance":{"source":"f.csv","row":3}}"#,
        #"{"id":"a3","name":"Cafe Lo too"}"#,
    ]

    func facts(id: String? = nil) throws -> RecordFacts {
        var facts = RecordFacts(keepProvenance: true, idPath: id)
        for line in Self.records { try withRecord(line) { try facts.append($0) } }
        return facts
    }

    func label(_ a: String, _ b: String, _ answer: Labels.Answer, line: Int) throws -> Labels.Label {
        Labels.Label(a: try JSONParser.parse(a), b: try JSONParser.parse(b), answer: answer, line: line)
    }

    @Test func recordsByProvenanceOrNumber() throws {
        let labels = Labels(
            path: "l",
            labels: [
                try label(#"{"source":"f.csv","row":1}"#, #"{"source":"f.csv","row":2}"#, .match, line: 1),
                try label(#"{"source":"f.csv","row":3}"#, #"{"record":4}"#, .distinct, line: 2),
                try label(#"{"source":"g.csv","row":1}"#, #"{"source":"f.csv","row":2}"#, .match, line: 3),
                try label(#"{"record":1}"#, #"{"record":9}"#, .match, line: 4),
            ])
        let pairs = try LabelledPairs(labels: labels, facts: try facts())
        #expect(pairs.pairs == [.init(a: 0, b: 1, match: true, line: 1), .init(a: 2, b: 3, match: false, line: 2)])
        #expect(pairs.unresolved.map(\.line) == [3, 4])
        #expect(pairs.matches == 1 && pairs.distinct == 1)
    }

    @Test func recordsById() throws {
        let labels = Labels(path: "l", labels: [try label(#""a2""#, #""a1""#, .match, line: 1), try label(#""a1""#, #""a3""#, .distinct, line: 2)])
        let pairs = try LabelledPairs(labels: labels, facts: try facts(id: "id"))
        #expect(pairs.pairs == [.init(a: 0, b: 1, match: true, line: 1), .init(a: 0, b: 2, match: false, line: 2)])
        #expect(pairs.ambiguous == 1)  // two records answer to a3
    }

    @Test func theLastAnswerWinsAndUnsureTeachesNothing() throws {
        let a = #"{"source":"f.csv","row":1}"#, b = #"{"source":"f.csv","row":2}"#
        let labels = Labels(
            path: "l",
            labels: [try label(a, b, .match, line: 1), try label(b, a, .distinct, line: 2), try label(a, #"{"record":3}"#, .unsure, line: 3)])
        var pairs = try LabelledPairs(labels: labels, facts: try facts())
        #expect(pairs.pairs == [.init(a: 0, b: 1, match: false, line: 2)])
        #expect(pairs.unsure == 1 && pairs.answered.count == 2)
        pairs.record(1, 0, .match, line: 0)
        #expect(pairs.pairs == [.init(a: 0, b: 1, match: true, line: 0)])
        #expect(pairs.answered.contains(LabelledPairs.key(0, 2)))
    }

    /// Several files: every file's answers; a pair answered match in one and distinct in another
    /// is a disagreement, and distinct is kept; unsure gives way.
    @Test func answersFromEveryFileAndDistinctWinsBetweenThem() throws {
        let r1 = #"{"record":1}"#, r2 = #"{"record":2}"#, r3 = #"{"record":3}"#
        let first = Labels(path: "a", labels: [try label(r1, r2, .match, line: 1), try label(r2, r3, .unsure, line: 2)])
        let second = Labels(path: "b", labels: [try label(r2, r1, .distinct, line: 1), try label(r3, r2, .match, line: 2)])
        let pairs = try LabelledPairs(labels: [first, second], facts: try facts())
        #expect(pairs.pairs == [.init(a: 0, b: 1, match: false, line: 1, file: 1), .init(a: 1, b: 2, match: true, line: 2, file: 1)])
        #expect(
            pairs.disagreements == [
                .init(match: .init(a: 0, b: 1, match: true, line: 1, file: 0), distinct: .init(a: 0, b: 1, match: false, line: 1, file: 1))
            ])
        #expect(pairs.place(of: pairs.pairs[0]) == "b:1" && pairs.unsure == 0)
        // In one file the last answer wins, as before: no disagreement.
        let one = try LabelledPairs(
            labels: [
                Labels(
                    path: "a",
                    labels: first.labels
                        + second.labels.map {
                            var l = $0; l.line += 2; return l
                        })
            ], facts: try facts())
        #expect(one.disagreements.isEmpty && one.pairs.map(\.match) == [false, true])
    }
}
