import Testing

@testable import SluiceCore

@Suite struct AccountingTests {
    @Test func summarisesAndBalances() {
        var accounting = Accounting()
        accounting.recordsIn = 10
        accounting.recordsOut = 12
        accounting.rejected = 1
        accounting.split = 4
        accounting.merged = 1
        accounting.blankLines = 2
        accounting.details = ["3 inserted"]
        #expect(accounting.balances)
        #expect(accounting.summary == "10 in, 12 out, 1 rejected, 4 added by splitting, 1 merged, 2 blank lines skipped, 3 inserted")
        accounting.recordsOut = 11
        #expect(!accounting.balances)
    }

    @Test func leavesOutZeroExtras() {
        var accounting = Accounting()
        accounting.recordsIn = 1
        accounting.recordsOut = 1
        #expect(accounting.summary == "1 in, 1 out, 0 rejected")
    }

    /// A stage that writes a summary instead of records says what it did with them.
    @Test func namesWhatWasDoneWithTheRecordsOut() {
        var accounting = Accounting()
        accounting.recordsIn = 3
        accounting.recordsOut = 2
        accounting.rejected = 1
        accounting.outLabel = "summarized"
        #expect(accounting.summary == "3 in, 2 summarized, 1 rejected")
        #expect(accounting.balances)
    }
}
