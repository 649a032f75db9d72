import Testing

@testable import SluiceBench

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct BenchRunnerCasesTests {
    /// A bin directory holding an executable `sluice-stats` (a shell script) and nothing else.
    func plan(stages: Set<String>?, peerSizes: [DataSize]) throws -> (BenchPlan, String) {
        let directory = "/tmp/sluice-bench-cases-\(getpid())-\(stages?.sorted().joined() ?? "all")"
        try makeDirectory(directory)
        try writeFile("\(directory)/sluice-stats", "#!/bin/sh\n")
        chmod("\(directory)/sluice-stats", 0o755)
        var options = BenchOptions()
        options.binDirectory = directory
        options.only = stages
        options.peerSizes = peerSizes
        options.runs = 5
        return (BenchPlan(options: options), directory)
    }

    @Test func statsIsTimedOnFetchsOutputBesideItsPeers() throws {
        let (found, directory) = try plan(stages: ["stats"], peerSizes: [DataSize(records: 100)])
        defer {
            unlink("\(directory)/sluice-stats")
            rmdir(directory)
        }
        var plan = found
        #expect(plan.tools == ["stats"])
        #expect(!plan.stages.contains("stats"))
        plan.peers = ["mlr", "csvstat", "jq"]
        let runner = BenchRunner(plan: plan, log: { _ in })
        let inputs = BenchRunner.Inputs(fetched: "/dev/null", sanitized: nil, csv: "/dev/null")
        let cases = runner.cases(DataSize(records: 100), data: (path: "/dev/null", truth: "/dev/null"), inputs: inputs)
        #expect(cases.map(\.tool) == ["sluice-stats", "mlr summary", "csvstat", "jq reduce (presence, types)"])
        #expect(cases.allSatisfy { $0.stage == "stats" })
        #expect(cases[0].commands == [["\(directory)/sluice-stats", "--quiet"]] && cases[0].runs == nil)
        #expect(cases.dropFirst().allSatisfy { $0.isPeer && $0.runs == 3 })
        // Not at a size where the peers do not run.
        let alone = runner.cases(DataSize(records: 1_000), data: (path: "/dev/null", truth: "/dev/null"), inputs: inputs)
        #expect(alone.map(\.tool) == ["sluice-stats"])
    }

    @Test func otherStagesLeaveStatsOut() throws {
        let (plan, directory) = try plan(stages: ["fetch"], peerSizes: [])
        defer {
            unlink("\(directory)/sluice-stats")
            rmdir(directory)
        }
        #expect(plan.tools.isEmpty)
    }

    @Test func loadIsAlsoTimedOnThePipelinesOutputBesideSqliteUtils() throws {
        let (found, directory) = try plan(stages: ["load"], peerSizes: [DataSize(records: 100)])
        defer {
            unlink("\(directory)/sluice-stats")
            rmdir(directory)
        }
        var plan = found
        plan.peers = ["sqlite-utils"]
        // Without sluice-load built, no load case, not even its peer's.
        let inputs = BenchRunner.Inputs(fetched: "/dev/null", sanitized: "/dev/null", csv: nil, deduped: "/dev/null")
        let unbuilt = BenchRunner(plan: plan, log: { _ in }).cases(
            DataSize(records: 100), data: (path: "/dev/null", truth: "/dev/null"), inputs: inputs)
        #expect(!unbuilt.contains { $0.stage.hasPrefix("load") })
        plan.stages = ["load"]
        let runner = BenchRunner(plan: plan, log: { _ in })
        let wide = runner.cases(DataSize(records: 100), data: (path: "/dev/null", truth: "/dev/null"), inputs: inputs).filter {
            $0.stage == "load --pk (pipeline output)"
        }
        #expect(wide.map(\.tool) == ["sluice-load --pk", "sqlite-utils upsert --alter"])
        #expect(wide.allSatisfy { $0.stdin == "/dev/null" && !$0.removeBeforeRun.isEmpty })
        #expect(wide[0].commands[0].contains("--pk") && wide[1].commands[0].contains("--alter"))
        // Without the pipeline's output (no geocode or dedupe built), no such row.
        let flat = BenchRunner.Inputs(fetched: "/dev/null", sanitized: nil, csv: nil)
        let cases = runner.cases(DataSize(records: 100), data: (path: "/dev/null", truth: "/dev/null"), inputs: flat)
        #expect(!cases.contains { $0.stage.hasPrefix("load --pk (") })
        #expect(BenchRunner.stageOrder.contains("load --pk (pipeline output)"))
    }

    @Test func thePipelineRunsWithFuzzyAndWithExactDedupe() throws {
        let (found, directory) = try plan(stages: ["pipeline"], peerSizes: [])
        defer {
            unlink("\(directory)/sluice-stats")
            rmdir(directory)
        }
        var plan = found
        plan.stages = BenchPlan.pipelineOrder
        let runner = BenchRunner(plan: plan, log: { _ in })
        let inputs = BenchRunner.Inputs(fetched: "/dev/null", sanitized: "/dev/null", csv: nil)
        let cases = runner.cases(DataSize(records: 100), data: (path: "/dev/null", truth: "/dev/null"), inputs: inputs)
        #expect(cases.map(\.stage) == ["pipeline", "pipeline (dedupe --key)"])
        #expect(cases[1].tool == "fetch|sanitize|geocode|dedupe --key|load")
        #expect(cases[0].commands[3].contains("--compare") && !cases[0].commands[3].contains("--key"))
        #expect(cases[1].commands[3].suffix(4) == ["--key", "address.key", "--mark", "--quiet"])
        #expect(cases.allSatisfy { $0.commands.count == 5 && !$0.removeBeforeRun.isEmpty })
        #expect(BenchRunner.stageOrder.contains("pipeline (dedupe --key)"))
    }

    /// `sluice-bench run --stages fetch,pipeline` before any stage is built made a case of no
    /// command, and writing its command line crashed the bench. (Its own directory: the test
    /// above, run in parallel, makes and removes the one of `["pipeline"]`.)
    @Test func noStageBuiltMakesNoPipelineCase() throws {
        let (plan, directory) = try plan(stages: ["fetch", "pipeline"], peerSizes: [])
        defer {
            unlink("\(directory)/sluice-stats")
            rmdir(directory)
        }
        #expect(plan.stages.isEmpty)
        let runner = BenchRunner(plan: plan, log: { _ in })
        let inputs = BenchRunner.Inputs(fetched: "/dev/null", sanitized: nil, csv: nil)
        let cases = runner.cases(DataSize(records: 100), data: (path: "/dev/null", truth: "/dev/null"), inputs: inputs)
        #expect(!cases.contains { $0.stage.hasPrefix("pipeline") })
        #expect(cases.allSatisfy { !$0.commands.isEmpty })
        // Nor a sluice-fetch case (it said "skipped: not found", then "cannot start").
        #expect(cases.map(\.tool) == [])
    }
}
