import Foundation

// `sluice-eval sanitize [--sf FILE] [--usaddress DIR] [--failures]`: accuracy of the stages
// against labelled data (`make eval`). Later stages add their own subcommands here.
let usage = """
    usage: sluice-eval sanitize [--sf FILE] [--usaddress DIR] [--failures]
      --sf FILE         labelled SF strings (default Tests/SluiceSanitizeTests/Fixtures/sf-labelled.ndjson)
      --usaddress DIR   usaddress-labeled data (default ../shared/data/usaddress-labeled)
      --failures        list every string that is not fully right
    usaddress itself is run through scripts/usaddress_driver.py when `pip install usaddress` has been done.

    """
var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.first == "sanitize" else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(64)
}
var eval = SanitizeEval()
arguments.removeFirst()
while let option = arguments.first {
    arguments.removeFirst()
    switch option {
    case "--sf" where !arguments.isEmpty: eval.sfPath = arguments.removeFirst()
    case "--usaddress" where !arguments.isEmpty: eval.usaddressDirectory = arguments.removeFirst()
    case "--failures": eval.showFailures = true
    default:
        FileHandle.standardError.write(Data(("sluice-eval: unknown option '\(option)'\n" + usage).utf8))
        exit(64)
    }
}
do {
    try eval.run()
} catch {
    FileHandle.standardError.write(Data("sluice-eval: error: \(error)\n".utf8))
    exit(65)
}
