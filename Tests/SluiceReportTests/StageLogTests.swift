import SluiceCore
import Testing

@testable import SluiceReport

@Suite struct StageLogTests {
    @Test func readsTheAccountingLineAndWarnings() throws {
        let file = try TemporaryFile(
            """
            sluice-load: warning: column 'x' added
            sluice-load: warning: column 'y' added
            something else

            sluice-load: 10 in, 9 out, 1 rejected, 9 inserted

            """, suffix: ".log")
        let log = try StageLog.read(file.path)
        #expect(log.stage == "sluice-load")
        #expect(log.accounting?.recordsIn == 10 && log.accounting?.rejected == 1 && log.accounting?.details == ["9 inserted"])
        #expect(log.warnings == 2 && log.firstWarnings == ["sluice-load: warning: column 'x' added", "sluice-load: warning: column 'y' added"])
        #expect(log.otherLines == 1)
    }

    @Test func aLogWithoutAccountingIsNamedByItsFile() throws {
        let file = try TemporaryFile("sluice-geocode: data.csv:3: error: bad row\n", suffix: ".log")
        let log = try StageLog.read(file.path)
        #expect(log.accounting == nil)
        #expect(log.stage == StageLog.fileName(file.path) && log.stage.hasSuffix(".log") && !log.stage.contains("/"))
    }

    @Test func aMissingLogExits66() {
        #expect(throws: StageFailure.self) { try StageLog.read("/nonexistent/stage.log") }
        do {
            _ = try StageLog.read("/nonexistent/stage.log")
        } catch let failure as StageFailure {
            #expect(failure.exitCode == .noInput)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
