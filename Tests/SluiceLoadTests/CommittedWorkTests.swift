import Testing

@testable import SluiceCore
@testable import SluiceLoad

@Suite struct CommittedWorkTests {
    @Test func nothingCommittedSaysTheDatabaseIsUnchanged() {
        #expect(CommittedWork(batchSize: 0).summary(runStatus: nil) == "nothing was committed: the database is as it was before the run")
    }

    @Test func batchesSayHowManyRowsThroughWhichLine() {
        let work = CommittedWork(batchSize: 1000)
        var accounting = Accounting()
        accounting.recordsOut = 1000
        work.committed(accounting, through: StageContext.Location(source: "<stdin>", line: 1002))
        #expect(
            work.summary(runStatus: nil)
                == "1000 rows in 1 batch of 1000 were committed, through <stdin>:1002; the rest of the run was rolled back")
        accounting.recordsOut = 2000
        work.committed(accounting, through: StageContext.Location(source: "a.ndjson", line: 2003))
        #expect(
            work.summary(runStatus: "row 4 says failed")
                == "2000 rows in 2 batches of 1000 were committed, through a.ndjson:2003; the rest of the run was rolled back (_sluice_runs row 4 says failed)"
        )
    }
}
