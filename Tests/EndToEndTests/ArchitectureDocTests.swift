import Foundation
import Testing

/// ARCHITECTURE.md checked against the code, as the README's recipes are run
/// (`ReadmeRecipeTests`): the module table against Package.swift's targets and every module's
/// `import` lines, SluiceCore's table against its files, and every path the page names against
/// the tree. A page that drifts fails here with the line to change.
struct ArchitectureDoc {
    /// A row of the module table.
    struct Module: Equatable {
        let name: String
        let folder: String
        let mayImport: [String]
    }

    /// A library target of Package.swift (`.target`, not an executable or a test).
    struct Target: Equatable {
        let name: String
        let dependencies: [String]
        let path: String
    }

    /// The toolchain's modules: any module may import them.
    static let toolchain: Set<String> = ["Foundation", "Dispatch", "Glibc", "Darwin"]

    let text: String

    /// The rows of the table under `## heading`, each as its cells (the header and rule dropped).
    func table(under heading: String) -> [[String]] {
        var rows: [[String]] = []
        var inSection = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { inSection = line == "## \(heading)" }
            guard inSection, line.hasPrefix("|") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            rows.append(cells)
        }
        return Array(rows.dropFirst(2))
    }

    /// The module table; "may import" spelt as modules (`Core` → `SluiceCore`; the toolchain's
    /// and the system libraries, `C…`, as they are).
    var modules: [Module] {
        let rows = table(under: "Modules").filter { $0.count >= 3 }
        return rows.map { row in
            let allowed = row[2].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
                .map { Self.toolchain.contains($0) || $0.wholeMatch(of: #/C[A-Z]\w*/#) != nil ? $0 : "Sluice" + $0 }
            return Module(name: row[0], folder: row[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")), mayImport: allowed)
        }
    }

    /// Every backticked text on the page.
    var backticked: [String] {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
    }

    /// Package.swift's library targets, read from its text.
    static func targets(inPackage package: String) -> [Target] {
        let pattern = #/\.target\(\s*name:\s*"(\w+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?(?:,\s*path:\s*"([^"]+)")?/#
        return package.matches(of: pattern).map { match in
            let dependencies =
                match.output.2.map { list in
                    list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"\n")) }
                } ?? []
            let name = String(match.output.1)
            return Target(name: name, dependencies: dependencies, path: match.output.3.map(String.init) ?? "Sources/\(name)")
        }
    }

    /// Package.swift's system libraries (`CSQLite`, `CZlib`).
    static func systemLibraries(inPackage package: String) -> [String] {
        package.matches(of: #/\.systemLibrary\(\s*name:\s*"(\w+)"/#).map { String($0.output.1) }
    }

    /// What the module table says that Package.swift does not: a target missing from the table or
    /// the table's order (imports only go up it), a folder or a dependency that differ.
    func moduleProblems(package: String) -> [String] {
        let targets = Self.targets(inPackage: package)
        let rows = modules
        var problems: [String] = []
        for target in targets where !rows.contains(where: { $0.name == target.name }) {
            problems.append("\(target.name): a target of Package.swift missing from the module table")
        }
        for (index, row) in rows.enumerated() {
            guard let target = targets.first(where: { $0.name == row.name }) else {
                problems.append("\(row.name): in the module table but not a target of Package.swift")
                continue
            }
            if row.folder != target.path + "/" {
                problems.append("\(row.name): folder `\(row.folder)` in the table, `\(target.path)/` in Package.swift")
            }
            let listed = Set(row.mayImport).subtracting(Self.toolchain)
            if listed != Set(target.dependencies) {
                problems.append(
                    "\(row.name): may import \(listed.sorted()) in the table, depends on \(target.dependencies.sorted()) in Package.swift")
            }
            let above = Set(rows[..<index].map(\.name))
            for name in row.mayImport where name.hasPrefix("Sluice") && !above.contains(name) {
                problems.append("\(row.name): may import \(name), which is not above it in the table")
            }
        }
        return problems
    }

    /// Each `import` of a package module (`SluiceX`, `CSQLite`, `CZlib`) in `files` (path → text)
    /// that the module's row does not allow.
    func importProblems(module: Module, files: [(path: String, text: String)], packageModules: Set<String>) -> [String] {
        var problems: [String] = []
        for file in files {
            for whole in file.text.split(separator: "\n") {
                let line = whole.drop(while: { $0 == " " })
                guard line.hasPrefix("import ") || line.hasPrefix("@"),
                    let match = line.wholeMatch(of: #/(?:@testable |@_implementationOnly )?import (\w+)/#)
                else { continue }
                let imported = String(match.output.1)
                if packageModules.contains(imported), !module.mayImport.contains(imported) {
                    problems.append("\(file.path): imports \(imported), which the table does not let \(module.name) import")
                }
            }
        }
        return problems
    }

    /// SluiceCore's files (paths under its folder) that the page does not name, and the files its
    /// table names that do not exist.
    func coreFileProblems(coreFiles: [String]) -> [String] {
        var problems = coreFiles.filter { !text.contains("`\($0)`") }
            .map { "Sources/SluiceCore/\($0): not named in ARCHITECTURE.md (give it a row in \"What lives where in SluiceCore\")" }
        let existing = Set(coreFiles)
        for row in table(under: "What lives where in SluiceCore") where row.count >= 2 {
            let named = row[1].split(separator: "`", omittingEmptySubsequences: false)
            // A file of another module (`SluiceBench/Launcher.swift`) is checked with every path.
            for index in stride(from: 1, to: named.count, by: 2) where named[index].hasSuffix(".swift") && !named[index].hasPrefix("Sluice") {
                if !existing.contains(String(named[index])) {
                    problems.append("`\(named[index])`: in the SluiceCore table but not a file of Sources/SluiceCore/")
                }
            }
        }
        return problems
    }

    /// Backticked paths (with a `/`, ending in .swift, .md, .sh or .py, or in `/`, or beginning
    /// with a top-level folder) that `exists` finds nowhere: at the root, in `Sources/`, or in a module's
    /// folder (the page names a module's files from its folder). Patterns (`<Stage>`, `*`, `…`) are
    /// skipped.
    func pathProblems(topLevel: Set<String>, modules: [String], exists: (String) -> Bool) -> [String] {
        var problems: [String] = []
        for path in Set(backticked).sorted() where path.contains("/") && !path.contains(" ") {
            if path.contains("<") || path.contains("*") || path.contains("…") { continue }
            let endsAsFile = [".swift", ".md", ".sh", ".py"].contains { path.hasSuffix($0) }
            let first = String(path.split(separator: "/").first ?? "")
            guard endsAsFile || path.hasSuffix("/") || topLevel.contains(first) else { continue }
            let places = [""] + ["Sources/"] + modules.map { "Sources/\($0)/" }
            if !places.contains(where: { exists($0 + path) }) {
                problems.append("`\(path)`: named in ARCHITECTURE.md but no such file or folder")
            }
        }
        return problems
    }
}

@Suite struct ArchitectureDocTests {
    static let root = Executable.packageRoot

    static func read(_ path: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    /// The `.swift` files under `folder`, as paths relative to it, sorted.
    static func swiftFiles(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        let walker = FileManager.default.enumerator(atPath: base.path)
        var found: [String] = []
        while let path = walker?.nextObject() as? String { if path.hasSuffix(".swift") { found.append(path) } }
        return found.sorted()
    }

    let doc = ArchitectureDoc(text: read("ARCHITECTURE.md"))
    let package = read("Package.swift")

    @Test func theModuleTableIsPackageSwifts() {
        #expect(!doc.modules.isEmpty, "ARCHITECTURE.md has no module table")
        #expect(doc.moduleProblems(package: package) == [])
    }

    @Test func everyModuleImportsOnlyWhatTheTableAllows() {
        let packageModules = Set(ArchitectureDoc.targets(inPackage: package).map(\.name) + ArchitectureDoc.systemLibraries(inPackage: package))
        #expect(packageModules.contains("CSQLite"))
        var problems: [String] = []
        for module in doc.modules {
            let folder = module.folder
            let files = Self.swiftFiles(under: folder).map { (path: folder + $0, text: Self.read(folder + $0)) }
            #expect(!files.isEmpty, "\(folder) has no Swift files")
            problems += doc.importProblems(module: module, files: files, packageModules: packageModules)
        }
        #expect(problems == [])
    }

    @Test func everyCoreFileIsPlacedAndEveryPlacedFileExists() {
        let files = Self.swiftFiles(under: "Sources/SluiceCore")
        #expect(files.contains("CLI/Stage.swift"))
        #expect(doc.coreFileProblems(coreFiles: files) == [])
    }

    @Test func everyPathThePageNamesExists() throws {
        let topLevel = Set(try FileManager.default.contentsOfDirectory(atPath: Self.root.path))
        let modules = doc.modules.map(\.name)
        let problems = doc.pathProblems(topLevel: topLevel, modules: modules) {
            FileManager.default.fileExists(atPath: Self.root.appendingPathComponent($0).path)
        }
        #expect(problems == [])
    }

    /// The checks fail on a page that drifts: a wrong dependency, a missing module, a forbidden
    /// import, an unplaced core file, a path that does not exist.
    @Test func aDriftedPageFails() {
        let package = """
            .target(name: "SluiceCore"),
            .target(name: "SluiceFetch", dependencies: ["SluiceCore"]),
            .target(name: "SluiceLoad", dependencies: ["SluiceCore", "CSQLite"]),
            """
        let page = ArchitectureDoc(
            text: """
                ## Modules

                | module | folder | may import | what it holds |
                |---|---|---|---|
                | SluiceCore | `Sources/SluiceCore/` | Foundation | core |
                | SluiceFetch | `Sources/SluiceFetch/` | Core, Load | fetch |

                ## What lives where in SluiceCore

                | concept | file |
                |---|---|
                | the entry point | `CLI/Stage.swift`, `CLI/Gone.swift` |
                See `scripts/missing.sh` and `Gone/`.
                """)
        #expect(
            page.moduleProblems(package: package) == [
                "SluiceLoad: a target of Package.swift missing from the module table",
                "SluiceFetch: may import [\"SluiceCore\", \"SluiceLoad\"] in the table, depends on [\"SluiceCore\"] in Package.swift",
                "SluiceFetch: may import SluiceLoad, which is not above it in the table",
            ])
        let fetch = page.modules[1]
        #expect(
            page.importProblems(
                module: fetch, files: [(path: "F.swift", text: "import Foundation\nimport SluiceCore\nimport CSQLite\n")],
                packageModules: ["SluiceCore", "SluiceFetch", "SluiceLoad", "CSQLite"])
                == ["F.swift: imports CSQLite, which the table does not let SluiceFetch import"])
        #expect(
            page.coreFileProblems(coreFiles: ["CLI/Stage.swift", "Text/New.swift"]) == [
                "Sources/SluiceCore/Text/New.swift: not named in ARCHITECTURE.md (give it a row in \"What lives where in SluiceCore\")",
                "`CLI/Gone.swift`: in the SluiceCore table but not a file of Sources/SluiceCore/",
            ])
        #expect(
            page.pathProblems(topLevel: ["scripts"], modules: ["SluiceCore"]) {
                ["Sources/SluiceCore/", "Sources/SluiceFetch/", "Sources/SluiceCore/CLI/Stage.swift"].contains($0)
            }
                == [
                    "`CLI/Gone.swift`: named in ARCHITECTURE.md but no such file or folder",
                    "`Gone/`: named in ARCHITECTURE.md but no such file or folder",
                    "`scripts/missing.sh`: named in ARCHITECTURE.md but no such file or folder",
                ])
    }
}
