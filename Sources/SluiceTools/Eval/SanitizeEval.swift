import Foundation
import SluiceCore
import SluiceSanitize

/// `sluice-eval sanitize`: the address parser's accuracy on the labelled SF film-location
/// strings and on usaddress's held-out test data, with usaddress's own figures beside ours
/// when it is installed.
struct SanitizeEval: ToolCommand {
    static let usage = Usage.tool(
        name: "sluice-eval sanitize",
        overview: "sluice-sanitize's accuracy on hand-labelled SF strings and on usaddress's test data, beside usaddress",
        synopsis: ["sluice-eval sanitize [--sf FILE] [--usaddress DIR] [--failures]"],
        options: [
            .input("sf", "FILE", "labelled SF strings (default Tests/SluiceSanitizeTests/Fixtures/sf-labelled.ndjson)"),
            .inputFolder("usaddress", "DIR", "usaddress-labeled data (default ../shared/data/usaddress-labeled)"),
            .flag("failures", "list every string that is not fully right"),
        ],
        examples: ["sluice-eval sanitize --failures"],
        memory: "the labelled strings.",
        sections: [
            (
                "PEERS",
                "  usaddress itself is run through scripts/usaddress_driver.py when `pip install usaddress` has been done."
            )
        ])

    var sfPath = "Tests/SluiceSanitizeTests/Fixtures/sf-labelled.ndjson"
    static let defaultUSAddressDirectory = "../shared/data/usaddress-labeled"
    var usaddressDirectory = defaultUSAddressDirectory
    var driver = "scripts/usaddress_driver.py"
    var showFailures = false

    init(arguments: ParsedArguments) throws(StageFailure) {
        try arguments.expectNoPositionals()
        if let path = arguments["sf"] { sfPath = path }
        if let directory = arguments["usaddress"] { usaddressDirectory = directory }
        showFailures = arguments.has("failures")
    }

    static let sfFields = [
        "place", "number", "number_to", "pre_dir", "street", "suffix", "post_dir", "unit",
        "cross_street", "cross_street_2", "neighborhood", "city", "state", "zip",
    ]
    /// What both parsers can be asked about: streets compared as whole normalised keys.
    static let commonFields = ["number", "street", "cross_street", "unit", "place", "city", "state", "zip"]

    mutating func run(_ context: ToolContext) throws {
        let parser = AddressParser()
        let sf = try LabelledAddress.readNDJSON(String(contentsOfFile: sfPath, encoding: .utf8), source: sfPath)
        var ours = Scorecard()
        for label in sf {
            let parsed = parser.parse(label.text)
            ours.score(
                label, kind: parsed.kind.rawValue, components: SanitizeEval.components(parsed),
                parts: parsed.alternatives.isEmpty ? nil : parsed.alternatives.count, fields: SanitizeEval.sfFields)
        }
        try context.write(ours.table(title: "Sluice on \(sf.count) hand-labelled SF film-location strings (\(sfPath)):"))
        if showFailures { try context.write(ours.failures.map { "  ✗ \($0)" }.joined(separator: "\n") + "\n") }

        let sfCommon = sf.map(SanitizeEval.commonForm)
        try context.write(
            compare(sfCommon, title: "the SF set, streets compared whole (the fields usaddress also has)", fields: SanitizeEval.commonFields))

        // The default is the evaluation data beside the repository, which a clone elsewhere
        // lacks: then the SF set alone (a folder given with --usaddress must exist).
        if usaddressDirectory == SanitizeEval.defaultUSAddressDirectory, !FileManager.default.fileExists(atPath: usaddressDirectory) {
            try context.write("usaddress's held-out test data: skipped, \(usaddressDirectory) is not here (give --usaddress DIR)\n")
            return
        }
        var usLabels: [LabelledAddress] = []
        var skipped = 0
        for file in ["test_data/labeled.xml", "test_data/us50_test_tagged.xml"] {
            let path = usaddressDirectory + "/" + file
            let (addresses, boxes) = USAddressXML.read(try String(contentsOfFile: path, encoding: .utf8))
            usLabels += addresses
            skipped += boxes
        }
        try context.write(
            compare(
                usLabels, title: "usaddress's held-out test data (test_data/labeled.xml + us50_test_tagged.xml; \(skipped) PO-box strings skipped)",
                fields: SanitizeEval.commonFields))
    }

    /// Scores Sluice and, when it can be run, usaddress on the same labels.
    func compare(_ labels: [LabelledAddress], title: String, fields: [String]) -> String {
        let parser = AddressParser()
        var ours = Scorecard()
        for label in labels {
            let parsed = parser.parse(label.text)
            var components = SanitizeEval.components(parsed)
            components["street"] = parsed.mainStreet?.key
            components["cross_street"] = parsed.cross?.key
            // The number of locations is not compared here: usaddress has no notion of it.
            ours.score(label, kind: parsed.kind.rawValue, components: components, parts: label.parts, fields: fields)
        }
        var out = ours.table(title: "Sluice on \(title), \(labels.count) strings:")
        if showFailures { out += ours.failures.prefix(60).map { "  ✗ \($0)" }.joined(separator: "\n") + "\n" }
        switch runUSAddress(labels.map(\.text)) {
        case .success(let (answers, seconds)):
            var theirs = Scorecard()
            for (label, tagged) in zip(labels, answers) {
                let answer = USAddressXML.labelled(text: label.text, tagged: tagged)
                theirs.score(label, kind: answer?.kind ?? "none", components: answer?.components ?? [:], parts: label.parts, fields: fields)
            }
            out += theirs.table(
                title: "usaddress on the same strings (\(Int(Double(labels.count) / max(seconds, 1e-9))) strings/s in its own process):")
        case .failure(let reason):
            out += "usaddress: skipped (\(reason))\n"
        }
        return out
    }

    /// The string components of an `address` object, keyed as in the JSON.
    static func components(_ parsed: ParsedAddress) -> [String: String] {
        guard case .object(let members) = parsed.json else { return [:] }
        var components: [String: String] = [:]
        for member in members where !["raw", "clean", "kind", "key"].contains(member.key) {
            if let text = member.value.stringValue { components[member.key] = text }
        }
        return components
    }

    /// An SF label with its street parts folded into one key, as `commonFields` compares them.
    static func commonForm(_ label: LabelledAddress) -> LabelledAddress {
        var label = label
        let parts = [label.components["pre_dir"], label.components["street"], label.components["suffix"], label.components["post_dir"]]
        if label.components["street"] != nil {
            label.components["street"] = StreetNormalizer.normalize(parts.compactMap { $0 }.joined(separator: " ")).key
        }
        label.components["cross_street"] = label.components["cross_street"].map { StreetNormalizer.normalize($0).key }
        return label
    }

    struct Skipped: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `scripts/usaddress_driver.py`: usaddress's (tag, token) pairs per string and its parse time.
    func runUSAddress(_ texts: [String]) -> Result<([[(tag: String, value: String)]], Double), Skipped> {
        // The strings in a file and the answers in another: no pipe to fill up and block on.
        let directory = FileManager.default.temporaryDirectory
        let input = directory.appendingPathComponent("sluice-eval-usaddress-\(getpid()).ndjson").path
        let output = directory.appendingPathComponent("sluice-eval-usaddress-\(getpid()).out").path
        defer {
            try? FileManager.default.removeItem(atPath: input)
            try? FileManager.default.removeItem(atPath: output)
        }
        let payload = texts.map { JSONWriter.string(.string($0)) }.joined(separator: "\n") + "\n"
        let status: Int32
        do {
            try payload.write(toFile: input, atomically: true, encoding: .utf8)
            status = try ChildProcess.run(["python3", driver], stdin: input, stdout: output, stderr: "/dev/null")
        } catch { return .failure(Skipped(description: "cannot run python3 \(driver): \(error)")) }
        guard status == 0 else {
            return .failure(Skipped(description: status == 3 ? "not installed; pip install usaddress" : "driver failed"))
        }
        let data = (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
        var answers: [[(tag: String, value: String)]] = []
        var seconds = 0.0
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let value = try? JSONParser.parse(String(line)) else { continue }
            if case .array(let pairs) = value {
                answers.append(
                    pairs.compactMap { pair in
                        guard case .array(let items) = pair, items.count == 2, let tag = items[0].stringValue, let token = items[1].stringValue else {
                            return nil
                        }
                        return (tag, token)
                    })
            } else if let time = value["seconds"]?.doubleValue {
                seconds = time
            }
        }
        guard answers.count == texts.count else { return .failure(Skipped(description: "driver answered \(answers.count) of \(texts.count)")) }
        return .success((answers, seconds))
    }
}
