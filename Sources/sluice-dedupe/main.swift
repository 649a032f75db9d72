import SluiceCore
import SluiceDedupe

Stage.main(DedupeCommand.self)
