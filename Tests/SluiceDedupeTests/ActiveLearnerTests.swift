import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct ActiveLearnerTests {
    func learnt(_ labels: LabelledPairs = LabelledPairs()) throws -> (FuzzyMatcher, RecordFacts) {
        let (lines, _) = Building.records()
        var matcher = FuzzyMatcher(
            specs: try ["name:name", "address:address", "phone:phone"].map(ComparisonSpec.parse), rules: [try BlockingRule.parse("address")],
            settings: FuzzyMatcher.Settings())
        var facts = RecordFacts(keepProvenance: true)
        for line in lines {
            try withRecord(line) { record in
                matcher.append(record)
                try facts.append(record)
            }
        }
        try matcher.compare(recordCount: facts.count, keepAll: false)
        matcher.learn(labels: labels)
        return (matcher, facts)
    }

    @Test func onePairPerPatternNeverOneAnswered() throws {
        let (matcher, _) = try learnt()
        let suggestions = try matcher.suggestions(50)
        #expect(!suggestions.isEmpty)
        #expect(Set(suggestions.map(\.pattern)).count == suggestions.count)
        #expect(suggestions.allSatisfy { $0.a < $0.b && $0.pairsInPattern >= 1 && $0.labelsInPattern == 0 })
        var labels = LabelledPairs()
        labels.record(suggestions[0].a, suggestions[0].b, .unsure, line: 1)
        let (again, _) = try learnt(labels)
        #expect(try !again.suggestions(50).contains { $0.a == suggestions[0].a && $0.b == suggestions[0].b })
    }

    @Test func theSameInputGivesTheSameSuggestions() throws {
        #expect(try learnt().0.suggestions(5) == learnt().0.suggestions(5))
        #expect(try learnt().0.suggestions(0).isEmpty)
    }

    @Test func suggestionLinesAreLabelsOnceAnswered() throws {
        let (matcher, facts) = try learnt()
        let suggestion = try #require(matcher.suggestions(1).first)
        var text = JSONWriter.string(matcher.suggestionJSON(suggestion, facts: facts))
        #expect(text.hasPrefix(#"{"a":{"row":"#) && text.contains(#""fields":{"name":{"level":"#))
        text.removeLast()
        let label = try Labels.parse(text + #","label":"match"}"#, path: "l", line: 1)
        #expect(label.a == facts.reference(suggestion.a) && label.answer == .match)
    }
}
