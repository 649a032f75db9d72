import SluiceCore
import SluiceTools

Stage.main(GazetteerBuild.tool)
