import Foundation
import Testing

/// The README's recipes run as written, as sqlite-utils tests its docs. A code block after a
/// line `<!-- doc-test: NAME -->` (indented or fenced) runs under bash with `set -euo pipefail`
/// and the built executables first on PATH, in a scratch copy of `Fixtures/readme/NAME/`: small
/// files standing in for the downloads, named as the commands name them. Its `check.sh` then
/// runs there and checks what the block made. A section joins by marking its block and adding
/// its folder; a marked block without a folder, or a folder without a block, fails.
struct ReadmeRecipe: CustomTestStringConvertible, Sendable {
    let name: String
    let script: String

    var testDescription: String { name }

    static let fixtures = Executable.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/readme")
    static let marker = "<!-- doc-test: "

    static func all() -> [ReadmeRecipe] {
        let readme = (try? String(contentsOf: Executable.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        return recipes(in: readme)
    }

    /// Each marked block of `markdown`, as the lines a shell runs.
    ///
    ///     <!-- doc-test: hello -->
    ///         echo hello \
    ///             world
    ///     → ReadmeRecipe(name: "hello", script: "echo hello \\\n    world\n")
    static func recipes(in markdown: String) -> [ReadmeRecipe] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [ReadmeRecipe] = []
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            index += 1
            guard line.hasPrefix(marker), line.hasSuffix("-->") else { continue }
            let name = line.dropFirst(marker.count).dropLast(3).trimmingCharacters(in: .whitespaces)
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces).isEmpty { index += 1 }
            var block: [String] = []
            if index < lines.count, lines[index].hasPrefix("```") {
                index += 1
                while index < lines.count, !lines[index].hasPrefix("```") {
                    block.append(lines[index])
                    index += 1
                }
            } else {
                // An indented block: its lines, blank ones inside it included, less four spaces.
                while index < lines.count, lines[index].hasPrefix("    ") || lines[index].trimmingCharacters(in: .whitespaces).isEmpty {
                    block.append(String(lines[index].dropFirst(min(4, lines[index].count))))
                    index += 1
                }
                while block.last?.isEmpty == true { block.removeLast() }
            }
            found.append(ReadmeRecipe(name: name, script: block.map { $0 + "\n" }.joined()))
        }
        return found
    }
}

@Suite struct ReadmeRecipeTests {
    @Test func markedBlocksAreReadAsTheShellWouldRunThem() {
        let markdown = """
            Text.

            <!-- doc-test: indented -->
                one \\
                    two

                three
            After.
            <!-- doc-test: fenced -->
            ```sh
            four
            ```
                not marked
            """
        let recipes = ReadmeRecipe.recipes(in: markdown)
        #expect(recipes.map(\.name) == ["indented", "fenced"])
        #expect(recipes.first?.script == "one \\\n    two\n\nthree\n")
        #expect(recipes.last?.script == "four\n")
    }

    @Test func everyMarkedBlockHasItsFixturesAndEveryFixtureItsBlock() throws {
        let marked = ReadmeRecipe.all().map(\.name)
        let folders = try FileManager.default.contentsOfDirectory(atPath: ReadmeRecipe.fixtures.path)
        #expect(!marked.isEmpty)
        #expect(Set(marked).count == marked.count, "a name marks two blocks")
        #expect(Set(marked) == Set(folders), "README blocks \(marked.sorted()), fixture folders \(folders.sorted())")
        for recipe in ReadmeRecipe.all() where !recipe.script.contains("sluice-") {
            Issue.record("\(recipe.name): the block runs no sluice executable")
        }
    }

    @Test(arguments: ReadmeRecipe.all())
    func runsAsWritten(_ recipe: ReadmeRecipe) throws {
        let scratch = try TemporaryDirectory()
        let manager = FileManager.default
        let fixtures = ReadmeRecipe.fixtures.appendingPathComponent(recipe.name)
        for name in try manager.contentsOfDirectory(atPath: fixtures.path) where name != "check.sh" {
            try manager.copyItem(at: fixtures.appendingPathComponent(name), to: scratch.file(name))
        }
        let path = Executable.binDirectory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try Program.run(["bash", "-c", "set -euo pipefail\n" + recipe.script], environment: ["PATH": path], in: scratch.url)
        #expect(run.status == 0, "\(recipe.name) exited \(run.status):\n\(recipe.script)\n\(run.stderrText)")
        guard run.status == 0 else { return }
        let check = try Program.run(
            ["bash", "-c", "set -euo pipefail\n. \"$0\"", fixtures.appendingPathComponent("check.sh").path], environment: ["PATH": path],
            in: scratch.url)
        #expect(check.status == 0, "\(recipe.name): check.sh failed:\n\(check.stdoutText)\(check.stderrText)\nthe recipe said:\n\(run.stderrText)")
    }
}
