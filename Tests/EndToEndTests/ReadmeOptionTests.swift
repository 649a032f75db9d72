import Foundation
import Testing

/// README's option lists cannot drift from the stages' `--help`: each option a stage's OPTIONS
/// section lists is named in that stage's README section (`### sluice-NAME`) or in "The record
/// contract", which holds what every stage shares; every COMMON OPTIONS option is named there
/// too; and every option the README's synopsis line of a stage gives is one its help knows.
@Suite struct ReadmeOptionTests {
    static let readme = (try? String(contentsOf: Executable.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// The `--options` a text names.
    static func options(in text: some StringProtocol) -> Set<String> {
        var found = Set<String>()
        var rest = Substring(text)
        while let range = rest.range(of: "--") {
            let before = range.lowerBound == rest.startIndex ? nil : rest[rest.index(before: range.lowerBound)]
            let name = rest[range.upperBound...].prefix { $0.isLowercase || $0.isNumber || $0 == "-" }
            if before.map({ !$0.isLetter && !$0.isNumber && $0 != "-" }) ?? true, name.first?.isLowercase == true {
                found.insert("--" + name)
            }
            rest = rest[range.upperBound...]
        }
        return found
    }

    /// The text from a heading (`### sluice-load`, `## The record contract`) to the next of its level or higher.
    static func section(_ heading: String, of markdown: String) -> String? {
        let level = heading.prefix { $0 == "#" }
        guard let start = markdown.range(of: "\n" + heading) else { return nil }
        var lines: [Substring] = []
        for line in markdown[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropFirst() {
            let hashes = line.prefix { $0 == "#" }
            if !hashes.isEmpty, hashes.count <= level.count, line.dropFirst(hashes.count).first == " " { break }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The options listed in a help section (lines `  --name …`, `  --sweep[=MODE] …`).
    static func listed(_ title: String, in help: String) -> Set<String> {
        EveryExecutableTests.section(title, in: help).reduce(into: Set()) { found, line in
            if line.hasPrefix("  --"), let first = line.dropFirst(2).split(separator: " ").first { found.formUnion(options(in: first)) }
        }
    }

    @Test func optionsAreReadFromTextAsWritten() {
        #expect(
            ReadmeOptionTests.options(in: "`--pk COL`, `--no-tf` and --max-line-bytes; not a--b or --Upper or x--y") == [
                "--pk", "--no-tf", "--max-line-bytes",
            ])
        let markdown = "# T\n## A\none --a\n### sluice-x\ntwo --b\n#### deeper\nthree --c\n### sluice-y\nfour --d\n"
        #expect(ReadmeOptionTests.section("### sluice-x", of: markdown).map(ReadmeOptionTests.options(in:)) == ["--b", "--c"])
        #expect(ReadmeOptionTests.section("## A", of: markdown).map(ReadmeOptionTests.options(in:)) == ["--a", "--b", "--c", "--d"])
    }

    @Test(arguments: ExecutableRow.all.filter { $0.stage != nil }.map(\.name))
    func theReadmeNamesEveryOptionOfTheStage(_ name: String) throws {
        let help = try Executable(name).run(["--help"]).stdoutText
        let own = try #require(ReadmeOptionTests.section("### \(name)", of: ReadmeOptionTests.readme), "README has no section ### \(name)")
        let shared = try #require(ReadmeOptionTests.section("## The record contract", of: ReadmeOptionTests.readme))
        let named = ReadmeOptionTests.options(in: own).union(ReadmeOptionTests.options(in: shared))
        let missing = ReadmeOptionTests.listed("OPTIONS", in: help).subtracting(named)
        #expect(missing.isEmpty, "\(name): README does not name \(missing.sorted())")
        let common = ReadmeOptionTests.listed("COMMON OPTIONS", in: help).subtracting(ReadmeOptionTests.options(in: shared))
        #expect(common.isEmpty, "\(name): The record contract does not name \(common.sorted())")
        // The synopsis: the section's first indented line that runs the stage.
        let synopsis = try #require(own.split(separator: "\n").first { $0.hasPrefix("    \(name) ") }, "\(name): no synopsis line")
        let unknown = ReadmeOptionTests.options(in: synopsis).subtracting(ReadmeOptionTests.options(in: help))
        #expect(unknown.isEmpty, "\(name): the README's synopsis gives \(unknown.sorted()), which --help does not know")
    }
}
