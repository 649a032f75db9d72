import Testing

@testable import SluiceCore

@Suite struct AccountingParsingTests {
    @Test func readsBackWhatSummaryWrites() {
        var accounting = Accounting()
        accounting.recordsIn = 10
        accounting.recordsOut = 12
        accounting.rejected = 1
        accounting.split = 4
        accounting.merged = 1
        accounting.blankLines = 2
        accounting.details = ["3 inserted", "1466 clusters (244 with duplicates)"]
        #expect(Accounting(summary: accounting.summary) == accounting)
        accounting.blankLines = 1
        #expect(Accounting(summary: accounting.summary) == accounting)
        // sluice-stats writes a summary, not records: its out count is "summarized".
        accounting.outLabel = "summarized"
        #expect(accounting.summary.hasPrefix("10 in, 12 summarized, 1 rejected"))
        #expect(Accounting(summary: accounting.summary) == accounting)
    }

    @Test func readsAStageLogLine() {
        let parsed = Accounting.parse(line: "sluice-geocode: 2084 in, 2084 out, 0 rejected, 707 address, 216 none")
        #expect(parsed?.stage == "sluice-geocode")
        #expect(parsed?.accounting.recordsIn == 2084)
        #expect(parsed?.accounting.details == ["707 address", "216 none"])
    }

    @Test func refusesOtherLines() {
        #expect(Accounting.parse(line: "sluice-load: warning: column 'x' added") == nil)
        #expect(Accounting.parse(line: "sluice-fetch: data.csv:3: error: field count") == nil)
        #expect(Accounting.parse(line: "") == nil)
        #expect(Accounting(summary: "2 in, 2 out") == nil)
        #expect(Accounting(summary: "two in, 2 out, 0 rejected") == nil)
    }
}
