import SluiceBench
import SluiceCore

Stage.main(BenchCommand.tool)
