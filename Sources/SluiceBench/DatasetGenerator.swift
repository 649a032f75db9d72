import SluiceCore

/// Writes a benchmark data set: `NAME.ndjson` (SF-Film-Locations-like records, one per line)
/// and `NAME.truth.csv` beside it (`row,duplicate_of`: each near-duplicate's line number and the
/// line number of the record it copies). The same seed and size give byte-identical files.
///
///     let set = DatasetGenerator(records: 10_000, seed: 42)
///     try set.write(to: "build/bench/films-10k.ndjson", truth: "build/bench/films-10k.truth.csv")
///
/// - Complexity: O(n) time; memory 9 bytes per original record (which film and slot it is and
///   its line), since duplicates regenerate their film instead of keeping records.
public struct DatasetGenerator: Sendable {
    public var records: Int
    public var seed: UInt64
    /// The share of records that are near-duplicates of an earlier record.
    public var duplicateShare = 0.10

    public init(records: Int, seed: UInt64) {
        self.records = records
        self.seed = seed
    }

    /// A near-duplicate: its line and the line of the original it copies (both from 1).
    public struct Duplicate: Equatable, Sendable {
        public var row: Int
        public var duplicateOf: Int
    }

    /// Generates every line in order, calling `line` with each record's bytes (no newline) and
    /// `duplicate` for each near-duplicate.
    public func generate(line: (inout [UInt8]) throws -> Void, duplicate: (Duplicate) throws -> Void) throws {
        var random = SplitMix64(seed: seed, stream: 0, item: 0)
        var film = Film(seed: seed, number: 0)
        var filmNumber = 0
        var slot = 0
        // Each original record: its film, its slot in the film, its line.
        var originalFilm: [Int32] = []
        var originalSlot: [UInt8] = []
        var originalRow: [Int32] = []
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        for row in 1...max(records, 1) where records > 0 {
            bytes.removeAll(keepingCapacity: true)
            if !originalRow.isEmpty, random.chance(duplicateShare) {
                let original = random.int(below: originalRow.count)
                let source = Film(seed: seed, number: Int(originalFilm[original])).records[Int(originalSlot[original])]
                NearDuplicate.make(of: source, &random).write(to: &bytes)
                try duplicate(Duplicate(row: row, duplicateOf: Int(originalRow[original])))
            } else {
                if slot == film.records.count {
                    filmNumber += 1
                    film = Film(seed: seed, number: filmNumber)
                    slot = 0
                }
                film.records[slot].write(to: &bytes)
                originalFilm.append(Int32(filmNumber))
                originalSlot.append(UInt8(slot))
                originalRow.append(Int32(row))
                slot += 1
            }
            try line(&bytes)
        }
    }

    /// Writes the records and the duplicate truth to two files (created or truncated).
    public func write(to path: String, truth truthPath: String) throws {
        let output = try ByteSink(path: path)
        let truth = try ByteSink(path: truthPath)
        truth.append("row,duplicate_of")
        try truth.endLine()
        try generate(
            line: { bytes in
                output.buffer.append(contentsOf: bytes)
                try output.endLine()
            },
            duplicate: { pair in
                truth.append("\(pair.row),\(pair.duplicateOf)")
                try truth.endLine()
            })
        try output.flush()
        try truth.flush()
    }
}
