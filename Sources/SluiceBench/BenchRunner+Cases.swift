extension BenchRunner {
    /// The cases for one size: each Sluice stage alone on its natural input, its peers beside
    /// it (at the sizes they run at), then the whole pipeline piped from the generated file.
    ///
    /// Every case writes to /dev/null except dedupe, whose clusters are scored afterwards.
    func cases(_ size: DataSize, data: (path: String, truth: String), inputs: Inputs) -> [BenchCase] {
        let work = options.workDirectory
        let database = "\(work)/load-\(size.label).db"
        let fetchedBytes = fileSize(inputs.fetched)
        let peersHere = options.peerSizes.contains(size)
        var cases: [BenchCase] = []
        func add(_ stage: String, _ tool: String, peer: Bool = false, _ commands: [[String]], stdin: String, bytes: Int) -> Int {
            cases.append(
                BenchCase(
                    stage: stage, tool: tool, isPeer: peer, size: size, commands: commands, stdin: stdin, inputBytes: bytes, records: size.records))
            return cases.count - 1
        }
        func stage(_ name: String) -> [String] { [plan.binary(name)] + plan.arguments(name, database: database) }

        if options.includes("fetch") {
            _ = add("fetch", "sluice-fetch", [stage("fetch")], stdin: data.path, bytes: fileSize(data.path))
            if peersHere, plan.peers.contains("jq") {
                _ = add("fetch", "jq -c .", peer: true, [["jq", "-c", "."]], stdin: data.path, bytes: fileSize(data.path))
            }
        }
        if options.includes("sanitize"), plan.stages.contains("sanitize") {
            _ = add("sanitize", "sluice-sanitize", [stage("sanitize")], stdin: inputs.fetched, bytes: fetchedBytes)
            if peersHere, plan.peers.contains("usaddress") {
                _ = add(
                    "sanitize", "usaddress", peer: true, [["python3", "scripts/bench/usaddress_parse.py"]], stdin: inputs.fetched, bytes: fetchedBytes
                )
            }
        }
        if options.includes("geocode"), plan.stages.contains("geocode") {
            let input = inputs.sanitized ?? inputs.fetched
            _ = add("geocode", "sluice-geocode", [stage("geocode")], stdin: input, bytes: fileSize(input))
        }
        if options.includes("dedupe"), plan.stages.contains("dedupe") {
            let scored = size == options.dedupeSize
            let index = add("dedupe", "sluice-dedupe", [stage("dedupe")], stdin: inputs.fetched, bytes: fetchedBytes)
            if scored {
                cases[index].stdout = "\(work)/dedupe-\(size.label).ndjson"
                cases[index].scoresDuplicates = true
                for peer in ["splink", "recordlinkage"] where plan.peers.contains(peer) {
                    let peerIndex = add(
                        "dedupe", peer, peer: true, [["python3", "scripts/bench/dedupe_\(peer).py"]], stdin: inputs.fetched, bytes: fetchedBytes)
                    cases[peerIndex].stdout = "\(work)/dedupe-\(size.label)-\(peer).csv"
                    cases[peerIndex].scoresDuplicates = true
                    cases[peerIndex].runs = options.dedupePeerRuns
                }
            }
        }
        if options.includes("load") {
            let plain = [plan.binary("load"), database, "--table", "films", "--quiet"]
            cases[add("load", "sluice-load", [plain], stdin: inputs.fetched, bytes: fetchedBytes)].removeBeforeRun = [database]
            cases[add("load --pk", "sluice-load --pk", [stage("load")], stdin: inputs.fetched, bytes: fetchedBytes)].removeBeforeRun = [database]
            if peersHere, plan.peers.contains("sqlite-utils") {
                let peerDatabase = "\(work)/sqlite-utils-\(size.label).db"
                let insert = ["sqlite-utils", "insert", peerDatabase, "films", "-", "--nl", "--flatten"]
                let upsert = [
                    "sqlite-utils", "upsert", peerDatabase, "films", "-", "--nl", "--flatten", "--pk", "provenance_source", "--pk", "provenance_row",
                ]
                cases[add("load", "sqlite-utils insert", peer: true, [insert], stdin: inputs.fetched, bytes: fetchedBytes)].removeBeforeRun = [
                    peerDatabase
                ]
                cases[add("load --pk", "sqlite-utils upsert", peer: true, [upsert], stdin: inputs.fetched, bytes: fetchedBytes)].removeBeforeRun = [
                    peerDatabase
                ]
            }
        }
        if options.includes("load"), let deduped = inputs.deduped {
            // What users load: the pipeline's own output, wide and nested (fetch's flat records
            // above hid where load spent its time).
            let wide = "load --pk (pipeline output)"
            let bytes = fileSize(deduped)
            cases[add(wide, "sluice-load --pk", [stage("load")], stdin: deduped, bytes: bytes)].removeBeforeRun = [database]
            if peersHere, plan.peers.contains("sqlite-utils") {
                let peerDatabase = "\(work)/sqlite-utils-\(size.label).db"
                // --alter: a later record may have a field the first ones lacked.
                let upsert = [
                    "sqlite-utils", "upsert", peerDatabase, "films", "-", "--nl", "--flatten", "--alter", "--pk", "provenance_source", "--pk",
                    "provenance_row",
                ]
                cases[add(wide, "sqlite-utils upsert --alter", peer: true, [upsert], stdin: deduped, bytes: bytes)].removeBeforeRun = [peerDatabase]
            }
        }
        if options.includes("stats"), plan.tools.contains("stats") {
            // sluice-stats against what people use instead: Miller's summary verb, csvkit's
            // csvstat on the same records as CSV, and a jq reduce counting only the presence and
            // types of the top-level fields (less work than sluice-stats does: no nested paths).
            // The peers take 3 to 10 s a run at 100k: at most 3 runs each, to keep make bench in
            // its budget.
            _ = add("stats", "sluice-stats", [[plan.binary("stats"), "--quiet"]], stdin: inputs.fetched, bytes: fetchedBytes)
            var peerCases: [Int] = []
            if peersHere, plan.peers.contains("mlr") {
                peerCases.append(
                    add("stats", "mlr summary", peer: true, [["mlr", "--ijsonl", "--ojson", "summary"]], stdin: inputs.fetched, bytes: fetchedBytes))
            }
            if peersHere, plan.peers.contains("csvstat"), let csv = inputs.csv {
                peerCases.append(add("stats", "csvstat", peer: true, [["csvstat", csv]], stdin: csv, bytes: fileSize(csv)))
            }
            if peersHere, plan.peers.contains("jq") {
                let reduce = "reduce (inputs | to_entries[]) as $e ({}; .[$e.key][$e.value | type] += 1)"
                peerCases.append(
                    add("stats", "jq reduce (presence, types)", peer: true, [["jq", "-n", "-c", reduce]], stdin: inputs.fetched, bytes: fetchedBytes))
            }
            for index in peerCases { cases[index].runs = min(options.runs, 3) }
        }
        if options.includes("pipeline") {
            let pipeline = plan.stages.map { stage($0) }
            let index = add("pipeline", plan.stages.joined(separator: "|"), pipeline, stdin: data.path, bytes: fileSize(data.path))
            cases[index].removeBeforeRun = [database]
            // The same with exact dedupe on sanitize's address key (fuzzy above): the pipeline
            // issue 19 measures against `jq -c .`.
            if plan.stages.contains("sanitize"), plan.stages.contains("dedupe") {
                let exact = plan.stages.map { $0 == "dedupe" ? [plan.binary("dedupe")] + BenchPlan.exactDedupeArguments : stage($0) }
                let tool = plan.stages.map { $0 == "dedupe" ? "dedupe --key" : $0 }.joined(separator: "|")
                cases[add("pipeline (dedupe --key)", tool, exact, stdin: data.path, bytes: fileSize(data.path))].removeBeforeRun = [database]
            }
        }
        return cases
    }
}
