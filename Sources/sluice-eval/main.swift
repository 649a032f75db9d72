import SluiceCore
import SluiceTools

Stage.main(Evaluations.tool)
