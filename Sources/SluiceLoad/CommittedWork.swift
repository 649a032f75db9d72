import SluiceCore

/// What a run has committed so far, kept outside the transaction so that a failure can say it:
/// nothing (one transaction, rolled back), or how many `--batch-size` batches and rows, up to
/// which input line.
///
///     sluice-load: <stdin>:31002: error: truncated line: …; 30000 rows in 3 batches of 10000 were
///     committed, through <stdin>:30004; the rest of the run was rolled back (_sluice_runs 7: failed)
final class CommittedWork {
    let batchSize: Int
    private(set) var batches = 0
    /// What the accounting said when the last batch committed.
    private(set) var accounting = Accounting()
    /// The input line of the last record in the last committed batch.
    private(set) var through: StageContext.Location?
    /// The run's `_sluice_runs` row, once it is committed (batches only).
    var runID: Int64?

    static let nothing = "nothing was committed: the database is as it was before the run"

    init(batchSize: Int) {
        self.batchSize = batchSize
    }

    func committed(_ accounting: Accounting, through location: StageContext.Location?) {
        batches += 1
        self.accounting = accounting
        through = location
    }

    /// The second half of a failure message: what stays in the database.
    func summary(runStatus: String?) -> String {
        guard batches > 0 else { return CommittedWork.nothing }
        let place = through.map { ", through \(Diagnostic.location($0.source, $0.line).dropLast(2))" } ?? ""
        let plural = batches == 1 ? "batch" : "batches"
        return "\(accounting.recordsOut) rows in \(batches) \(plural) of \(batchSize) were committed\(place); the rest of the run was rolled back"
            + (runStatus.map { " (\(RunLog.table) \($0))" } ?? "")
    }
}
