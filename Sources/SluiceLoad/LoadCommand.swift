import SluiceCore
