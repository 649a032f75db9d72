import SluiceCore
import SluiceGeocode

Stage.main(GeocodeCommand.self)
