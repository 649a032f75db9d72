import SluiceCore
import SluiceFetch

Stage.main(FetchCommand.self)
