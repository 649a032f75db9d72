import SluiceCore
import SluiceLoad

Stage.main(LoadCommand.self)
