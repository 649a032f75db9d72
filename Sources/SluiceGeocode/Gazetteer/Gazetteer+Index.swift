import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A gazetteer read through its compiled index (`GazetteerIndex`), which `sluice-geocode`
/// writes beside the CSV the first time it reads it.
///
/// What the index holds: the addresses, sorted by street and number (mapped, read only where a
/// record looks); each street's key, town and centre (the one thing worked out from all its
/// addresses); the distinct towns in the order rows named them; and every other row (blocks,
/// corners, places) as its CSV text, read again by the one CSV reader. Loading replays exactly
/// what reading the CSV did, minus the addresses, so the answers are the same byte for byte.
extension Gazetteer {
    /// How `load(path:index:warn:)` treats the compiled index.
    public enum IndexUse: Sendable {
        /// Use a valid index; else read the CSV and write the index (when the folder allows).
        case auto
        /// Read the CSV only; neither read nor write an index.
        case off
    }

    /// Reads a gazetteer through the index beside it when that index belongs to this CSV and
    /// this program and is whole; otherwise reads the CSV (as `load(path:)`) and, with `.auto`
    /// and no bad row, writes the index for the next run. A stale or damaged index is said once
    /// through `warn`; a missing one, or one written by another build of Sluice, quietly.
    public static func load(
        path: String, index use: IndexUse, warn: (String) -> Void, skipBadRow: (GazetteerRowError) throws -> Bool = { _ in false }
    ) throws -> Gazetteer {
        #if _endian(big)
            return try load(path: path, skipBadRow: skipBadRow)  // the index's arrays are little-endian
        #endif
        guard use == .auto, let identity = GazetteerIndex.identity(ofCSV: path) else { return try load(path: path, skipBadRow: skipBadRow) }
        let indexPath = GazetteerIndex.path(for: path)
        // (A `Result`, not do/catch: this compiler crashed on a typed catch here.)
        let indexed = Result { () throws(GazetteerIndex.Problem) in try fromIndex(GazetteerIndex.map(path: indexPath, expected: identity)) }
        switch indexed {
        case .success(let gazetteer): return gazetteer
        case .failure(let problem):
            if let warning = problem.warning(path: indexPath, reading: GazetteerIndex.format.source, rewriting: SidecarIndex.canWrite(beside: path)) {
                warn(warning)
            }
        }
        let (gazetteer, recording, skipped) = try parseRecording(
            FileInput.contents(of: path, what: "gazetteer"), source: path, skipBadRow: skipBadRow)
        // Written only for a CSV read whole and unchanged while it was read, into a folder the
        // user may write (an installed gazetteer's is read from its CSV each time, quietly).
        if skipped == 0, SidecarIndex.canWrite(beside: path), GazetteerIndex.identity(ofCSV: path) == identity {
            do {
                try gazetteer.writeIndex(to: indexPath, identity: identity, recording: recording)
            } catch let failure as StageFailure {
                warn("cannot write the gazetteer's index: \(failure.message)")
            } catch {
                warn("\(indexPath): cannot write the gazetteer's index: \(error)")
            }
        }
        return gazetteer
    }

    /// `parse`, also keeping what the index needs (`IndexRecording`) and counting the rows
    /// `skipBadRow` took.
    static func parseRecording(
        _ bytes: [UInt8], source: String, skipBadRow: (GazetteerRowError) throws -> Bool = { _ in false }
    ) throws -> (Gazetteer, IndexRecording, skipped: Int) {
        var recording = IndexRecording()
        var skipped = 0
        var gazetteer = Gazetteer()
        try forEachRow(
            bytes, source: source,
            skipBadRow: { problem in
                skipped += 1
                return try skipBadRow(problem)
            },
            header: { recording.header = $0 },
            { row, text in
                recording.add(row, text: text)
                gazetteer.add(row)
            })
        gazetteer.finish()
        return (gazetteer, recording, skipped)
    }

    /// What reading the CSV saw that the finished gazetteer does not keep: the header, the
    /// text of every row but the addresses, and the towns in the order rows named them.
    struct IndexRecording {
        var header: [String] = []
        var rows: [UInt8] = []
        var towns: [[String]] = []
        private var seen: Set<[String]> = []
        private var last: [String] = []

        mutating func add(_ row: GazetteerRow, text: () -> String) {
            if row.kind != .address {
                rows += text().utf8
                rows.append(0x0A)
            }
            let town = [row.city, row.state, row.zip]
            if town != last, seen.insert(town).inserted { towns.append(town) }
            last = town
        }
    }

    /// Writes the index of this finished gazetteer (read from a CSV of `identity`, as
    /// `recording` saw it) beside the CSV (`SidecarIndex.write(to:)`).
    func writeIndex(to path: String, identity: GazetteerIndex.Identity, recording: IndexRecording) throws {
        try writeIndex(identity: identity, recording: recording) { parts in
            try GazetteerIndex.format.write(to: path, identity: identity, parts: parts)
        }
    }

    /// The index's bytes, header first, handed to `write` in pieces of at most 64 KiB.
    func writeIndex(identity: GazetteerIndex.Identity, recording: IndexRecording, _ write: (UnsafeRawBufferPointer) throws -> Void) throws {
        try writeIndex(identity: identity, recording: recording) { parts in try GazetteerIndex.format.write(identity: identity, parts: parts, write) }
    }

    /// Hands the payload's parts to `write`.
    private func writeIndex(identity: GazetteerIndex.Identity, recording: IndexRecording, parts write: ([UnsafeRawBufferPointer]) throws -> Void)
        throws
    {
        var eager = IndexBytes()
        eager.append(UInt64(rowCount))
        var text: [UInt8] = []
        CSVWriter.append(recording.header, to: &text)
        eager.appendBlob(text + recording.rows)
        eager.append(UInt64(recording.towns.count))
        for town in recording.towns { for part in town { eager.append(part) } }
        for bound in [coverage.south, coverage.north, coverage.west, coverage.east] { eager.append(bound) }
        eager.append(UInt64(streetKeys.count))
        for street in streetKeys.indices {
            eager.append(streetKeys[street])
            eager.append(Int64(streetTowns[street]))
            eager.append(UInt64(addresses.numbers(of: street).count))
            if let centre = streetCentres[street] {
                eager.append(UInt8(1))
                for value in [centre.point.lat, centre.point.lon, centre.length] { eager.append(value) }
            } else {
                eager.append(UInt8(0))
            }
            // Its ZIP codes (its addresses' are not read again; its blocks' come again with their rows).
            eager.append(UInt64(streetZips[street].count))
            for zip in streetZips[street] { eager.append(UInt64(zip)) }
        }
        eager.pad()
        // The address arrays go out as they lie in memory: little-endian, in the layout's order
        // (a big-endian machine would need to swap them; Sluice runs on none).
        try eager.bytes.withUnsafeBytes { eagerBytes in try write([eagerBytes, addresses.bytes]) }
    }

    /// The gazetteer an index holds, checked as it is read: any length, count, town or street
    /// that does not add up is `corrupt`, never a crash.
    static func fromIndex(_ storage: AddressTable.Storage) throws(GazetteerIndex.Problem) -> Gazetteer {
        let bytes = UnsafeRawBufferPointer(start: storage.base, count: storage.length)
        var reader = IndexReader(bytes, at: GazetteerIndex.headerSize)
        var gazetteer = Gazetteer()
        let rowCount = try reader.uint64()
        let text = Array(try reader.blob())
        let townCount = try reader.count(each: 24)
        for _ in 0..<townCount {
            _ = gazetteer.coverage.add(city: try reader.string(), state: try reader.string(), zip: try reader.string())
        }
        let (south, north, west, east) = (try reader.double(), try reader.double(), try reader.double(), try reader.double())
        if south <= north, west <= east {
            guard (-90...90).contains(south), (-90...90).contains(north), (-180...180).contains(west), (-180...180).contains(east) else {
                throw .corrupt("malformed: bounds out of range")
            }
            gazetteer.coverage.extend(GeoPoint(lat: south, lon: west))
            gazetteer.coverage.extend(GeoPoint(lat: north, lon: east))
        }
        let streetCount = try reader.count(each: 33)
        var starts = [0]
        var centres: [(point: GeoPoint, length: Double)?] = []
        starts.reserveCapacity(streetCount + 1)
        centres.reserveCapacity(streetCount)
        for street in 0..<streetCount {
            let key = try reader.string()
            let town = try reader.int64()
            guard town == Int64(GazetteerCoverage.noTown) || (0..<Int64(gazetteer.coverage.townNames.count)).contains(town) else {
                throw .corrupt("malformed: street \(street) names town \(town)")
            }
            guard gazetteer.streetID(key, town: Int(town)) == street else { throw .corrupt("malformed: street \(street) is listed twice") }
            let count = try reader.uint64()
            guard count <= UInt64(bytes.count / 20), starts[street] + Int(count) <= bytes.count / 20 else {
                throw .corrupt("malformed: street \(street) has \(count) addresses")
            }
            starts.append(starts[street] + Int(count))
            switch try reader.byte() {
            case 0: centres.append(nil)
            case 1:
                let point = GeoPoint(lat: try reader.double(), lon: try reader.double())
                let length = try reader.double()
                guard (-90...90).contains(point.lat), (-180...180).contains(point.lon), length >= 0, length.isFinite else {
                    throw .corrupt("malformed: street \(street)'s centre")
                }
                centres.append((point, length))
            default: throw .corrupt("malformed: street \(street)'s centre")
            }
            let zipCount = try reader.count(each: 8)
            for _ in 0..<zipCount {
                let zip = try reader.uint64()
                guard zip <= 99999 else { throw .corrupt("malformed: street \(street)'s ZIP code \(zip)") }
                gazetteer.streetZips[street].append(Int32(zip))
            }
        }
        try reader.pad()
        let layout = AddressTable.layout(count: starts[streetCount])
        guard reader.remaining == layout.length else {
            throw .corrupt("malformed: \(reader.remaining) bytes of addresses, \(layout.length) expected")
        }
        // The other rows, through the one CSV reader, as the CSV gave them.
        do {
            try forEachRow(text, source: "index") { row in
                guard row.kind != .address else { throw GazetteerIndex.Problem.corrupt("malformed: an address among the other rows") }
                gazetteer.add(row)
            }
        } catch let problem as GazetteerIndex.Problem {
            throw problem
        } catch {
            throw .corrupt("malformed: its rows: \(error)")
        }
        guard gazetteer.streetKeys.count == streetCount else { throw .corrupt("malformed: rows name streets it does not list") }
        gazetteer.rowCount = Int(clamping: rowCount)
        gazetteer.addresses = AddressTable(
            storage: storage, starts: starts, numbersAt: reader.position + layout.numbersAt, coordinatesAt: reader.position + layout.coordinatesAt)
        gazetteer.finishIndexes(centres: centres)
        return gazetteer
    }

    /// The gazetteer of an index's bytes already in memory, checked as a file is but for its
    /// CSV and program (the fuzz target's way in).
    static func fromIndex(bytes: [UInt8]) throws(GazetteerIndex.Problem) -> Gazetteer {
        let storage = AddressTable.Storage(allocating: bytes.count)
        bytes.withUnsafeBytes { storage.base.copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(storage.base), byteCount: $0.count) }
        let raw = UnsafeRawBufferPointer(start: storage.base, count: storage.length)
        let payload = try GazetteerIndex.format.checkHeader(raw, fileLength: bytes.count, expected: nil)
        let checksum = StableHash.words(UnsafeRawBufferPointer(rebasing: raw[GazetteerIndex.headerSize...]))
        guard checksum == payload.checksum else { throw .corrupt("checksum mismatch: the file is damaged") }
        return try fromIndex(storage)
    }
}
