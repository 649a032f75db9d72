import Testing

@testable import SluiceCore

@Suite struct UsageTests {
    static let ownReason = RejectReason("own_reason", "a reason only this stage has")
    let usage = Usage(
        name: "sluice-test", overview: "does a thing", synopsis: ["sluice-test [options]"],
        options: [.value("table", "NAME", "the table"), .flag("a-very-long-option-name-indeed", "wraps")],
        examples: ["sluice-test --table t"], memory: "one record", sections: [(title: "OUTPUT", body: "  lines")],
        rejects: [UsageTests.ownReason], rejectsNote: "(a note under the table)")

    @Test func hasEverySectionInOrder() {
        let text = usage.text
        let titles = ["OVERVIEW:", "USAGE:", "OPTIONS:", "COMMON OPTIONS:", "OUTPUT:", "EXAMPLES:", "MEMORY:", "REJECTS:", "EXIT STATUS:"]
        let positions = titles.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == titles.count)
        #expect(positions == positions.sorted())
        #expect(text.contains("  --table NAME"))
        #expect(text.contains("--rejects FILE"))
        #expect(text.contains("  65  data error"))
    }

    /// The REJECTS table is written from the reasons: the shared ones, then the stage's own.
    @Test func rejectsNameEveryReasonAsTheCodeDoes() {
        #expect(usage.rejectReasons == RejectReason.common + [UsageTests.ownReason])
        let table = usage.text.split(separator: "\n", omittingEmptySubsequences: false).drop { $0 != "REJECTS:" }.dropFirst().prefix { !$0.isEmpty }
        let named = table.compactMap { $0.hasPrefix("   ") ? nil : $0.split(separator: " ").first.map(String.init) }
        #expect(named == usage.rejectReasons.map(\.rawValue) + ["(a"])
        #expect(usage.text.contains("  own_reason      a reason only this stage has\n"))
    }

    @Test func aToolHasNoRecordOptionsAndNoRejects() {
        let tool = Usage.tool(name: "sluice-tool", overview: "builds", synopsis: ["sluice-tool build"], options: [], examples: [], memory: "m")
        #expect(!tool.text.contains("REJECTS:") && !tool.text.contains("--rejects FILE") && !tool.text.contains("--max-line-bytes"))
        #expect(tool.allOptions.map(\.name) == ["quiet", "help", "version"])
        #expect(tool.text.contains("EXIT STATUS:\n  0   success"))
    }

    @Test func definitionsWrapUnderTheirText() {
        let text = Usage.definitions([("a", "short"), ("long_term", String(repeating: "word ", count: 30))])
        let lines = text.split(separator: "\n")
        #expect(lines[0] == "  a          short")
        #expect(lines.allSatisfy { $0.count <= Usage.lineWidth })
        #expect(lines.dropFirst(2).allSatisfy { $0.hasPrefix(String(repeating: " ", count: 13)) && !$0.hasPrefix(String(repeating: " ", count: 14)) })
    }

    @Test func exitCodesAreDistinctAndEachIsExplained() {
        let codes = ExitCode.allCases.map(\.rawValue)
        #expect(Set(codes).count == codes.count)
        for code in ExitCode.allCases {
            let first = code.meaning.split(separator: " ").prefix(3).joined(separator: " ")
            #expect(ExitCode.helpText.contains("  \(code.rawValue)" + String(repeating: " ", count: 4 - "\(code.rawValue)".count) + first))
        }
    }
}
