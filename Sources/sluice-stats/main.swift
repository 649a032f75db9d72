import SluiceCore
import SluiceStats

Stage.main(StatsCommand.self)
