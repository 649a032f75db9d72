import Testing

@testable import SluiceCore

@Suite struct UsageTests {
    let usage = Usage(
        name: "sluice-test", overview: "does a thing", synopsis: ["sluice-test [options]"],
        options: [.value("table", "NAME", "the table"), .flag("a-very-long-option-name-indeed", "wraps")],
        examples: ["sluice-test --table t"], memory: "one record", sections: [(title: "OUTPUT", body: "  lines")])

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

    @Test func exitCodesAreDistinct() {
        let codes = ExitCode.allCases.map(\.rawValue)
        #expect(Set(codes).count == codes.count)
        for code in codes where code != 0 { #expect(ExitCode.helpText.contains("  \(code)  ")) }
    }
}
