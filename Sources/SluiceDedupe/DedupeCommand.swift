import SluiceCore

/// `sluice-dedupe`: finds records that are the same thing, by equal keys or by a learnt
/// Fellegi–Sunter model over fuzzy comparisons, clusters them and marks, drops or merges them.
public struct DedupeCommand: StageCommand {
    /// The member it adds to every record (`--describe-output`).
    public static var output: OutputDescription { DedupeFields.output }

    public static let usage = Usage(
        name: "sluice-dedupe",
        overview: "find records that are the same (equal keys, or a model learnt from fuzzy comparisons), cluster them, and mark, drop or merge them",
        synopsis: [
            "sluice-dedupe --key FIELD[,FIELD…] [--fold] [--mark | --drop | --merge] [--as NAME] [FILE…]",
            "sluice-dedupe --compare FIELD:METHOD[,…] --block RULE [--block RULE…] [--threshold P]",
            "              [--labels FILE [--id FIELD]] [--mark | --drop | --merge] [--pairs FILE] [--explain-model] [--explain-blocking] [FILE…]",
            "              [--model-out FILE | --model FILE] [--against KNOWN [--no-index]]",
            "sluice-dedupe --compare … --block … --block-keys [FILE…]                     (each record with its blocking keys)",
            "sluice-dedupe --compare … --block … --label FILE [--id FIELD] [FILE…]        (asks about pairs in the terminal)",
            "sluice-dedupe --compare … --block … --suggest N [--labels FILE] [FILE…]      (the N pairs worth asking about, as NDJSON)",
        ],
        options: [
            .value(
                "key", "FIELDS", "exact mode: records with equal values of all these fields (dotted paths, e.g. title,address.key) are one cluster"),
            .flag("fold", "exact mode: compare key text normalised (case, accents, punctuation and spacing ignored)"),
            .value(
                "compare", "SPECS",
                "fuzzy mode: FIELD:METHOD list; METHOD is exact, jw (Jaro–Winkler, the default), lev (Levenshtein ratio), tokens (token set), name (words weighed by rarity), num[=TOL], date[=DAYS], geo[=METRES] (FIELD holds lat/lon, e.g. geo), phone, housenumber, address (an address.key); levels of your own: jw=0.95/0.88/0.7, num=1/5/20 (see LEVELS)"
            ),
            .value(
                "block", "RULE",
                "fuzzy mode: compare records sharing this key; repeatable; RULE is FIELD[:TRANSFORM][+FIELD[:TRANSFORM]…], TRANSFORM exact (default), prefixN, soundex, metaphone, fingerprint, geohashN"
            ),
            .value("threshold", "P", "fuzzy mode: link pairs whose match probability is at least P (default 0.9)"),
            .value("max-block", "N", "blocks larger than N are compared by sorted neighbourhood instead of all pairs, and reported (default 100)"),
            .value("window", "N", "the sorted-neighbourhood window inside oversized blocks (default 20)"),
            .value("min-density", "D", "split a cluster of 3+ when fewer than D of its member pairs match (default 0.5; 0 turns it off)"),
            .flag("no-tf", "fuzzy mode: no term-frequency adjustment (equal common values count as much as rare ones)"),
            .flag("mark", "write every record with a dedupe member (the default)"),
            .flag("drop", "write only the canonical record of each cluster"),
            .flag("merge", "write one merged record per cluster (see MERGE)"),
            .output("pairs", "FILE", "fuzzy mode: write every compared pair to FILE as NDJSON with per-field levels, values and weights"),
            .flag(
                "explain-model", "fuzzy mode: print the learnt prior and the m, u and weight of every level to stderr (with labels, how they moved)"),
            .flag(
                "explain-blocking",
                "fuzzy mode: print to stderr the pairs of each --block rule, the share of labelled matches it catches, and its block sizes"),
            .input(
                "labels", "FILE",
                "fuzzy mode: learn from the answers in FILE too (see LABELS); repeatable; the threshold is then chosen on them unless --threshold is given"
            ),
            .output(
                "label", "FILE", "fuzzy mode: ask about pairs in the terminal, one at a time, appending each answer to FILE (see LABELS); then dedupe"
            ),
            .value(
                "suggest", "N",
                "fuzzy mode: write the N pairs most worth labelling as NDJSON instead of the records (with --labels, after those answers)"),
            .value("id", "FIELD", "labels name records by this field's value instead of their provenance"),
            .output("model-out", "FILE", "fuzzy mode: write what was learnt to FILE as JSON (see SAVED MODEL)"),
            .input(
                "model", "FILE",
                "fuzzy mode: score with the model in FILE as it is (no learning; labels are still followed as answers); its --compare, --block and --no-tf must be given as it was learnt"
            ),
            .indexedInput(
                "against", "KNOWN",
                "fuzzy mode, with --mark: link the input to the records of KNOWN, an earlier output of this stage, and write only the input's records (see AGAINST)"
            ),
            .flag("no-index", "with --against and --model: read KNOWN itself, and neither read nor write its compiled index (see AGAINST)"),
            .flag(
                "block-keys",
                "fuzzy mode: write every record with its key under each --block rule instead of clustering (see BLOCK KEYS); nothing is learnt or compared"
            ),
            .threads("check and key records (--key), or read the compared members, compare and score pairs and read KNOWN (--compare)"),
        ] + ResultMember.options(default: DedupeFields.member),
        examples: [
            "sluice-fetch --keys snake_case data/Film_Locations_in_San_Francisco.csv | sluice-dedupe --key title,locations --drop",
            "sluice-fetch --keys snake_case data/Film_Locations_in_San_Francisco.csv | sluice-dedupe --key locations --fold --merge",
            "sluice-fetch --keys snake_case data/Film_Locations_in_San_Francisco.csv | sluice-dedupe --compare title,locations:tokens,director,actor_1,release_year:num --block locations:fingerprint --explain-model --pairs pairs.ndjson",
            "… | sluice-geocode | sluice-dedupe --no-tf --compare address.key:tokens,geo:geo=100 --block address.key:fingerprint --block geo:geohash7 --merge",
            "… | sluice-sanitize --field address | sluice-dedupe --compare name:name,address.key:address,phone:phone --block address.key --block phone --label labels.ndjson > deduped.ndjson",
            "sluice-dedupe --compare title,locations:tokens,director --block title --suggest 10 --labels labels.ndjson films.ndjson > ask.ndjson",
            "sluice-dedupe --compare title,locations:tokens,director --block title --block locations:fingerprint --labels labels.ndjson --explain-blocking --explain-model films.ndjson",
            "sluice-dedupe --compare name:name,address.key:address --block address.key --model-out model.json week1.ndjson > known.ndjson",
            "sluice-dedupe --compare name:name,address.key:address --block address.key --model model.json --against known.ndjson week2.ndjson > week2-out.ndjson",
            "sluice-fetch --keys snake_case data/Film_Locations_in_San_Francisco.csv | sluice-dedupe --compare title,locations:tokens --block locations:fingerprint --block title:soundex+release_year --block-keys",
        ],
        memory: """
            every input record is read again for output, from the input files (24 bytes per run of records between \
            rejected lines) or from a spool (see DISK). In memory, exact \
            mode (--key): 4 bytes per record (its cluster) and per distinct key its text and 54 to 70 bytes, 8 more \
            keyed on an address's street key (its first town: a key whose records name several towns is warned \
            about) (the bench's sanitized records, --key address.key --mark: 63 MiB peak resident at 1M with 403k \
            distinct keys (59 MiB before the town), \
            release build, 2026-11-29, 66 MiB with 80 bytes a key; 303 MB at 10M with 2.06M then; 112 MB and 765 MB before, \
            when it held 50 bytes a record). \
            Fuzzy mode: per record 10 bytes (identity hash, completeness) in a temporary file past the first \
            1,048,576 records, read back once the clusters are made (with labels, --label or --suggest its \
            provenance text, with --id that field's text too, in memory), \
            per record 2 bytes per compared text \
            field while it has fewer than 65,535 distinct values, else 4 (address: 4 more, its town), 2 per number while every one is \
            a whole number of at most 5 digits, 4 while every one is exactly a float, else 8 (twice that per date or point), and 8 per \
            blocking rule until linking (without --pairs, --suggest, --label, --model-out, --labels or --explain-blocking, the \
            last rule's go to a temporary file as they are read), per distinct text its \
            normalised UTF-8 and 20 bytes, and while the input is read 11 \
            to 21 more (jw: 16 more; jw, lev: outside ASCII 4 a character; tokens: once read, 4 more and 4 a word; \
            without --pairs, --suggest, --label or --model-out, unless it is the first compared text field, its \
            texts go to a temporary file as they are read, each known again by a 96-bit hash: 8 bytes and 11 to 21 \
            of index, and are split into words from there; with --model, they are held, then freed, split from \
            a temporary copy); \
            while comparing 12 bytes per keyed record of an eighth of a rule (the blocks, sorted; 24 for the last rule's, read from its file) and 4 per distinct \
            text of the first text field (the sort order of oversized blocks), and per comparing thread 9 bytes per \
            compared field in each of 65,536 slots (the levels of pairs of distinct texts met before: 2.3 MB for \
            four fields); while linking ~12 bytes per record (its \
            label, then cluster number, and score; before them its set, 4), 16 per cluster of two or more records \
            (none for a record alone) and 12 per matched pair (16 with distinct answers: they are \
            joined strongest first), the compared fields' values freed (unless --pairs, --suggest, --label or --model-out) before the facts are \
            read back; while the input is read, the last 32,768 raw texts of each compared member twice (a \
            repeated one is not parsed again), and every 1,048,576 records the memory freed so far is given back to \
            the system (on Linux each block of 4 MiB or more is mapped on its own, and unmapped as soon as it is \
            freed); the candidate pairs that agree on some field (bounded by \
            --max-block and --window) are written to a second unlinked temporary file, 12 bytes each, \
            past the first 1,048,576 (12 MiB in memory). On the bench's sanitized records \
            (--compare title,locations:tokens,director,release_year:num --block locations:fingerprint --mark, \
            7.1M and 78M pairs compared) the peak was 120 MiB at 1M and 442 MiB at 10M (medians of 3; ~46 bytes a \
            record; release build, 2026-11-30, file input; 118 and 573 MiB before, 143 and 728 MiB before that), \
            with at most 0.94 GB of pairs on disk at 10M; \
            --merge also holds the records of clusters with more than one member. \
            --against with --model reads KNOWN once, then the records it holds again; it holds, as input records (not spooled), \
            only the known records an input record can be compared with (sharing a block with one; in a block \
            over --max-block, within --window places of one) and the rest of their known clusters; of the \
            others, 21 bytes per known record while KNOWN is read (cluster id, place in the file; 8 more \
            while the ids are sorted, beside the second read), then 12 \
            bytes per known cluster, ~12 bytes per distinct value of each compared text field (term \
            frequencies; name: and per word), ~24 per known record sharing an input record's block, and \
            of each member it reads the last 65,536 distinct texts and what each gives, per thread: KNOWN, \
            a file, is read in --threads ranges at once, each with its own texts and counts, joined in file \
            order. Through KNOWN's index (see AGAINST; 68 MB for a million bench records) the same, its arrays \
            read from the file while the first pass is made from them: 28 bytes per known record, the text its \
            block is sorted by, and the counts; a run that writes the index keeps each record's block keys and \
            that text (~40 bytes a record) until it is written. 10,000 new bench records against 1,000,000 known \
            held 116,359 and peaked at 157 MiB reading KNOWN, 156 MiB through its index and 234 MiB writing it \
            (one run over all 1,010,000: 194 MiB; make bench-against). Without --model, with --labels, --suggest, --pairs or --explain-blocking, or \
            with KNOWN a pipe, every known record is held, with its cluster id (8 bytes). \
            --model also holds the model's counts (each value and name word its run saw twice or more). \
            With --threads above 1, the output (and in fuzzy mode the spool, while the input is read) is \
            written from a second buffer of 1 MiB on a thread of its own, and fuzzy mode holds two batches \
            of 1,024 records (their lines and members) for the threads reading their compared members. \
            --block-keys holds one record at a time (nothing is spooled).
            """,
        disk: """
            when every input is a regular file (not empty, not the file stdout appends to), none for the records: they are read again from \
            the inputs, which must not change meanwhile (a change of size or modification time stops the stage, \
            exit 74). Otherwise (a pipe) the spool: every good input record as read, so about the input's size, \
            in $TMPDIR (default /tmp; 713 MB for the bench's 1M sanitized records, 7.1 GB for 10M). In fuzzy mode \
            the candidate pairs past the first 1,048,576, 12 bytes each (0.94 GB at 10M, see MEMORY), the records' \
            facts past the first 1,048,576, 10 bytes each (90 MB at 10M), a tokens column's texts until they are \
            split into words (see MEMORY: their UTF-8 and 4 bytes each), and the last blocking rule's keys until its \
            pairs are visited (16 bytes per keyed record), each in $TMPDIR. \
            All are unlinked as soon as they are made, so nothing is left however the stage ends (an error, a \
            signal, SIGKILL); the spool is given back to the file system as it is written out. --pairs and \
            --model-out write their files, each whole (beside it, renamed over it once the records are written, or \
            once the reader of the records has gone, as | head does: a run that fails leaves an earlier one as it \
            was); --label appends its answers.
            """,
        sections: [
            (
                "OUTPUT",
                """
                  --mark adds "dedupe":{"cluster":"8c1f…","size":2,"canonical":true,"score":0.9991} to every record.
                  cluster: a stable id, 16 hex digits: in exact mode the hash of the key, in fuzzy mode the smallest
                    hash of a member's provenance (its whole line without one), so adding records renumbers nothing.
                  canonical: the member with the most non-null, non-empty members (the earliest on ties).
                  score: the best match probability linking the record into its cluster (1 in exact mode); absent alone.
                  weak: true on a chained cluster too large (over 200) to check with --min-density.
                """
            ),
            (
                "MERGE",
                """
                  One record per cluster, at its canonical record's place: the canonical record's members, each null or
                  empty one filled from the first other member (input order) that has a value, then members only the
                  others have; dedupe.members lists the provenance of every member (or {"record":N}) in input order.
                """
            ),
            (
                "MODEL",
                """
                  Fuzzy mode learns a Fellegi–Sunter model without labels: u from 100,000 random pairs (equal text
                  exactly from value frequencies), m and the share of matches by EM over the compared pairs (a rule's
                  own fields hidden from its pairs; a field every rule keys whole, exact or fingerprint, keeps its
                  starting m, exact 0.9; m held away from 0 and 1 by a prior of 0.01 pseudo-matches per match); with
                  labels, from them too (see LABELS). A missing, null or empty value is its own level with weight 0.
                  Text is normalised before comparing (lower case, accents and punctuation removed); the levels of
                  each method are in LEVELS.
                  Equal text is weighed by its value's frequency (rare names count more than common ones); for places,
                  where a value is common because it is one place named often, use --no-tf. On a few records a value
                  two of them share is common too: when no pair is linked though some reach --threshold by their
                  levels alone, a warning says so (try --no-tf or a few answers). EM learns whatever
                  sameness dominates the compared pairs: blocking on title makes "the same film" the match; block
                  on what duplicates share and compare what tells them apart (see --explain-model).
                  A model that looks wrong is named in a warning on stderr (and in --explain-model): EM calling 95% or
                  more of compared pairs matches, an exact match counting over a bit against a match, under 20% of
                  matches agreeing on a field a --block rule reads, or a close value costing over 10 bits. Then read
                  --explain-model and give a few answers (10 to 30 pairs, --labels FILE or --label FILE). A model
                  learnt without answers from fewer than 10 compared pairs per level it weighs (each field's levels but
                  missing) is named too: its weights are guesses.
                """
            ),
            (
                "SAVED MODEL",
                """
                  --model-out FILE writes one JSON object (keys in this order, numbers as the shortest text that reads back
                  to the same value, so the same run writes the same bytes), whole (beside FILE, renamed over it) and once
                  the records are written: a run that fails leaves an earlier FILE as it was:
                    {"format":"sluice-dedupe-model","version":2,"compare":["name:name",…],"block":["address.key",…],
                     "term_frequency":true,"threshold":0.9,"lambda":…,"prior":…,
                     "fields":[{"compare":"name:name","levels":[{"level":"missing","m":0.0,"u":0.0},{"level":"exact","m":…,"u":…,"shift":…},…],
                                "counts":{"present":1200,"values":{"cafe":3,…},"words":{"cafe":41,…}}},…],
                     "oversized":[{"8c1f…":140},{}],"blocks":[{"block":"address.key","fields":[1],"u":[[0.0,…],…]},…],
                     "labels":{"pairs":10,"matches":4,"distinct":6}}
                  m, u: per level, the share of matches and of non-matches in it; shift: the bits labels moved the level's
                  weight (present only when learnt with labels); lambda: the share of compared pairs EM called matches;
                  prior: the chance of a match among all pairs, used for scoring; threshold: the one pairs were linked at
                  (--threshold or the one chosen on labels); labels: how many answers it learnt from; counts (text fields,
                  with term frequencies or a name method): the records holding a value, each value and (name) each word
                  held by two or more. A run with --model weighs equal text and name words by the larger of the model's
                  counts and its own: over part of the records it was learnt on exactly as that run did, over more
                  (--against: known and new) by its own. oversized: per --block rule, the blocks over --max-block (key
                  hash: records), compared by sorted neighbourhood in every run with the model however few of their records
                  it holds. blocks: per --block rule, the compared fields it keys and per field and level u among the pairs
                  it compares, used for a pair equal on those fields. A version 1 file (no counts, oversized or blocks)
                  counts and blocks only what the run holds and scores with u alone.
                  --model FILE scores with it unchanged: the same input with the model it learnt gives the same output,
                  byte for byte. A model for other --compare, --block or --no-tf is a usage error (64); a newer version
                  or a damaged file (m, u, lambda, prior or threshold outside 0 to 1; a compared level's m or u of 0, a
                  lambda or prior of 0 or 1, a shift beyond ±1000 bits, an oversized block of under 2 records: weights and
                  sizes no run learns) a data error (65). --threshold overrides its threshold.
                """
            ),
            (
                "AGAINST",
                """
                  --against KNOWN reads KNOWN, an earlier --mark output of this stage (and the merge lines of an earlier
                  --against run, applied). Its records are compared with the input's, never with each other, and are not
                  written again. An input record that links to a known cluster joins it and takes its id (never
                  canonical: the known canonical stays); the others form new clusters, whose ids never equal a known one.
                  A new record linking known clusters merges them: the surviving id is the largest's (most known records),
                  ties to the smallest id, and after the records one line per absorbed cluster says so:
                    {"dedupe":{"merge":{"absorbed":"8c1f…","into":"03ab…","records":2}}}
                  and last one line says what linking did (sluice-load keeps it in _sluice_runs):
                    {"dedupe":{"against":{"known":1200,"joined":30,"created":12,"merged":1}}}
                  known: records of KNOWN; joined: input records that joined a known cluster; created: new clusters;
                  merged: merge lines above.
                  sluice-load applies it to the table it loaded before (in the same transaction as the new rows): the
                  absorbed cluster's rows take the surviving id and are not canonical; the survivor's get its size.
                  Chains are checked and split as in one run (--min-density); a known cluster a split parts stays
                  whole, with the part holding most of its records; no other known id ever changes. Use --model with
                  the model learnt on the known records: learning again on a new batch can weigh the fields
                  differently. Labels may name known records: an answer distinct keeps a new record out of a known
                  cluster, or two known clusters apart. The accounting adds the known records read, the input
                  records joined to known clusters, the new clusters and the merges; merge and summary lines are not
                  counted as records out. Exact mode needs no --against: a cluster's id is its key's hash in every run.
                  KNOWN that is also the input (the same file by any path, or standard input as /dev/stdin) is a usage
                  error (64): every record would join itself.
                  With --model the input is read first, then KNOWN, keeping only the known records an input record can
                  be compared with and the rest of their known clusters (see MEMORY; "known records (N held)" in the
                  accounting); the other known records still count (cluster sizes, ids never reused, how often each
                  value is held), so the output is that of holding all of KNOWN. An oversized block is reported only
                  when it holds an input record (a block of known records only is compared nowhere).
                  KNOWN's index: with --model, a run against a file KNOWN writes KNOWN.sluice-index beside it (when its
                  folder may be written, and KNOWN is not a descriptor's name such as /dev/stdin): per known record its cluster, place in the file, block keys and the text its
                  oversized block is sorted by, and the counts. The next run against KNOWN reads that instead of every
                  known line. It is used only while it names KNOWN as it is (size, modification time, a hash of the
                  first and last 64 KiB), this build of Sluice and the same --compare, --block, --no-tf and --as; when
                  lines were appended to KNOWN (each run's output added with >>; its first bytes hashed whole to be sure
                  they are those the index was built from), only those are read, and the index is written again.
                  Otherwise (or damaged) it is said once, KNOWN is read whole and the index written anew; the records
                  a run holds are always read from KNOWN itself. --no-index reads KNOWN whole and writes nothing.
                """
            ),
            (
                "BLOCK KEYS",
                """
                  --block-keys writes every record unchanged with, instead of a cluster, its key under each --block rule,
                  in the order given, as fuzzy mode computes it (null when the record lacks a part of the rule); with
                  --block address.key:fingerprint --block title:soundex+release_year --block geo:geohash7:
                    "dedupe":{"block_keys":["california mason st","v632\\u001f1958",null]}
                  The parts of a key of several parts are joined by U+001F. Two records share a block of a rule exactly
                  when their keys there are equal; nothing is learnt, compared or held, one record at a time. For programs
                  that place records by block (the Spark driver's --fuzzy blocked) without computing keys again.
                """
            ),
            ("LEVELS", LabelHelp.levels),
            ("LABELS", LabelHelp.labels),
            ("FIELD NAMES", ResultMember.helpText(default: DedupeFields.member)),
            (
                "ENVIRONMENT",
                """
                  TMPDIR    where the spool (of input from a pipe) and the compared pairs go (default /tmp)
                  TERM      --label shows differing members in colour unless it is dumb
                  NO_COLOR  when set, --label uses no colour
                """
            ),
        ])

    enum Matching {
        case exact(paths: [String], fold: Bool)
        case fuzzy(specs: [ComparisonSpec], rules: [BlockingRule], settings: FuzzyMatcher.Settings)
    }

    var matching: Matching
    var mode: DedupeWriter.Mode
    var pairsPath: String?
    var explainModel: Bool
    /// Labels, suggestions and explanations (fuzzy mode).
    var learning = LabelOptions()
    var inputs: [String]
    /// `--model-out`, `--model` (read and checked) and `--against`.
    var modelOut: String?
    var savedModel: SavedModel?
    var modelPath: String?
    var againstPath: String?
    /// `--no-index`: KNOWN is read whole on every run, its compiled index neither read nor written.
    var knownIndex = true
    var threads: Int
    /// `--block-keys`: write each record's blocking keys instead of clustering.
    var blockKeys = false
    /// Where the cluster goes: `dedupe`, or `--as NAME`.
    var member: ResultMember

    /// Every record is read before the first is written (but with `--block-keys`, a record at a
    /// time): stdout may append to an input, `--against KNOWN >> KNOWN` as much as any.
    public static func readsInputsBeforeWriting(_ arguments: ParsedArguments) -> Bool { !arguments.has("block-keys") }

    public init(arguments: ParsedArguments) throws(StageFailure) {
        inputs = arguments.positionals
        // Fuzzy mode's threads compare pairs after the input has ended, with the cores free.
        threads = try StageContext.threads(arguments, streaming: !arguments.has("compare"))
        member = try ResultMember(arguments: arguments, default: DedupeFields.member, shape: DedupeWriter.shape)
        let modes = ["mark", "drop", "merge"].filter { arguments.has($0) }
        guard modes.count <= 1 else {
            throw .usage("choose one of --mark, --drop, --merge, not \(modes.map { "--" + $0 }.joined(separator: " and "))")
        }
        mode = modes.first.flatMap(DedupeWriter.Mode.init) ?? .mark
        pairsPath = arguments["pairs"]
        explainModel = arguments.has("explain-model")
        let keys = arguments.list("key")
        let compares = arguments.list("compare")
        switch (keys.isEmpty, compares.isEmpty) {
        case (false, false): throw .usage("use --key (exact mode) or --compare (fuzzy mode), not both")
        case (true, true): throw .usage("give --key FIELDS (exact mode) or --compare SPECS with --block (fuzzy mode)")
        case (false, true):
            for fuzzyOnly in ["block", "threshold", "pairs", "explain-model", "no-tf", "model", "model-out", "against", "no-index", "block-keys"]
                + LabelOptions.fuzzyOnly
            where arguments.has(fuzzyOnly) {
                throw .usage("option '--\(fuzzyOnly)' needs fuzzy mode (--compare)")
            }
            for path in keys where path.hasPrefix(".") || path.hasSuffix(".") || path.contains("..") {
                throw .usage("option '--key': bad field path '\(path)'")
            }
            matching = .exact(paths: keys, fold: arguments.has("fold"))
        case (true, false):
            if arguments.has("fold") { throw .usage("option '--fold' needs exact mode (--key); fuzzy mode always normalises") }
            var specs: [ComparisonSpec] = []
            for text in compares { specs.append(try ComparisonSpec.parse(text)) }
            guard specs.count <= Pattern.maxFields else {
                throw .usage("option '--compare' takes at most \(Pattern.maxFields) fields, got \(specs.count)")
            }
            var rules: [BlockingRule] = []
            for text in arguments.list("block") { rules.append(try BlockingRule.parse(text)) }
            guard !rules.isEmpty else {
                throw .usage("fuzzy mode needs at least one --block rule (comparing all pairs grows as the square of the input)")
            }
            var settings = FuzzyMatcher.Settings()
            settings.threshold = try arguments.double("threshold", default: settings.threshold, range: 0...1)
            settings.maxBlock = try arguments.int("max-block", default: settings.maxBlock, range: 2...Int(Int32.max))
            settings.window = try arguments.int("window", default: settings.window, range: 1...100_000)
            settings.minDensity = try arguments.double("min-density", default: settings.minDensity, range: 0...1)
            settings.termFrequency = !arguments.has("no-tf")
            settings.threads = threads
            settings.thresholdGiven = arguments.has("threshold")
            matching = .fuzzy(specs: specs, rules: rules, settings: settings)
            blockKeys = arguments.has("block-keys")
            if blockKeys {
                // It writes keys, not clusters: an option about learning, linking or their output has nothing to do.
                let other = ["mark", "drop", "merge", "pairs", "explain-model", "model", "model-out", "against"] + LabelOptions.fuzzyOnly
                if let given = other.first(where: arguments.has) {
                    throw .usage("option '--block-keys' writes keys, not clusters: it cannot be used with --\(given)")
                }
            }
            learning = try LabelOptions(arguments: arguments)
            modelOut = arguments["model-out"]
            if let path = arguments["model"] {
                guard modelOut == nil else {
                    throw .usage("use --model FILE (learns nothing) or --model-out FILE (writes what was learnt), not both")
                }
                let saved = try SavedModel.read(path: path)
                try saved.check(specs: specs, rules: rules, termFrequency: settings.termFrequency, path: path)
                savedModel = saved
                modelPath = path
            }
            againstPath = arguments["against"]
            knownIndex = !arguments.has("no-index")
            if !knownIndex, againstPath == nil { throw .usage("option '--no-index' is for --against KNOWN's index") }
            if againstPath == "-" { throw .usage("option '--against' needs a file: the input may be standard input") }
            if againstPath != nil {
                try arguments.refuseInputReadTwice(
                    "against", Self.usage, standardInput: true,
                    why: "KNOWN is an earlier output, linked to by new records; as the input too every record would join itself")
            }
            if againstPath != nil {
                guard mode == .mark else {
                    throw .usage("option '--against' writes --mark output (known clusters are not written again), not --\(mode.rawValue)")
                }
                guard learning.labelPath == nil else {
                    throw .usage("option '--against' cannot be used with --label; answer with --labels FILE instead")
                }
            }
        }
    }

    /// The fields the options name (`--key`, `--compare`, `--block`, `--id`), each once, for the
    /// warning about any no record holds.
    var namedFields: NamedFields {
        var named: [(option: String, path: String)] = []
        switch matching {
        case .exact(let paths, _): named = paths.map { ("key", $0) }
        case .fuzzy(let specs, let rules, _):
            named = specs.map { ("compare", $0.path) } + rules.flatMap { $0.parts.map { ("block", $0.path) } }
            if let id = learning.idPath { named.append(("id", id)) }
        }
        var unique = Set<String>()
        return NamedFields(named.filter { unique.insert($0.option + " " + $0.path).inserted })
    }

    public mutating func run(_ context: StageContext) throws {
        // The files of --model-out and --pairs are made first (a path that cannot be written
        // fails before the input is read) and put in place last, once the records are written:
        // a run that fails leaves earlier ones whole and as they were, never half-written nor
        // those of a run that failed.
        let modelFile = try modelOut.map { path throws(StageFailure) in try ReplacementFile(path: path) }
        let pairsFile = try pairsPath.map { path throws(StageFailure) in try ReplacementFile(path: path) }
        var learnt: Learnt?
        do {
            try cluster(context, pairs: pairsFile?.sink, learnt: &learnt)
            try context.output.flush()
        } catch let stop as BrokenPipe {
            // The reader of the records went away (`| head`): a quiet, successful stop, so the
            // files asked for, whole before the first record was written, are put in place too
            // (they were left out under exit 0, an earlier run's model kept as if it were this one's).
            guard let learnt else { throw stop }
            try pairsFile?.commit()
            if let modelOut, let modelFile, let model = learnt.model { try model.write(to: modelFile, path: modelOut) }
            throw stop
        }
        try pairsFile?.commit()
        if let modelOut, let modelFile, let model = learnt?.model { try model.write(to: modelFile, path: modelOut) }
    }

    /// What fuzzy mode has made whole before it writes a record: every compared pair written to
    /// `--pairs`, and the model learnt, for `--model-out`.
    struct Learnt {
        var model: SavedModel?
    }

    /// Clusters the input and writes its records (and every compared pair to `pairs`, for
    /// `--pairs`); sets `learnt` once the pairs are written and the model learnt (fuzzy mode).
    mutating func cluster(_ context: StageContext, pairs pairsSink: ByteSink?, learnt: inout Learnt?) throws {
        context.namedFields = namedFields
        if blockKeys, case .fuzzy(_, let rules, _) = matching {
            try BlockKeyWriter(rules: rules, member: member).run(context, inputs: inputs)
            return
        }
        let spool = try Spool(addingMember: member.name, rereading: inputs)
        var facts = RecordFacts(keepProvenance: pairsPath != nil || learning.namesRecords, idPath: learning.idPath)
        let table: ClusterTable
        var known: KnownClusters?
        switch matching {
        case .exact(let paths, let fold):
            // Records are checked and keyed on other threads; this one spools and labels them.
            var matcher = ExactMatcher(paths: paths, fold: fold)
            let reader = DedupeReader(memberKey: member.name, keyFields: matcher.fields)
            // No `facts`: the matcher keeps what the writer needs, 4 bytes a record.
            try context.forEachRecord(in: inputs, readers: threads > 1 ? threads : 0, member: member, makeReader: { reader }) {
                line, parsed, arena, location in
                let record = UnsafeBufferPointer(rebasing: line[..<parsed.length])
                try spool.append(record, place: parsed.place, from: Spool.Origin(location, in: context))
                DedupeReader.key(parsed, in: arena) { matcher.append(key: $0, fact: parsed.fact, town: parsed.town) }
            }
            table = matcher.table
            if matcher.withoutKey > 0 { context.accounting.details.append("\(matcher.withoutKey) without a key") }
            if matcher.clustersOfSeveralTowns > 0, let town = matcher.fields.townPaths.first?.joined(separator: ".") {
                // `100 Main St` in Seattle and in Boston: one street key, two places.
                let street = town.dropLast("city".count) + "key"
                context.warn(
                    "\(matcher.clustersOfSeveralTowns) \(matcher.clustersOfSeveralTowns == 1 ? "cluster joins" : "clusters join") records "
                        + "whose \(town) differs: \(street) is the street address alone, without its town; for records of several "
                        + "towns add \(town) or \(town.dropLast("city".count))zip to --key")
            }
        case .fuzzy(let specs, let rules, let settings):
            // Fuzzy mode's time is in comparing pairs (on --threads threads) and in reading
            // the compared members. Records are checked and spooled here; their members are
            // read on other threads, a member per thread (`MemberReading`), so no record is
            // parsed twice (parsing whole records on reader threads as well, as exact mode does,
            // cost 10.1 s of CPU against 8.6 s at 1M bench records, and was no faster).
            FreedMemory.mapsLargeBlocks()
            var matcher = FuzzyMatcher(specs: specs, rules: rules, settings: settings)
            matcher.progress = context.progress
            matcher.keepsColumnValues = modelOut != nil || pairsPath != nil || learning.labelPath != nil || learning.suggest != nil
            // Labels look their pairs' blocks up after comparing (`trainingLabels`, `--explain-blocking`).
            matcher.blocker.spillsLastRuleKeys = !matcher.keepsColumnValues && learning.labelsPaths.isEmpty && !learning.explainBlocking
            savedModel?.use(in: &matcher)
            if let againstPath {
                // With a model, the input is read first: only the known records it can meet are
                // held (`KnownSelection`). Without one, learning reads every known record.
                var selection: KnownSelection?
                if holdsPartOfKnown {
                    var input = KnownSelection(specs: specs, rules: rules, settings: settings, learntOversized: matcher.blocker.learntOversized)
                    try read(context, into: spool) { input.addInput($0) }
                    selection = input
                }
                let inputRead = selection != nil
                // The held known records' members are read on threads as the input's are (`MemberReading`).
                var knownRead = KnownClusters()
                try matcher.append(threads: threads) { append in
                    knownRead = try KnownClusters.read(
                        path: againstPath, memberKey: member.name, maxLineBytes: context.maxLineBytes, selection: &selection,
                        threads: threads, useIndex: knownIndex, warn: context.warn
                    ) { record in
                        try facts.append(record)
                        append(record)
                    }
                }
                matcher.knownCount = knownRead.held
                matcher.knownLinks = knownRead.links
                known = knownRead
                // A member the input holds and KNOWN lacks (a table exported without --nest for
                // it) links no known record through its rules: every record was new, silently.
                for lacking in selection?.headsKnownLacks() ?? [] where knownRead.count > 0 {
                    let rules = lacking.rules.map { "--block \($0)" }.joined(separator: ", ")
                    context.warn(
                        "\(againstPath): no known record has the member '\(lacking.member)', which input records have: no known record is "
                            + "compared through \(rules) (sluice-load --export keeps its fields in the member only with --nest \(lacking.member))")
                }
                if savedModel == nil {
                    context.warn("--against without --model learns a model from the new records' pairs alone; give the one learnt on KNOWN")
                }
                // (`read` drops the selection when KNOWN cannot be read twice: all of it is held.)
                selection?.use(in: &matcher)
                if inputRead {
                    try matcher.append(threads: threads) { append in
                        try spool.forEachRecord(maxLineBytes: context.maxLineBytes) { _, record in
                            try facts.append(record)
                            append(record)
                        }
                    }
                } else {
                    try read(context, into: spool) { record in
                        try facts.append(record)
                        matcher.append(record)
                    }
                }
            } else {
                // The members of each batch of records are read on threads (`MemberReading`)
                // while this one checks, spools and reads the next; the spool is written on
                // another.
                try spool.appending(writingBehind: threads > 1) {
                    try matcher.append(threads: threads) { append in
                        try read(context, into: spool) { record in
                            try facts.append(record)
                            append(record)
                        }
                    }
                }
            }
            let linked = try learning.run(&matcher, facts: facts, spool: spool, pairsSink: pairsSink, context: context)
            try pairsSink?.flush()
            learnt = Learnt(model: modelOut == nil ? nil : matcher.model.map { SavedModel(matcher: matcher, model: $0) })
            report(matcher, facts: facts, context: context)
            guard let linked else {
                // --suggest wrote pairs: every record was read and compared, none is written.
                context.accounting.recordsOut = context.accounting.recordsIn - context.accounting.rejected
                context.accounting.outLabel = "compared"
                return
            }
            table = linked
        }
        if let known {
            // An empty KNOWN (the wrong file, a failed export) makes every record new, silently.
            if known.count == 0, let againstPath {
                context.warn("\(againstPath) holds no known records: every input record is linked only to the others, in new clusters")
            }
            let outcome = try known.resolve(table, facts: facts)
            var writer = DedupeWriter(mode: mode, table: outcome.table, memberKey: member.name)
            writer.writesBehind = threads > 1
            try writer.write(spool, context: context)
            for merge in outcome.merges {
                JSONWriter.write(KnownClusters.line(merge, memberKey: member.name), to: &context.output.buffer)
                try context.output.endLine()
            }
            JSONWriter.write(KnownClusters.summaryLine(outcome, known: known.count, memberKey: member.name), to: &context.output.buffer)
            try context.output.endLine()
            let merges = outcome.merges.count
            context.accounting.details.insert(
                "\(known.count) known records (\(known.held) held), \(outcome.joined) joined to known clusters, \(outcome.created) new \(outcome.created == 1 ? "cluster" : "clusters"), \(merges) known \(merges == 1 ? "cluster" : "clusters") merged",
                at: 0)
            return
        }
        var writer = DedupeWriter(mode: mode, table: table, memberKey: member.name)
        writer.writesBehind = threads > 1
        try writer.write(spool, context: context)
        let clusters = table.clusterCount == 1 ? "1 cluster" : "\(table.clusterCount) clusters"
        context.accounting.details.insert("\(clusters) (\(table.multiRecordClusters) with duplicates)", at: 0)
    }

    /// The fuzzy matcher's pass over the input: each record checked against the member dedupe
    /// writes, spooled for the writer, then handed to `body` (its facts kept, to the matcher). (Exact mode
    /// does the same with the checking and keying on reader threads: `DedupeReader`.)
    func read(_ context: StageContext, into spool: Spool, _ body: (NDJSONRecord) throws -> Void) throws {
        try context.forEachRecord(in: inputs) { record, location in
            try member.check(record, at: location)
            try spool.append(record, from: Spool.Origin(location, in: context))
            try body(record)
        }
    }

    /// Whether `--against` holds only the known records the input can meet: with `--model`
    /// (learning reads them all), and without the options that name or count every known
    /// record (`--labels` and `--suggest` resolve answers against them, `--pairs` numbers them,
    /// `--explain-blocking` counts their blocks' pairs).
    var holdsPartOfKnown: Bool {
        savedModel != nil && !learning.namesRecords && pairsPath == nil && !learning.explainBlocking
    }

    func report(_ matcher: FuzzyMatcher, facts: RecordFacts, context: StageContext) {
        context.accounting.details.append("\(matcher.pairsCompared) pairs compared, \(matcher.pairsMatched) matched")
        for conflict in matcher.conflicts { context.warn(conflict.message(facts: facts, labels: matcher.labels)) }
        if matcher.conflictCount > 0 {
            let count = matcher.conflictCount
            context.warn(
                "\(count) \(count == 1 ? "link" : "links") not followed: \(count == 1 ? "it" : "each") would put two records answered distinct in one cluster"
                    + (count > matcher.conflicts.count ? " (the first \(matcher.conflicts.count) shown above)" : ""))
            context.accounting.details.append("\(count) \(count == 1 ? "link" : "links") refused by distinct answers")
        }
        let blocker = matcher.blocker
        for (rule, sizes) in blocker.oversizedSizes.enumerated() where !sizes.isEmpty {
            context.warn(
                "--block \(matcher.rules[rule].text): \(sizes.count) \(sizes.count == 1 ? "block" : "blocks") over --max-block \(blocker.maxBlock) (largest \(sizes.max() ?? 0)) compared by sorted neighbourhood, window \(blocker.window): \(blocker.skippedPairsOfRule[rule]) of their pairs skipped (--explain-blocking with --labels: the labelled matches among them)"
            )
        }
        let oversized = blocker.oversizedSizes.reduce(0) { $0 + $1.count }
        let skipped = blocker.skippedPairsOfRule.reduce(0, +)
        if oversized > 0 { context.accounting.details.append("\(oversized) oversized blocks (\(skipped) pairs skipped)") }
        if matcher.clustersSplit > 0 { context.accounting.details.append("\(matcher.clustersSplit) chained clusters split") }
        if matcher.clustersFlagged > 0 { context.accounting.details.append("\(matcher.clustersFlagged) large clusters flagged weak") }
        if let choice = matcher.thresholdChoice, !context.quiet { Diagnostic.print(context.stage, choice.summary) }
        // A model of the wrong sameness links the wrong pairs without any error: say so.
        if let model = matcher.model, matcher.pairsCompared > 0 {
            let problems = ModelCheck.problems(model: model, specs: matcher.specs, blocked: matcher.blockedFields)
            if !problems.isEmpty {
                context.warn(ModelCheck.warning(problems, specs: matcher.specs, labelled: !matcher.labels.pairs.isEmpty))
            }
        }
        // EM learnt from a handful of pairs, with nothing else to go on (answers, a saved model).
        if matcher.preset == nil, matcher.labels.pairs.isEmpty, matcher.pairsCompared > 0,
            let needed = ModelCheck.pairsNeeded(compared: matcher.pairsCompared, specs: matcher.specs)
        {
            context.warn(
                "the model was learnt from \(matcher.pairsCompared) compared \(matcher.pairsCompared == 1 ? "pair" : "pairs"), too few "
                    + "for the levels it weighs (about \(needed) needed): its weights are guesses; give a few answers (--label FILE), "
                    + "use a model learnt on more records (--model FILE), or compare exact keys (--key)")
        }
        // Pairs whose levels alone reach the threshold, none linked: on a small input every
        // repeated value reads as common and term frequencies weigh agreeing on it down. Nothing
        // else would say why a file of obvious duplicates gives none. (With answers, a pair
        // answered distinct is not linked either: they are not asked about.)
        if matcher.pairsMatched == 0, matcher.labels.pairs.isEmpty {
            let heldBack = matcher.pairsOverThresholdWithoutFrequencies
            if heldBack > 0 {
                context.warn(
                    "no pair was linked, though \(heldBack) of the \(matcher.pairsCompared) compared pairs reach --threshold "
                        + "\(matcher.threshold) without term-frequency adjustment: on few records a value two of them share reads "
                        + "as common, and agreeing on it counts for little; see --explain-model, try --no-tf, or give a few "
                        + "answers (--label FILE)")
            }
        }
        if explainModel, let model = matcher.model {
            StandardError.write(
                ModelReport.text(
                    model: model, specs: matcher.specs, pairs: matcher.pairsCompared,
                    patterns: matcher.distinctPatterns, termFrequency: matcher.settings.termFrequency,
                    withoutLabels: matcher.unsupervisedModel, threshold: matcher.thresholdChoice, savedIn: modelPath,
                    blocked: matcher.blockedFields, rules: matcher.rules.map(\.text)))
        }
    }
}
