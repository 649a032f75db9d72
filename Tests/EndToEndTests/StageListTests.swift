import Foundation
import Testing

@testable import SluiceBench

/// The list of stages has one home, Package.swift's `stages` (pipeline order); the executables
/// are its folders `Sources/sluice-*` (`EveryExecutableTests.all` has a row for each). What
/// cannot read those — the Makefile, the bench, this package's test table, the Spark driver —
/// is checked against them here, so that a stage added in one place and not another fails.
@Suite struct StageListTests {
    static let root = Executable.packageRoot
    static func read(_ path: String) -> String { (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? "" }

    /// Package.swift's `let stages = [...]`, as `sluice-<stage>` names.
    static let stages: [String] = {
        guard let match = read("Package.swift").firstMatch(of: #/let stages = \[([^\]]*)\]/#) else { return [] }
        return match.output.1.split(separator: ",").map { "sluice-" + $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"")) }
    }()

    /// The executables: the folders `Sources/sluice-*`.
    static let executables: Set<String> = Set(
        ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path)) ?? []).filter { $0.hasPrefix("sluice-") }
    )

    /// A Makefile variable's words (`NAME = a b c`).
    static func makeVariable(_ name: String) -> [String] {
        for line in read("Makefile").split(separator: "\n") where line.hasPrefix(name + " = ") {
            return line.dropFirst(name.count + 3).split(separator: " ").map(String.init)
        }
        return []
    }

    @Test func packageSwiftNamesTheStagesAndEachHasAnExecutable() {
        #expect(Self.stages.count >= 2, "Package.swift's `let stages = [...]` not found")
        #expect(Set(Self.stages).isSubset(of: Self.executables))
    }

    /// `EXECUTABLES` (what `make install` installs): every executable but the bench, the stages
    /// first in pipeline order; `STATIC_PRODUCTS` (what Spark ships): the stages, the bench (the bench's
    /// records) and sluice-eval (compare.py's pairwise agreement, `sluice-eval pairs`).
    @Test func theMakefileListsAreTheStages() {
        let installed = Self.makeVariable("EXECUTABLES")
        #expect(Array(installed.prefix(Self.stages.count)) == Self.stages)
        #expect(Set(installed) == Self.executables.subtracting(["sluice-bench"]))
        #expect(Self.makeVariable("STATIC_PRODUCTS") == Self.stages + ["sluice-bench", "sluice-eval"])
    }

    @Test func theBenchTimesTheStagesInPipelineOrder() {
        #expect(BenchPlan.pipelineOrder.map { "sluice-" + $0 } == Self.stages)
        #expect(Set(BenchPlan.tools.map { "sluice-" + $0 }).isSubset(of: Self.executables))
    }

    /// The test table: a stage row for each stage, in pipeline order, before the tools.
    @Test func theTestTableHasTheStagesFirst() {
        #expect(Array(ExecutableRow.all.prefix(Self.stages.count).map(\.name)) == Self.stages)
        #expect(Set(ExecutableRow.all.map(\.name)) == Self.executables)
    }

    /// The Spark driver's chain: the stages up to dedupe in pipeline order (its key pass aside);
    /// load runs on the driver.
    @Test func sparksChainIsThePipelinesOrder() throws {
        let driver = Self.read("scale/spark/sluice_spark.py")
        let line = try #require(driver.firstMatch(of: #/STAGE_ORDER = \[([^\]]*)\]/#))
        let chain = line.output.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("\"") }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        #expect(chain == Array(Self.stages.prefix { $0 != "sluice-load" }))
        #expect(driver.contains("\"sluice-load\""))
    }
}
