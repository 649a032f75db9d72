import SluiceCore
import SluiceGeocode

/// Point addresses beyond memory: once `runSize` of them are held (a state's OpenAddresses
/// file has 10–15M), they are sorted as the output wants them and written to a temporary file
/// as one run (`SortedRuns`), and the dictionary starts again; the runs are merged as the rows
/// are written. Within a run the first point of an address wins as it always did; across runs
/// the merge gives an address's points in the order they were read (an earlier run first), so
/// the first still wins, and each later one is then skipped as `duplicate_address`, as if it
/// had been found when it was read: its source's counts and report line are corrected and
/// its reject is put back in its place among the others (`RejectStream`). The output, the
/// report and the rejects are the same bytes whatever the run size.
///
/// Memory: the addresses of one run (about 230 bytes each, with the sorted copy written from)
/// and every distinct street key and town; disk: about 70 bytes a point address (plus its
/// text with `--rejects`), in `$TMPDIR`, unlinked from the start.
extension GazetteerBuilder {
    /// A source whose points may be found duplicates only at the merge, with what it reports.
    struct AddressOrigin {
        /// The file, as a reject names it, and its report's label (`openaddresses FILE`).
        var source: String
        var label: String
        /// A duplicate's reject detail from its number, street, town and metres from the first.
        var detail: (Int, String, Town, Int) -> String
        /// Points taken when read, and of them found duplicates at the merge.
        var taken = 0
        var late = 0
        /// Points taken per street number, and their towns (what the report counts).
        var streets: [Int32: Int] = [:]
        var towns = TownCount()
        /// Its report line, remade when points turned out duplicates: where it is and its parts.
        var reportIndex = -1
        var rows = 0
        var unit = ""
        var reasons: [String: Int] = [:]
        var gave: (AddressOrigin) -> String = { _ in "" }
    }

    /// One point address of a run, as written and read back, with its place in the output
    /// (street and town key by rank), compared as numbers while the runs are merged.
    struct RunAddress {
        var rank = (street: 0, number: 0, town: 0)
        var street: Int32
        var number: Int
        var townKey: Int32
        var town: Int32
        var origin: Int32
        var point: GeoPoint
        var line: Int
        var order: Int
        var rejectsBefore: Int
        var raw: RawRow
    }

    /// What the sorting on disk took, when it was needed: runs written, and bytes on disk (the
    /// runs, and the late rejects), for the build's report.
    public var diskUse: (runs: Int, bytes: Int)? {
        addressRuns.map { ($0.runs.count, $0.bytes + rejects.diskBytes) }
    }

    /// A new source of `addressOrigins`, and its index.
    mutating func addOrigin(source: String, label: String, detail: @escaping (Int, String, Town, Int) -> String) -> Int32 {
        addressOrigins.append(AddressOrigin(source: source, label: label, detail: detail))
        return Int32(addressOrigins.count - 1)
    }

    /// A point of an `addressOrigins` source, counted for its report. Once runs are written, a
    /// point whose address is held already is held beside it (`heldDuplicates`) rather than
    /// skipped at once: the first point of its address may be in an earlier run, and its
    /// reject says how far it is from that one; the merge skips it.
    mutating func addAddress(street: String, number: Int, point: GeoPoint, town: Town, origin: Int32, line: Int, raw: RawRow?, rejectsBefore: Int) {
        let (id, key) = intern(town)
        pointOrder += 1
        var address = AddressPoint(point: point, town: id, origin: origin)
        if keepsRejects {
            address.extra = Int32(pointExtras.count)
            pointExtras.append(PointExtra(line: line, order: pointOrder, rejectsBefore: rejectsBefore, raw: raw ?? .empty))
        }
        let addressKey = AddressKey(street, number, town: key)
        if addressRuns != nil, addresses[addressKey] != nil {
            heldDuplicates.append((addressKey, address))
        } else {
            addresses[addressKey] = address
        }
        let streetID = streetID(street)
        addressOrigins[Int(origin)].taken += 1
        addressOrigins[Int(origin)].streets[streetID, default: 0] += 1
        addressOrigins[Int(origin)].towns.count(town)
    }

    /// The number of a street key in `streetNames`.
    mutating func streetID(_ street: String) -> Int32 {
        if let id = streetIDs[street] { return id }
        let id = Int32(streetNames.count)
        streetIDs[street] = id
        streetNames.append(street)
        return id
    }

    /// Writes the addresses held as one sorted run once there are `runSize` of them.
    mutating func spillIfFull() throws {
        if addresses.count + heldDuplicates.count >= max(1, runSize) { try spillAddresses() }
    }

    /// Writes the addresses held, sorted, as one run, and lets them go.
    mutating func spillAddresses() throws {
        guard !addresses.isEmpty || !heldDuplicates.isEmpty else { return }
        let runs = try addressRuns ?? SortedRuns(prefix: "sluice-gazetteer")
        addressRuns = runs
        // Sorted by numbers rather than text: each street key's and town key's rank among those
        // known so far (one added later never changes the order of two known ones), then, for
        // a duplicate held beside the point it repeats, when it was read (the held point first).
        // No text in what is sorted: moving a string costs a retain and a release.
        var entries: [(street: Int32, number: Int, townKey: Int32, seen: Int, value: AddressPoint)] = []
        entries.reserveCapacity(addresses.count + heldDuplicates.count)
        for (key, value) in addresses { entries.append((streetID(key.street), key.number, key.town, 0, value)) }
        for (index, (key, value)) in heldDuplicates.enumerated() {
            entries.append((streetID(key.street), key.number, key.town, index + 1, value))
        }
        heldDuplicates.removeAll(keepingCapacity: true)
        let (streetRank, townRank) = (Self.ranks(streetNames), Self.ranks(townKeys))
        entries.sort {
            (streetRank[Int($0.street)], $0.number, townRank[Int($0.townKey)], $0.seen)
                < (streetRank[Int($1.street)], $1.number, townRank[Int($1.townKey)], $1.seen)
        }
        var record = RunRecord()
        for (street, number, townKey, _, address) in entries {
            record.removeAll()
            record.append(street)
            record.append(number)
            record.append(townKey)
            record.append(address.town)
            record.append(address.origin)
            record.append(address.point.lat)
            record.append(address.point.lon)
            // What a reject needs only with --rejects: 40% less disk without.
            if keepsRejects {
                let extra = address.extra >= 0 ? pointExtras[Int(address.extra)] : PointExtra(line: 0, order: 0, rejectsBefore: 0, raw: .empty)
                record.append(extra.line)
                record.append(extra.order)
                record.append(extra.rejectsBefore)
                record.append(extra.raw)
            }
            try runs.append(record.bytes)
        }
        try runs.endRun()
        addresses.removeAll(keepingCapacity: true)
        pointExtras.removeAll(keepingCapacity: true)
    }

    static func decodeAddress(_ bytes: ArraySlice<UInt8>, withRejects: Bool, streetRank: [Int], townRank: [Int]) -> RunAddress {
        var reader = RunRecord.Reader(bytes)
        let (street, number, townKey, town, origin) = (reader.int32(), reader.int(), reader.int32(), reader.int32(), reader.int32())
        let point = GeoPoint(lat: reader.double(), lon: reader.double())
        var address = RunAddress(
            street: street, number: number, townKey: townKey, town: town, origin: origin, point: point, line: 0, order: 0, rejectsBefore: 0,
            raw: .empty)
        address.rank = (streetRank[Int(street)], number, townRank[Int(townKey)])
        if withRejects {
            (address.line, address.order, address.rejectsBefore, address.raw) = (reader.int(), reader.int(), reader.int(), reader.rawRow())
        }
        return address
    }

    /// Each text's rank in sorted order, by its number: the runs' order without comparing text.
    static func ranks(_ texts: [String]) -> [Int] {
        var rank = [Int](repeating: 0, count: texts.count)
        for (position, index) in texts.indices.sorted(by: { texts[$0] < texts[$1] }).enumerated() { rank[index] = position }
        return rank
    }

    /// The runs (the addresses still held written as the last) merged into rows: the first
    /// point of each address, the later ones skipped as duplicates.
    mutating func mergeAddressRuns(_ body: (GazetteerRow) throws -> Void) throws {
        try spillAddresses()
        guard let runs = addressRuns else { return }
        let (streetRank, townRank) = (Self.ranks(streetNames), Self.ranks(townKeys))
        let withRejects = keepsRejects
        var merge = try RunMerge(
            runs, decode: { Self.decodeAddress($0, withRejects: withRejects, streetRank: streetRank, townRank: townRank) },
            precedes: { $0.rank < $1.rank })
        var first: RunAddress?
        while let (address, _) = try merge.next() {
            if let kept = first, kept.street == address.street, kept.number == address.number, kept.townKey == address.townKey {
                try lose(address, to: kept)
                continue
            }
            first = address
            var row = GazetteerRow(kind: .address)
            row.street = streetNames[Int(address.street)]
            row.number = address.number
            row.lat = address.point.lat
            row.lon = address.point.lon
            towns[Int(address.town)].write(to: &row)
            try body(row)
        }
        for index in addressOrigins.indices where addressOrigins[index].late > 0 {
            let origin = addressOrigins[index]
            var reasons = origin.reasons
            reasons["duplicate_address", default: 0] += origin.late
            report[origin.reportIndex] = Self.reportLine(origin.label, rows: origin.rows, unit: origin.unit, reasons: reasons, origin.gave(origin))
        }
    }

    /// A point whose address an earlier run holds: skipped as it would have been when read.
    mutating func lose(_ address: RunAddress, to kept: RunAddress) throws {
        // Only the sources read while runs are written can lose (the others come before).
        guard address.origin >= 0 else { return }
        let index = Int(address.origin)
        let town = towns[Int(address.town)]
        addressOrigins[index].late += 1
        addressOrigins[index].streets[address.street, default: 0] -= 1
        addressOrigins[index].towns.uncount(town)
        skippedCount += 1
        guard keepsRejects else { return }
        let origin = addressOrigins[index]
        let metres = Int(kept.point.distance(to: address.point).rounded())
        let detail = origin.detail(address.number, streetNames[Int(address.street)], town, metres)
        try rejects.emitLate(
            SkippedRow(source: origin.source, line: address.line, reason: "duplicate_address", detail: detail, raw: address.raw),
            order: address.order, before: address.rejectsBefore)
    }
}
