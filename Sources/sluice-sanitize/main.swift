import SluiceCore
import SluiceSanitize

Stage.main(SanitizeCommand.self)
