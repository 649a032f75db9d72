import SluiceCore
import SluiceReport

Stage.main(ReportCommand.self)
