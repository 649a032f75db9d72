import SluiceCore
import SluiceSanitize

/// The values of one compared field for every record, held compactly: text interned once per
/// distinct value (with its count, for term-frequency adjustment), numbers, dates and points in
/// flat arrays. `level(i, j)` compares records `i` and `j` on this field.
///
///     let column = FieldColumn(spec: try ComparisonSpec.parse("surname:jw"))
///     column.append(.string("Smith")); column.append(.string("Smyth"))
///     column.level(0, 1)   // 2: Jaro–Winkler ≥ 0.92
///
/// - Complexity: memory O(records + distinct values).
public final class FieldColumn {
    public let spec: ComparisonSpec
    // `@exclusivity(unchecked)`: the columns are written only while the input is read and then
    // read by every comparing thread; the runtime's access checks on each read of a class
    // property cost more than some comparisons themselves.
    /// Per record: the interned text id, or -1 when missing (text methods only).
    @exclusivity(unchecked) var ids = RecordIds()
    /// The distinct values' normalised texts, as UTF-8 in one table (a value's id is its number
    /// there). As a `[String: Int32]` index and a `[String]`, each text a heap object, they were
    /// ~100 bytes a distinct value (80 MB of 423 MB at 1M bench records, heaptrack); here 16
    /// plus the text, and while the input is read its index (11 to 21 more: three quarters
    /// full at most, `ByteTable.Fill`; freed by `finish`).
    @exclusivity(unchecked) var values = ByteTable(fill: .threeQuarters)
    /// Whether a `tokens` column's distinct texts go to disk as they are read (`SpilledTexts`)
    /// instead of into `values`: set before the first value, by a caller that will read them
    /// only to split them into words (`FuzzyMatcher.keepsColumnValues` false). Counting them
    /// against a saved model's counts (`learnt`) reads them as text, so not with one.
    var spillsTexts = false
    @exclusivity(unchecked) private var spilled: SpilledTexts?
    /// The distinct values outside ASCII by their `String`: two texts `String` holds equal
    /// (canonically equivalent: a precomposed and a decomposed letter) are one value, as they
    /// were when every value was found by its `String`, though their bytes differ.
    var unicodeIds: [String: Int32] = [:]
    /// `jw` and `lev` compare an ASCII value's UTF-8 bytes in `values` as they are (its
    /// scalars; `StringSimilarity` is generic over the code unit). Only the values outside ASCII
    /// keep their scalars: those values' scalars end to end, value `id`'s at
    /// `wideScalars[wideRanges[id]]`, and a bit per distinct value saying which these are.
    /// (A copy of every value's scalars was 27 MB of 241 at 1M bench records, heaptrack;
    /// widening the bytes at each comparison instead cost 50% more instructions, callgrind.)
    @exclusivity(unchecked) var wideScalars: [UInt32] = []
    @exclusivity(unchecked) var wideRanges: [Int32: Range<Int>] = [:]
    @exclusivity(unchecked) var wideBits: [UInt64] = []
    /// `jw`: per distinct value, the mask of its characters and their tally (see
    /// `StringSimilarity.jaroWinklerSummaryBound`): a pair's bound before any byte is read.
    @exclusivity(unchecked) var masks: [UInt64] = []
    @exclusivity(unchecked) var tallies: [UInt64] = []
    @exclusivity(unchecked) var counts: [Int32] = []
    /// `address` only: per record a hash of the town its address names (its `city`; 0: none).
    /// `100 Main St` in Seattle and in Boston are one street key, but different addresses.
    @exclusivity(unchecked) var towns: [UInt32] = []
    /// Per distinct value, its words (`tokens` only, made by `finish`), its weighed words
    /// (`name` only), its number and street (`address` only).
    @exclusivity(unchecked) private(set) var wordSets = WordSetTable()
    @exclusivity(unchecked) private(set) var nameWords = NameWordTable()
    @exclusivity(unchecked) private(set) var addressKeys = AddressKeyTable()
    /// The spec's level thresholds, read on every comparison.
    let cuts: [Double]
    @exclusivity(unchecked) var presentCount = 0
    /// `--model`: the counts the model was learnt with (`ValueCounts`); with them, `finish`
    /// sets the counts term frequencies are taken from, each the larger of the model's and this
    /// run's (empty without: this run's `counts` and `presentCount`).
    public var learnt: ValueCounts?
    /// `--against` holding part of KNOWN: the counts of the known records not held
    /// (`UnheldCounts`), added to this run's own before `learnt` is taken where larger.
    var unheld: UnheldCounts?
    @exclusivity(unchecked) var frequencyCounts: [Int32] = []
    @exclusivity(unchecked) var frequencyTotal = 0
    /// Numbers (numeric), day numbers and `YYYYMMDD` (date), latitudes (geo); NaN when missing.
    @exclusivity(unchecked) var first = NumberList()
    /// `YYYYMMDD` for dates, longitudes for points.
    @exclusivity(unchecked) var second = NumberList()

    public init(spec: ComparisonSpec) {
        self.spec = spec
        cuts = spec.levelCuts
    }

    public var count: Int { spec.method.isText ? ids.count : first.count }

    /// Adds the next record's value: the value at the spec's path (for `geo`, the object that
    /// holds `lat` and `lon`).
    public func append(_ value: JSONValue?) {
        switch spec.method {
        case .exact, .jaroWinkler, .levenshtein, .tokenSet, .name, .phone, .houseNumber, .address:
            if spec.method == .address { towns.append(Self.town(of: value)) }
            guard let text = Self.comparedText(of: value, spec.method) else {
                ids.append(-1)
                return
            }
            presentCount += 1
            let (id, isNew, ascii) = intern(text)
            ids.append(id)
            guard isNew else {
                counts[Int(id)] += 1
                return
            }
            counts.append(1)
            switch spec.method {
            case .jaroWinkler, .levenshtein: appendScalars(text, id: id, ascii: ascii)
            case .name: nameWords.append(text)
            case .address: addressKeys.append(text)
            default: break
            }
        case .numeric:
            let number = value?.doubleValue ?? value?.stringValue.flatMap { Double($0.trimmingSpaces()) }
            first.append(number.flatMap { $0.isFinite ? $0 : nil } ?? .nan)
        case .date:
            // A number is read as its digits (19081209); one past Int's range is no date.
            let date =
                value?.stringValue.flatMap(CalendarDate.init)
                ?? value?.doubleValue.flatMap { Int(exactly: $0.rounded(.towardZero)) }.flatMap { CalendarDate(String($0)) }
            first.append(date.map { Double($0.dayNumber) } ?? .nan)
            second.append(date.map { Double($0.digits) } ?? .nan)
        case .geo:
            let lat = value?["lat"]?.doubleValue, lon = value?["lon"]?.doubleValue
            if let lat, let lon, abs(lat) <= 90, abs(lon) <= 180 {
                first.append(lat)
                second.append(lon)
            } else {
                first.append(.nan)
                second.append(.nan)
            }
        }
    }

    /// Notes a new distinct text's summaries, for Jaro–Winkler's bound, and outside ASCII its
    /// scalars, for Jaro–Winkler and Levenshtein.
    private func appendScalars(_ text: String, id: Int32, ascii: Bool) {
        if Int(id) / 64 == wideBits.count { wideBits.append(0) }
        func summarise<Unit: FixedWidthInteger & UnsignedInteger>(_ units: UnsafeBufferPointer<Unit>) {
            guard spec.method == .jaroWinkler else { return }
            masks.append(StringSimilarity.characterMask(units))
            tallies.append(StringSimilarity.characterTally(units))
        }
        if ascii {
            values.withBytes(of: id) { summarise($0) }
            return
        }
        let start = wideScalars.count
        wideScalars.append(contentsOf: text.unicodeScalars.lazy.map(\.value))
        wideRanges[id] = start..<wideScalars.count
        wideBits[Int(id) / 64] |= 1 << UInt64(Int(id) % 64)
        wideScalars.withUnsafeBufferPointer { summarise(UnsafeBufferPointer(rebasing: $0[start...])) }
    }

    /// Adds the next record's value as a copy of an earlier record's, when both hold the same
    /// raw value: no parsing or normalising again.
    public func appendCopy(of record: Int) {
        switch spec.method {
        case .exact, .jaroWinkler, .levenshtein, .tokenSet, .name, .phone, .houseNumber, .address:
            if spec.method == .address { towns.append(towns[record]) }
            let id = ids[record]
            ids.append(id)
            guard id >= 0 else { return }
            presentCount += 1
            counts[Int(id)] += 1
        case .numeric:
            first.append(first[record])
        case .date, .geo:
            first.append(first[record])
            second.append(second[record])
        }
    }

    /// The comparison level of records `i` and `j`: 0 when either value is missing. (For a run
    /// of pairs, take `levels` once and ask it.)
    public func level(_ i: Int, _ j: Int) -> UInt8 { levels.level(i, j) }

    /// What `level` reads, held by one value for a run of pairs (`PairComparer` takes it once per
    /// part). Read from the column's stored arrays, every pair retained and released each of
    /// them: 17% of fuzzy mode's cycles at 1M bench records (perf), where a value held in a
    /// local is read as it lies.
    var levels: Levels {
        Levels(
            column: self, method: spec.method, ids: ids, towns: towns, values: values, masks: masks, tallies: tallies,
            hasWide: !wideRanges.isEmpty, wideBits: wideBits, cuts: cuts, first: first, second: second)
    }

    struct Levels {
        let column: FieldColumn
        let method: ComparisonSpec.Method
        let ids: RecordIds
        let towns: [UInt32]
        let values: ByteTable
        let masks: [UInt64]
        let tallies: [UInt64]
        let hasWide: Bool
        let wideBits: [UInt64]
        let cuts: [Double]
        let first: NumberList
        let second: NumberList

        @inline(__always)
        func level(_ i: Int, _ j: Int) -> UInt8 {
            switch method {
            case .exact, .jaroWinkler, .levenshtein, .tokenSet, .name, .phone, .houseNumber, .address:
                let a = ids[i], b = ids[j]
                if a < 0 || b < 0 { return 0 }
                if method == .address, towns[i] != 0, towns[j] != 0, towns[i] != towns[j] { return AddressKeyTable.different }
                if a == b { return 1 }
                let lowest = UInt8(2 + cuts.count)
                switch method {
                case .exact: return 2
                case .tokenSet: return column.wordSets.level(Int(a), Int(b)) { ComparisonSpec.level(forSimilarity: $0, cuts: cuts) }
                case .name: return ComparisonSpec.level(forSimilarity: column.nameWords.similarity(Int(a), Int(b)), cuts: cuts)
                case .phone: return DigitText.phoneLevel(column.text(Int(a)), column.text(Int(b)))
                case .houseNumber: return DigitText.houseNumberLevel(column.text(Int(a)), column.text(Int(b)))
                case .address: return column.addressKeys.level(Int(a), Int(b))
                default:
                    if hasWide, isWide(a) || isWide(b) {
                        return column.withScalars(a) { x in
                            column.withScalars(b) { y in similarityLevel(x, y, a, b, lowest: lowest) }
                        }
                    }
                    return values.withBytes(of: a, b) { x, y in similarityLevel(x, y, a, b, lowest: lowest) }
                }
            case .numeric:
                let a = first[i], b = first[j]
                if a.isNaN || b.isNaN { return 0 }
                let difference = abs(a - b)
                return difference == 0 ? 1 : ComparisonSpec.level(forDistance: difference, cuts: cuts, firstLevel: 2)
            case .date:
                let a = first[i], b = first[j]
                if a.isNaN || b.isNaN { return 0 }
                if a == b { return 1 }
                if CalendarDate.isOneTypo(Int(second[i]), Int(second[j])) { return 2 }
                return ComparisonSpec.level(forDistance: abs(a - b), cuts: cuts, firstLevel: 3)
            case .geo:
                let lat1 = first[i], lat2 = first[j]
                if lat1.isNaN || lat2.isNaN { return 0 }
                return ComparisonSpec.level(forDistance: GeoDistance.greatCircleMetres(lat1, second[i], lat2, second[j]), cuts: cuts, firstLevel: 1)
            }
        }

        /// The `jw` or `lev` level of two texts as code units (both bytes or both scalars), distinct
        /// values `a` and `b`.
        @inline(__always)
        private func similarityLevel<Unit: FixedWidthInteger & UnsignedInteger>(
            _ x: UnsafeBufferPointer<Unit>, _ y: UnsafeBufferPointer<Unit>, _ a: Int32, _ b: Int32, lowest: UInt8
        ) -> UInt8 {
            let lowestCut = cuts.last ?? 1
            if method == .jaroWinkler {
                let maskA = masks[Int(a)], maskB = masks[Int(b)]
                // Lengths, masks and tallies first: most pairs end there without a byte read.
                // (The margin keeps a rounding of the looser bound from deciding on the cut.)
                let summary = StringSimilarity.jaroWinklerSummaryBound(
                    countA: x.count, countB: y.count, maskA: maskA, maskB: maskB, tallyA: tallies[Int(a)], tallyB: tallies[Int(b)])
                if summary + 1e-9 < lowestCut { return lowest }
                return ComparisonSpec.level(forSimilarity: StringSimilarity.jaroWinkler(x, y), cuts: cuts)
            }
            // The length difference alone bounds the Levenshtein ratio.
            let longest = Double(max(x.count, y.count))
            if 1 - Double(abs(x.count - y.count)) / longest < lowestCut { return lowest }
            return ComparisonSpec.level(forSimilarity: StringSimilarity.levenshteinRatio(x, y), cuts: cuts)
        }

        /// Whether distinct value `id` is outside ASCII (its scalars kept in `wideScalars`).
        @inline(__always)
        private func isWide(_ id: Int32) -> Bool { wideBits[Int(id) / 64] & (1 << UInt64(Int(id) % 64)) != 0 }
    }

    /// Calls `body` with distinct value `id`'s scalars: kept for a value outside ASCII, its
    /// bytes widened for an ASCII one (only when it meets one outside ASCII, which is rare).
    func withScalars<R>(_ id: Int32, _ body: (UnsafeBufferPointer<UInt32>) -> R) -> R {
        if let range = wideRanges[id] {
            return wideScalars.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
        return values.withBytes(of: id) { bytes in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: bytes.count) { scalars in
                for (index, byte) in bytes.enumerated() { scalars[index] = UInt32(byte) }
                return body(UnsafeBufferPointer(scalars))
            }
        }
    }

    /// The id of a normalised text, and whether it is new. (A text outside ASCII that
    /// normalising left equal to an ASCII one as `String`s, but not in bytes, would be a value
    /// of its own; `TextNormalizer` folds case and accents, which leaves no such text.)
    private func intern(_ text: String) -> (id: Int32, isNew: Bool, ascii: Bool) {
        // A value added after `finish` (not by the stage, which reads all first) finds them again.
        if !values.hasIndex { values.restoreIndex() }
        if spillsTexts, spilled == nil, values.count == 0, spec.method == .tokenSet, learnt == nil, unheld == nil { spilled = SpilledTexts() }
        var utf8 = text
        if spilled != nil {
            precondition(wordSets.count == 0, "a value added to a column whose texts were split from disk")
            let found: (id: Int32, isNew: Bool)? = utf8.withUTF8 { bytes in
                bytes.contains { $0 >= 0x80 } ? nil : spilled?.intern(bytes)
            }
            if let found { return (found.id, found.isNew, true) }
            if let id = unicodeIds[text] { return (id, false, false) }
            let id = utf8.withUTF8 { spilled?.appendUnindexed($0) } ?? -1
            unicodeIds[text] = id
            return (id, true, false)
        }
        let found: (id: Int32, isNew: Bool)? = utf8.withUTF8 { bytes in
            bytes.contains { $0 >= 0x80 } ? nil : values.intern(bytes)
        }
        if let found { return (found.id, found.isNew, true) }
        if let id = unicodeIds[text] { return (id, false, false) }
        let id = values.intern(text).id
        unicodeIds[text] = id
        return (id, true, false)
    }

    /// Distinct value `id`'s normalised text.
    func text(_ id: Int) -> String {
        values.withBytes(of: Int32(id)) { String(decoding: $0, as: UTF8.self) }
    }

    /// How many distinct values the column holds.
    var distinctCount: Int { spilled?.count ?? values.count }

    /// Every distinct value's normalised text, by id (for the few readers of them all).
    var texts: [String] { (0..<values.count).map(text) }

    /// Whether distinct value `a`'s text sorts before `b`'s as `String` sorts them: byte order
    /// when both are ASCII (the same order, without making Strings).
    func textPrecedes(_ a: Int, _ b: Int) -> Bool {
        values.withBytes(of: Int32(a)) { x in
            values.withBytes(of: Int32(b)) { y in
                if x.allSatisfy({ $0 < 0x80 }) && y.allSatisfy({ $0 < 0x80 }) { return x.lexicographicallyPrecedes(y) }
                return String(decoding: x, as: UTF8.self) < String(decoding: y, as: UTF8.self)
            }
        }
    }

    /// `textPrecedes` as a sort of many values wants it: each value's first 8 bytes are read
    /// once, as a big-endian number (zeros past its end) when the whole text is ASCII, so two
    /// ASCII texts that differ there are ordered without reading either (the sort's
    /// instructions 77.7M → 24.5M on 50,000 geocoded bench records' titles); ASCII texts alike there
    /// compare their bytes, any other pair goes through `textPrecedes`.
    func textOrder() -> @Sendable (Int32, Int32) -> Bool {
        // UInt64.max, which no ASCII text's prefix is: a text outside ASCII.
        let prefixes: [UInt64] = (0..<Int32(values.count)).map { id in
            values.withBytes(of: id) { text in
                var prefix: UInt64 = 0
                for (index, byte) in text.enumerated() {
                    guard byte < 0x80 else { return .max }
                    if index < 8 { prefix |= UInt64(byte) << (56 - 8 * UInt64(index)) }
                }
                return prefix
            }
        }
        nonisolated(unsafe) let column = self
        return { a, b in
            let x = prefixes[Int(a)], y = prefixes[Int(b)]
            guard x != .max, y != .max else { return column.textPrecedes(Int(a), Int(b)) }
            if x != y { return x < y }
            return column.values.withBytes(of: a, b) { $0.lexicographicallyPrecedes($1) }
        }
    }

    /// The share of records holding record `i`'s exact value, for term-frequency adjustment;
    /// nil for methods without interned text or a missing value.
    public func termFrequency(_ i: Int) -> Double? {
        guard !ids.isEmpty, ids[i] >= 0, presentCount > 0 else { return nil }
        if !frequencyCounts.isEmpty { return Double(frequencyCounts[Int(ids[i])]) / Double(frequencyTotal) }
        return Double(counts[Int(ids[i])]) / Double(presentCount)
    }

    /// Record `i`'s value as compared (normalised), for `--pairs`.
    public func display(_ i: Int) -> JSONValue {
        switch spec.method {
        case .exact, .jaroWinkler, .levenshtein, .tokenSet, .name, .phone, .houseNumber, .address:
            return ids[i] < 0 ? .null : .string(text(Int(ids[i])))
        case .numeric:
            return first[i].isNaN ? .null : .double(first[i], decimals: 6)
        case .date:
            return second[i].isNaN ? .null : .int(Int(second[i]))
        case .geo:
            return first[i].isNaN ? .null : .array([.double(first[i], decimals: 6), .double(second[i], decimals: 6)])
        }
    }

    /// The text a value is compared by: normalised (see `TextNormalizer`); for `phone` its
    /// digits, for `housenumber` its number; for `address` an object's `key` member too.
    static func comparedText(of value: JSONValue?, _ method: ComparisonSpec.Method) -> String? {
        comparedText(of: value, method) { TextNormalizer.text(of: value).flatMap(TextNormalizer.normalize) }
    }

    /// The town an address names (`address.city`, or the `city` of an object holding `key`), as
    /// a hash of its `TownName.key` (`SF` = `San Francisco`, `St. Paul` = `Saint Paul`): 0 when
    /// it names none.
    static func town(of value: JSONValue?) -> UInt32 {
        guard case .object = value, let city = value?["city"]?.stringValue, case let key = TownName.key(city), !key.isEmpty
        else { return 0 }
        let hash = UInt32(truncatingIfNeeded: StableHash.of(key))
        return hash == 0 ? 1 : hash
    }

    /// Whether `method` compares a value's normalised text as it is (`comparedText` is then
    /// `TextNormalizer.normalize` of `TextNormalizer.text(of:)`).
    static func comparesNormalizedText(_ method: ComparisonSpec.Method) -> Bool {
        switch method {
        case .phone, .houseNumber, .address: false
        default: true
        }
    }

    /// The same, given the value's normalised text (`normalized`, called when the method
    /// compares it): for a caller that needs it for several uses and normalises once.
    static func comparedText(of value: JSONValue?, _ method: ComparisonSpec.Method, normalized: () -> String?) -> String? {
        switch method {
        case .phone: return TextNormalizer.text(of: value).flatMap(DigitText.phone)
        case .houseNumber: return TextNormalizer.text(of: value).flatMap(DigitText.houseNumber)
        case .address:
            let key = value.flatMap { value in if case .object = value { value["key"] } else { value } }
            return TextNormalizer.text(of: key).flatMap(TextNormalizer.normalize)
        default: return normalized()
        }
    }

    /// Frees every value, for a caller done comparing and asking nothing of the column again
    /// (`FuzzyMatcher.keepsColumnValues` false): any read after it traps.
    func release() {
        ids = RecordIds()
        dropTexts()
        wideScalars = []
        wideRanges = [:]
        wideBits = []
        masks = []
        tallies = []
        counts = []
        towns = []
        wordSets = WordSetTable()
        nameWords = NameWordTable()
        addressKeys = AddressKeyTable()
        frequencyCounts = []
        first = NumberList()
        second = NumberList()
    }

    /// Frees the distinct values' texts: a `tokens` column compares their words only, so once
    /// they are split (`finish`) nothing reads them but showing or counting values (`--pairs`,
    /// `--suggest`, `--label`, `--model-out`). At 10M bench records the locations' were 200 MB.
    private func dropTexts() {
        values = ByteTable(capacity: 0)
        unicodeIds = [:]
    }

    /// Work that needs every value: the words of a `tokens` column, the words' weights of a
    /// `name` column, and with `learnt` or `unheld` the counts term frequencies are taken from.
    /// Runs after the last `append` and before the first `level`. Without `keepingTexts`, a
    /// `tokens` column then frees its texts, and takes no more values.
    public func finish(keepingTexts: Bool = true) throws {
        // From here on values are read by id only: their index goes.
        values.dropIndex()
        if spec.method == .name, nameWords.wordWeights.isEmpty { nameWords.finish(recordCounts: counts, learnt: learnt, unheld: unheld) }
        if learnt != nil || unheld != nil, frequencyCounts.isEmpty, values.count > 0 {
            frequencyCounts = (0..<values.count).map { id in
                let text = text(id)
                return max(counts[id] + (unheld?.count(of: text) ?? 0), Int32(clamping: learnt?.values[text] ?? 0))
            }
            frequencyTotal = max(presentCount + (unheld?.present ?? 0), learnt?.present ?? 0)
        }
        // A tokens column splits its distinct texts into words here, not as they come: the
        // words (~20 bytes a distinct text) are then not held beside the values' index while
        // the input is read (with the arrays they grew through, 1.14-1.19 GB of the stage's
        // peak at 10M bench records against 1.04). A value added after `finish` gets its words
        // when `finish` runs again.
        guard spec.method == .tokenSet, wordSets.count < distinctCount else { return }
        if var spilled {
            // Texts read from disk: their index goes first.
            self.spilled = nil
            spilled.dropIndex()
            try spilled.forEachText { wordSets.append(utf8: $0) }
        } else if keepingTexts {
            for id in wordSets.count..<values.count { values.withBytes(of: Int32(id)) { wordSets.append(utf8: $0) } }
        } else {
            try splitWordsFreeingTexts()
        }
    }

    /// Splits the texts into words from a temporary copy made before they are freed, so that
    /// texts and words are never held together: at 10M bench records the locations' texts (200
    /// MB with their places) beside their words as these were made were the stage's peak.
    private func splitWordsFreeingTexts() throws {
        var copy = SpillList<UInt8>(what: "a tokens column's texts")
        for id in wordSets.count..<values.count {
            try values.withBytes(of: Int32(id)) { try SpilledTexts.append($0, to: &copy) }
        }
        dropTexts()
        try SpilledTexts.forEachText(in: copy) { wordSets.append(utf8: $0) }
    }
}
