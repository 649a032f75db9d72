/// Every US town with a post office, its state and its ZIP codes (the GeoNames US postal codes,
/// CC BY 4.0; `scripts/gen_us_towns.py` writes them into `USTowns+Data.swift`): the parser reads
/// one at the end of a text without `--city` (`100 Main St, Seattle`; `St. Paul, MN 55101`).
///
///     USTowns.shared.states(named: ["seattle"])   // ["WA"]
///     USTowns.shared.states(named: ["st", "paul"]).contains("MN")  // true: `Saint Paul`
///     USTowns.shared.town(zip: "55101")            // (name: "Saint Paul", state: "MN")
///
/// Names are compared by `TownName.key`. Parsed on first use (`shared` is a lazy global), about
/// 30,000 towns and 41,000 ZIP codes: a few MB, read once per process.
///
/// - Complexity: O(total text) once; then a hash look-up per name or ZIP.
struct USTowns: Sendable {
    /// `TownName.key` of a name → the states that have a town of that name.
    private var states: [String: [String]] = [:]
    /// ZIP code (as a number) → the index of its town in `names`/`nameStates`.
    private var zips: [Int32: Int32] = [:]
    private var names: [String] = []
    private var nameStates: [String] = []
    /// The last word of every key: a chunk ending in none of them names no town.
    private var lastWords: Set<String> = []
    /// The most words in one key: the longest phrase tried.
    private(set) var maxWords = 1

    static let shared = USTowns(text: text)

    init(text: String) {
        var state = ""
        names.reserveCapacity(30_000)
        nameStates.reserveCapacity(30_000)
        zips.reserveCapacity(42_000)
        let bytes = Array(text.utf8)
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let first = line.first else { continue }
            if first == UInt8(ascii: "#") {
                state = String(decoding: line.dropFirst(), as: UTF8.self)
                continue
            }
            guard let bar = line.firstIndex(of: UInt8(ascii: "|")) else { continue }
            let name = String(decoding: line[line.startIndex..<bar], as: UTF8.self)
            let index = Int32(names.count)
            names.append(name)
            nameStates.append(state)
            // The whole name as one word: `CityNames.key` folds its punctuation as `TownName.key`
            // does after splitting it into words (a test holds the two equal for every town), at
            // a fraction of the cost of tokenizing 30,000 names.
            let key = CityNames.key([name])
            states[key, default: []].append(state)
            if let last = key.split(separator: " ").last { lastWords.insert(String(last)) }
            maxWords = max(maxWords, key.utf8.reduce(1) { $1 == UInt8(ascii: " ") ? $0 + 1 : $0 })
            for run in line[(bar + 1)...].split(separator: UInt8(ascii: " ")) {
                let plus = run.firstIndex(of: UInt8(ascii: "+"))
                guard let start = Self.number(run[run.startIndex..<(plus ?? run.endIndex)]) else { continue }
                let count = plus.flatMap { Self.number(run[($0 + 1)...]) } ?? 0
                for zip in start...(start + count) { zips[zip] = index }
            }
        }
    }

    /// The states with a town of this name, given as its lowercase words (`["st", "paul"]`).
    func states(named words: [String]) -> [String] {
        states[CityNames.key(words)] ?? []
    }

    /// Whether a name may end in this word (lowercase): most words end no town's name.
    func mayEnd(_ lower: String) -> Bool {
        if lastWords.contains(lower) { return true }
        guard lower.utf8.contains(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: ".") }) else {
            return false
        }
        return Words.key(lower).split(separator: " ").last.map { lastWords.contains(String($0)) } == true
    }

    /// The town and state of a five-digit ZIP code (`55101-1234` reads as 55101), or nil.
    func town(zip: String) -> (name: String, state: String)? {
        guard let code = Self.number(zip.utf8.prefix(5)), zip.utf8.count >= 5, let index = zips[code] else { return nil }
        return (names[Int(index)], nameStates[Int(index)])
    }

    private static func number(_ digits: some Collection<UInt8>) -> Int32? {
        guard !digits.isEmpty, digits.count <= 6 else { return nil }
        var value: Int32 = 0
        for byte in digits {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int32(byte - 0x30)
        }
        return value
    }
}
