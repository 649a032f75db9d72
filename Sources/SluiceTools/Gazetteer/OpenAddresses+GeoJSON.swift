import SluiceCore
import SluiceGeocode

/// OpenAddresses as it has published since 2020: one GeoJSON Feature per line (`.geojson`, or
/// `.geojson.gz` inflated by `GzipFile.Reader`), a Point and the properties `hash`, `number`,
/// `street`, `unit`, `city`, `district`, `region`, `postcode`, `id`:
///
///     {"type":"Feature","properties":{"number":"100","street":"MAIN ST","city":"SPRINGFIELD","region":"IL","postcode":"62701",...},"geometry":{"type":"Point","coordinates":[-89.65,39.8]}}
///
/// Each line is read on its own, so a broken line is skipped with its line number and reason
/// (`invalid_json`, `not_a_feature`, `no_geometry`, `unsupported_geometry`, then the checks
/// every OpenAddresses record goes through) and the lines after it are read as usual.
///
/// A file that opens as one FeatureCollection (a county's export, its properties named as the
/// county names them) is read a feature at a time instead (`GeoJSONStream`), with the same checks.
extension OpenAddresses {
    /// The longest line kept whole: longer ones are skipped (`invalid_json`) and read past, so
    /// a file without newlines cannot exhaust memory.
    static let longestLine = 64 << 20

    /// Reads the lines of `prefix` and then of each chunk `next` gives (a state's file is
    /// gigabytes, inflated a chunk at a time): only the line being read is held.
    static func readLines(
        prefix: [UInt8], next: () throws -> [UInt8]?, into records: inout Records, take: (Point) throws -> (reason: String, detail: String)?
    ) throws {
        var pending = prefix
        var line = 0
        var atEnd = false
        /// A line too long to keep: its beginning, and its bytes so far (skipped at its end).
        var longLine: (start: [UInt8], length: Int)?
        func skipLongLine(_ raw: RawRow) throws {
            records.read.rows += 1
            try records.skip("invalid_json", "a line longer than \(longestLine >> 20) MiB", line: line, raw: { raw })
        }
        while !atEnd {
            if let chunk = try next() { pending += chunk } else { atEnd = true }
            var start = 0
            try pending.withUnsafeBufferPointer { all in
                while start < all.count {
                    guard let end = all[start...].firstIndex(of: 0x0A) ?? (atEnd ? all.count : nil) else { break }
                    defer { start = end + 1 }
                    if let long = longLine {
                        longLine = nil
                        try skipLongLine(RawRow(long.start, length: long.length + end - start))
                        continue
                    }
                    line += 1
                    try readLine(UnsafeBufferPointer(rebasing: all[start..<end]), number: line, into: &records, take: take)
                }
            }
            pending.removeFirst(min(start, pending.count))
            if pending.count > longestLine || (longLine != nil && !pending.isEmpty) {
                if longLine == nil { line += 1 }
                longLine = (longLine?.start ?? Array(pending.prefix(RawRow.kept)), (longLine?.length ?? 0) + pending.count)
                pending = []
            }
        }
        // The file ended inside the long line.
        if let long = longLine { try skipLongLine(RawRow(long.start, length: long.length)) }
    }

    static func readLine(
        _ text: UnsafeBufferPointer<UInt8>, number line: Int, into records: inout Records, take: (Point) throws -> (reason: String, detail: String)?
    ) throws {
        // A blank line (the last newline, a CR of CRLF) is no record.
        guard text.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { return }
        let raw = { RawRow(text) }
        let value: JSONValue
        do {
            value = try JSONParser.parse(text)
        } catch {
            records.read.rows += 1
            return try records.skip("invalid_json", "invalid JSON: \(error)", line: line, raw: raw)
        }
        try add(value, line: line, raw: raw, into: &records, take: take)
    }

    /// A parsed feature's record added, or skipped with why it is not one.
    static func add(
        _ value: JSONValue, line: Int, raw: () -> RawRow, into records: inout Records, take: (Point) throws -> (reason: String, detail: String)?
    ) throws {
        switch record(value, &records) {
        case .success(let record): try records.add(record, line: line, raw: raw, take: take)
        case .failure(let skip):
            records.read.rows += 1
            try records.skip(skip.reason, skip.detail, line: line, raw: raw)
        }
    }

    /// The features of a file that is one FeatureCollection, one at a time.
    static func readFeatures(
        _ stream: inout GeoJSONStream, into records: inout Records, take: (Point) throws -> (reason: String, detail: String)?
    ) throws {
        while let feature = try stream.next() {
            let raw = { feature.raw }
            if feature.garbage {
                records.read.rows += 1
                try records.skip(
                    "not_json", "\(feature.length) bytes at byte \(feature.offset) between features are no JSON value", line: feature.line, raw: raw)
                continue
            }
            switch feature.value {
            case .success(let value): try add(value, line: feature.line, raw: raw, into: &records, take: take)
            case .failure(let error):
                records.read.rows += 1
                try records.skip("invalid_json", "invalid JSON: \(error)", line: feature.line, raw: raw)
            }
        }
    }

    /// One feature's record, or why it is not one.
    static func record(_ value: JSONValue, _ records: inout Records) -> Result<Record, GeoJSONFeatures.Skip> {
        guard value["type"]?.stringValue == "Feature" else {
            return .failure(.init("not_a_feature", "expected a GeoJSON Feature, got \(value["type"]?.stringValue ?? value.typeName)"))
        }
        guard let geometry = value["geometry"], !geometry.isNull else { return .failure(.init("no_geometry", "the geometry is null")) }
        guard geometry["type"]?.stringValue == "Point" else {
            return .failure(.init("unsupported_geometry", "an address must be a Point, not \(geometry["type"]?.stringValue ?? "?")"))
        }
        var lat: Double?, lon: Double?
        var written = (lat: "none", lon: "none")
        if case .array(let pair)? = geometry["coordinates"], pair.count >= 2 {
            (lon, lat) = (pair[0].doubleValue, pair[1].doubleValue)
            written = (GeoJSONFeatures.text(pair[1]) ?? pair[1].typeName, GeoJSONFeatures.text(pair[0]) ?? pair[0].typeName)
        }
        let properties = value["properties"] ?? .null
        records.held.look(at: properties)
        let names = records.properties, defaults = Properties()
        func text(_ name: String, or fallback: String? = nil) -> String {
            GeoJSONFeatures.text(properties[name]) ?? fallback.flatMap { GeoJSONFeatures.text(properties[$0]) } ?? ""
        }
        let address = names.addressText(names.addressParts.map { text($0) })
        // The town's properties, else the town the whole address names.
        func town(_ name: String, or fallback: String, named: String) -> String {
            let given = text(name, or: fallback)
            return given.isEmpty ? named : given
        }
        return .success(
            Record(
                number: address.number, street: address.street, lat: lat, lon: lon, written: "'\(written.lat)', '\(written.lon)'",
                city: town(names.city, or: defaults.city, named: address.city),
                region: town(names.region, or: defaults.region, named: address.region),
                postcode: town(names.postcode, or: defaults.postcode, named: address.postcode)))
    }
}
