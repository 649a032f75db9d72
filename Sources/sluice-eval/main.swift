import Foundation
import SluiceCore

// `sluice-eval sanitize [--sf FILE] [--usaddress DIR] [--failures]`: accuracy of the stages
// against labelled data (`make eval`). Later stages add their own subcommands here.
let usage = """
    usage: sluice-eval sanitize [--sf FILE] [--usaddress DIR] [--failures]
      --sf FILE         labelled SF strings (default Tests/SluiceSanitizeTests/Fixtures/sf-labelled.ndjson)
      --usaddress DIR   usaddress-labeled data (default ../shared/data/usaddress-labeled)
      --failures        list every string that is not fully right
    usaddress itself is run through scripts/usaddress_driver.py when `pip install usaddress` has been done.

    """
let options: [OptionSpec] = [
    .value("sf", "FILE", "labelled SF strings"),
    .value("usaddress", "DIR", "usaddress-labeled data"),
    .flag("failures", "list every string that is not fully right"),
    .flag("help", "show this help"),
]
do {
    let parsed = try ParsedArguments(Array(CommandLine.arguments.dropFirst()), options: options)
    if parsed.has("help") {
        print(usage, terminator: "")
        exit(ExitCode.ok.rawValue)
    }
    guard parsed.positionals == ["sanitize"] else { throw StageFailure.usage("expected the command 'sanitize'") }
    var eval = SanitizeEval()
    if let path = parsed["sf"] { eval.sfPath = path }
    if let directory = parsed["usaddress"] { eval.usaddressDirectory = directory }
    eval.showFailures = parsed.has("failures")
    try eval.run()
} catch {
    exit(Stage.report(error, name: "sluice-eval").rawValue)
}
