import SluiceCore
import Testing

@testable import SluiceDedupe

/// Businesses inside one building share its address and phone, and only their names differ;
/// a business listed twice has its name retyped. EM alone links the neighbours (two agreeing
/// fields outvote the name); a few answers teach it not to.
struct Building {
    static let words = [
        "golden", "lotus", "harbor", "mission", "sunset", "velvet", "copper", "maple", "cedar", "olive", "saffron", "ember",
        "juniper", "marble", "ivory", "coral", "willow", "falcon", "aurora", "basil", "cobalt", "dahlia", "fennel", "garnet",
    ]
    static let kinds = ["cafe", "bakery", "grill", "kitchen", "deli", "bistro"]

    /// Records (name, address, phone) and each record's business.
    static func records(buildings: Int = 16) -> (lines: [String], business: [Int]) {
        var lines: [String] = [], business: [Int] = []
        var random = SplitMix64(seed: 21)
        for building in 0..<buildings {
            let address = "\(100 + building * 7) \(["main", "market", "valencia", "geary"][building % 4])"
            let phone = "415555\(String(1000 + building * 13))"
            for unit in 0..<3 {
                let name =
                    "\(words[(building * 3 + unit) % words.count]) \(words[(building * 5 + unit * 7 + 3) % words.count]) \(kinds[(building + unit) % kinds.count])"
                let id = building * 3 + unit
                lines.append(#"{"name":"\#(name)","address":"\#(address)","phone":"\#(phone)","provenance":{"row":\#(lines.count + 1)}}"#)
                business.append(id)
                if random.chance(0.6) {
                    let retyped = random.chance(0.5) ? name.uppercased() : name.replacingOccurrences(of: " ", with: "  ") + " sf"
                    let phoneText = random.chance(0.5) ? "null" : #""\#(phone)""#
                    lines.append(#"{"name":"\#(retyped)","address":"\#(address)","phone":\#(phoneText),"provenance":{"row":\#(lines.count + 1)}}"#)
                    business.append(id)
                }
            }
        }
        return (lines, business)
    }

    /// Pairwise F1 of clusters against the businesses.
    static func f1(_ table: ClusterTable, _ business: [Int]) -> Double {
        var truePositives = 0, predicted = 0, actual = 0
        for i in business.indices {
            for j in (i + 1)..<business.count {
                let same = table.inOneCluster(i, j), truth = business[i] == business[j]
                if same { predicted += 1 }
                if truth { actual += 1 }
                if same && truth { truePositives += 1 }
            }
        }
        let precision = Double(truePositives) / Double(max(predicted, 1)), recall = Double(truePositives) / Double(max(actual, 1))
        return precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
    }
}

@Suite struct FuzzyMatcherLabelsTests {
    func matcher(_ lines: [String], settings: FuzzyMatcher.Settings = .init()) throws -> (FuzzyMatcher, RecordFacts) {
        var matcher = FuzzyMatcher(
            specs: try ["name:name", "address:address", "phone:phone"].map(ComparisonSpec.parse), rules: [try BlockingRule.parse("address")],
            settings: settings)
        var facts = RecordFacts(keepProvenance: true)
        for line in lines {
            try withRecord(line) { record in
                matcher.append(record)
                try facts.append(record)
            }
        }
        try matcher.compare(recordCount: facts.count, keepAll: false)
        return (matcher, facts)
    }

    @Test func answersTurnTheModelAwayFromNeighbours() throws {
        let (lines, business) = Building.records()
        var (plain, facts) = try matcher(lines)
        plain.learn(labels: LabelledPairs())
        let before = Building.f1(try plain.link(facts: facts, pairsSink: nil), business)

        // An oracle answers the suggested pairs, ten at a time.
        var (taught, _) = try matcher(lines)
        taught.learn(labels: LabelledPairs())
        var labels = LabelledPairs()
        for _ in 0..<2 {
            for suggestion in try taught.suggestions(10) {
                labels.record(suggestion.a, suggestion.b, business[suggestion.a] == business[suggestion.b] ? .match : .distinct, line: 0)
            }
            taught.learn(labels: labels)
        }
        #expect(labels.matches > 0 && labels.distinct > 0)
        #expect(taught.unsupervisedModel != nil)
        // The name's disagreement now outweighs the shared address and phone.
        let nameDifferent = UInt8(ComparisonSpec(path: "name", method: .name).levelCount - 1)
        #expect((taught.model?.fieldWeight(0, nameDifferent) ?? 0) < (taught.unsupervisedModel?.fieldWeight(0, nameDifferent) ?? 0))
        let after = Building.f1(try taught.link(facts: facts, pairsSink: nil), business)
        #expect(after > before + 0.1, "F1 \(before) → \(after)")
        #expect(after > 0.9, "F1 \(after)")
    }

    @Test func theThresholdIsMeasuredOnTheLabelsAndKeptWhenGiven() throws {
        let (lines, business) = Building.records()
        var settings = FuzzyMatcher.Settings()
        settings.thresholdGiven = true
        settings.threshold = 0.8
        var (matcher, _) = try self.matcher(lines, settings: settings)
        var labels = LabelledPairs()
        for i in 0..<12 { labels.record(2 * i, 2 * i + 1, business[2 * i] == business[2 * i + 1] ? .match : .distinct, line: i + 1) }
        matcher.learn(labels: labels)
        #expect(matcher.threshold == 0.8)
        #expect(matcher.thresholdChoice?.chosen == false && matcher.thresholdChoice?.folds == 5)
        #expect(matcher.labelWeights(labels.pairs).allSatisfy { $0 >= 1 })
    }
}
