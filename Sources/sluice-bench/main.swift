import SluiceBench
import SluiceCore

// `sluice-bench __launch COMMAND…`: the small process each measured command runs under.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == Launcher.subcommand {
    Launcher.main(Array(CommandLine.arguments.dropFirst(2)))
}
Stage.main(BenchCommand.tool)
