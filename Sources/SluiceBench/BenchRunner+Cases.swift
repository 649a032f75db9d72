extension BenchRunner {
    /// The cases for one size: each Sluice stage alone on its natural input, its peers beside
    /// it (at the sizes they run at), then the whole pipeline piped from the generated file.
    ///
    /// Every case writes to /dev/null except dedupe, whose clusters are scored afterwards.
    func cases(_ size: DataSize, data: (path: String, truth: String), inputs: Inputs) -> [BenchCase] {
        var list = CaseList(runner: self, size: size, data: data, inputs: inputs)
        if options.includes("fetch") { list.fetch() }
        if options.includes("sanitize"), plan.stages.contains("sanitize") { list.sanitize() }
        if options.includes("geocode"), plan.stages.contains("geocode") { list.geocode() }
        if options.includes("dedupe"), plan.stages.contains("dedupe") { list.dedupe() }
        if options.includes("load"), plan.stages.contains("load") { list.load() }
        if options.includes("load"), plan.stages.contains("load"), let deduped = inputs.deduped { list.loadPipelineOutput(deduped) }
        if options.includes("stats"), plan.tools.contains("stats") { list.stats() }
        // No stage built: nothing to pipe (the skipped stages were already named).
        if options.includes("pipeline"), !plan.stages.isEmpty { list.pipeline() }
        return list.cases
    }
}

/// The cases of one size as they are added, a stage (with its peers) at a time.
private struct CaseList {
    let plan: BenchPlan
    let size: DataSize
    let data: (path: String, truth: String)
    let inputs: BenchRunner.Inputs
    let work: String
    let database: String
    let fetchedBytes: Int
    /// Whether the peers run at this size.
    let peersHere: Bool
    var cases: [BenchCase] = []

    init(runner: BenchRunner, size: DataSize, data: (path: String, truth: String), inputs: BenchRunner.Inputs) {
        plan = runner.plan
        self.size = size
        self.data = data
        self.inputs = inputs
        work = plan.options.workDirectory
        database = "\(work)/load-\(size.label).db"
        fetchedBytes = fileSize(inputs.fetched)
        peersHere = plan.options.peerSizes.contains(size)
    }

    var options: BenchOptions { plan.options }

    /// Adds a case; its index, for the settings only some cases have.
    @discardableResult
    mutating func add(_ stage: String, _ tool: String, peer: Bool = false, _ commands: [[String]], stdin: String, bytes: Int) -> Int {
        cases.append(
            BenchCase(stage: stage, tool: tool, isPeer: peer, size: size, commands: commands, stdin: stdin, inputBytes: bytes, records: size.records))
        return cases.count - 1
    }

    /// A stage's command line as the plan runs it.
    func stage(_ name: String) -> [String] { [plan.binary(name)] + plan.arguments(name, database: database) }

    /// A peer runs here when the sizes include this one and the plan found it installed.
    func peer(_ name: String) -> Bool { peersHere && plan.peers.contains(name) }

    /// `jq -c .` runs even without sluice-fetch: the pipelines are measured against it.
    mutating func fetch() {
        if plan.stages.contains("fetch") { add("fetch", "sluice-fetch", [stage("fetch")], stdin: data.path, bytes: fileSize(data.path)) }
        if peer("jq") { add("fetch", "jq -c .", peer: true, [["jq", "-c", "."]], stdin: data.path, bytes: fileSize(data.path)) }
    }

    mutating func sanitize() {
        add("sanitize", "sluice-sanitize", [stage("sanitize")], stdin: inputs.fetched, bytes: fetchedBytes)
        if peer("usaddress") {
            add("sanitize", "usaddress", peer: true, [["python3", "scripts/bench/usaddress_parse.py"]], stdin: inputs.fetched, bytes: fetchedBytes)
        }
    }

    mutating func geocode() {
        let input = inputs.sanitized ?? inputs.fetched
        add("geocode", "sluice-geocode", [stage("geocode")], stdin: input, bytes: fileSize(input))
    }

    /// At the scored size, the clusters are kept and scored, beside the peers' (which run at
    /// that size whatever the peer sizes, a few times).
    mutating func dedupe() {
        let index = add("dedupe", "sluice-dedupe", [stage("dedupe")], stdin: inputs.fetched, bytes: fetchedBytes)
        guard size == options.dedupeSize else { return }
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

    /// Fetch's flat records into a new table, plainly and by primary key.
    mutating func load() {
        let plain = [plan.binary("load"), database, "--table", "films", "--quiet"]
        cases[add("load", "sluice-load", [plain], stdin: inputs.fetched, bytes: fetchedBytes)].removeBeforeRun = [database]
        cases[add("load --pk", "sluice-load --pk", [stage("load")], stdin: inputs.fetched, bytes: fetchedBytes)].removeBeforeRun = [database]
        guard peer("sqlite-utils") else { return }
        let peerDatabase = "\(work)/sqlite-utils-\(size.label).db"
        let insert = ["sqlite-utils", "insert", peerDatabase, "films", "-", "--nl", "--flatten"]
        let upsert = [
            "sqlite-utils", "upsert", peerDatabase, "films", "-", "--nl", "--flatten", "--pk", "provenance_source", "--pk", "provenance_row",
        ]
        cases[add("load", "sqlite-utils insert", peer: true, [insert], stdin: inputs.fetched, bytes: fetchedBytes)].removeBeforeRun = [peerDatabase]
        cases[add("load --pk", "sqlite-utils upsert", peer: true, [upsert], stdin: inputs.fetched, bytes: fetchedBytes)].removeBeforeRun = [
            peerDatabase
        ]
    }

    /// What users load: the pipeline's own output, wide and nested (fetch's flat records hid
    /// where load spent its time).
    mutating func loadPipelineOutput(_ deduped: String) {
        let wide = "load --pk (pipeline output)"
        let bytes = fileSize(deduped)
        cases[add(wide, "sluice-load --pk", [stage("load")], stdin: deduped, bytes: bytes)].removeBeforeRun = [database]
        guard peer("sqlite-utils") else { return }
        let peerDatabase = "\(work)/sqlite-utils-\(size.label).db"
        // --alter: a later record may have a field the first ones lacked.
        let upsert = [
            "sqlite-utils", "upsert", peerDatabase, "films", "-", "--nl", "--flatten", "--alter", "--pk", "provenance_source", "--pk",
            "provenance_row",
        ]
        cases[add(wide, "sqlite-utils upsert --alter", peer: true, [upsert], stdin: deduped, bytes: bytes)].removeBeforeRun = [peerDatabase]
    }

    /// sluice-stats against what people use instead: Miller's summary verb, csvkit's csvstat on
    /// the same records as CSV, and a jq reduce counting only the presence and types of the
    /// top-level fields (less work than sluice-stats does: no nested paths). The peers take 3 to
    /// 10 s a run at 100k: at most 3 runs each, to keep make bench in its budget.
    mutating func stats() {
        add("stats", "sluice-stats", [[plan.binary("stats"), "--quiet"]], stdin: inputs.fetched, bytes: fetchedBytes)
        var peerCases: [Int] = []
        if peer("mlr") {
            peerCases.append(
                add("stats", "mlr summary", peer: true, [["mlr", "--ijsonl", "--ojson", "summary"]], stdin: inputs.fetched, bytes: fetchedBytes))
        }
        if peer("csvstat"), let csv = inputs.csv {
            peerCases.append(add("stats", "csvstat", peer: true, [["csvstat", csv]], stdin: csv, bytes: fileSize(csv)))
        }
        if peer("jq") {
            let reduce = "reduce (inputs | to_entries[]) as $e ({}; .[$e.key][$e.value | type] += 1)"
            peerCases.append(
                add("stats", "jq reduce (presence, types)", peer: true, [["jq", "-n", "-c", reduce]], stdin: inputs.fetched, bytes: fetchedBytes))
        }
        for index in peerCases { cases[index].runs = min(options.runs, 3) }
    }

    /// The stages piped from the generated file; then the same with exact dedupe on sanitize's
    /// address key (fuzzy above): the pipeline issue 19 measures against `jq -c .`.
    mutating func pipeline() {
        let stages = plan.stages
        cases[add("pipeline", stages.joined(separator: "|"), stages.map { stage($0) }, stdin: data.path, bytes: fileSize(data.path))]
            .removeBeforeRun = [
                database
            ]
        guard stages.contains("sanitize"), stages.contains("dedupe") else { return }
        let exact = stages.map { $0 == "dedupe" ? [plan.binary("dedupe")] + BenchPlan.exactDedupeArguments : stage($0) }
        let tool = stages.map { $0 == "dedupe" ? "dedupe --key" : $0 }.joined(separator: "|")
        cases[add("pipeline (dedupe --key)", tool, exact, stdin: data.path, bytes: fileSize(data.path))].removeBeforeRun = [database]
    }
}
