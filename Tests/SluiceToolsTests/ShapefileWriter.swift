import Foundation

/// Writes small shapefiles (`.shp`, `.shx`, `.dbf`, and a `.cpg` when asked) for the reader
/// tests, byte by byte from the ESRI and dBASE layouts, so fixtures are made in the test rather
/// than committed.
///
///     try ShapefileWriter(type: 3, fields: [.init("FULLNAME", "C", 40)])
///         .write(to: dir + "/roads", features: [(.polyline([[(-122.4, 37.78), (-122.39, 37.78)]]), ["Main St"])])
struct ShapefileWriter {
    struct Field {
        var name: String, type: Character, length: Int, decimals: Int
        init(_ name: String, _ type: Character, _ length: Int, _ decimals: Int = 0) {
            (self.name, self.type, self.length, self.decimals) = (name, type, length, decimals)
        }
    }

    enum Shape {
        case null
        case point(Double, Double)
        /// Parts of (x, y); written as polyline, polygon or multipoint by the file's type.
        case polyline([[(Double, Double)]])
    }

    /// The file's shape type (1, 3, 5, 8, 11, 13, 18, 21, 23…).
    var type: Int
    var fields: [Field]
    /// The dBASE language driver byte; 0x57 is Windows ANSI (1252).
    var languageDriver: UInt8 = 0x57
    /// A `.cpg` file's text, when one is written.
    var cpg: String? = nil
    /// How text is turned into bytes: Latin-1 (which is 1252 for these letters) unless UTF-8.
    var utf8 = false
    /// Records (from 1) written with the deletion flag.
    var deleted: Set<Int> = []

    /// Writes `base.shp`, `base.shx`, `base.dbf` (and `base.cpg`).
    func write(to base: String, features: [(Shape, [String])]) throws {
        var shp: [UInt8] = [], shx: [UInt8] = []
        for (index, (shape, _)) in features.enumerated() {
            let content = self.content(shape)
            // The index holds each record's offset and length, in 16-bit words.
            shx += bigEndian((100 + shp.count) / 2) + bigEndian(content.count / 2)
            shp += bigEndian(index + 1) + bigEndian(content.count / 2) + content
        }
        try Data(header(length: 100 + shp.count) + shp).write(to: URL(fileURLWithPath: base + ".shp"))
        try Data(header(length: 100 + shx.count) + shx).write(to: URL(fileURLWithPath: base + ".shx"))
        try Data(dbf(features.map(\.1))).write(to: URL(fileURLWithPath: base + ".dbf"))
        if let cpg { try cpg.write(toFile: base + ".cpg", atomically: true, encoding: .utf8) }
    }

    private func header(length: Int) -> [UInt8] {
        var bytes = bigEndian(9994) + [UInt8](repeating: 0, count: 20) + bigEndian(length / 2)
        bytes += littleEndian(1000) + littleEndian(type)
        bytes += [UInt8](repeating: 0, count: 64)  // bounding box and Z/M ranges: not read
        return bytes
    }

    private func content(_ shape: Shape) -> [UInt8] {
        let hasZ = (11...18).contains(type), hasM = (11...28).contains(type)
        switch shape {
        case .null: return littleEndian(0)
        case .point(let x, let y):
            return littleEndian(type) + double(x) + double(y) + (hasZ ? double(7) : []) + (hasM ? double(0) : [])
        case .polyline(let parts):
            let points = parts.flatMap { $0 }
            var bytes = littleEndian(type) + [UInt8](repeating: 0, count: 32)
            if type % 10 == 8 {
                bytes += littleEndian(points.count)
            } else {
                bytes += littleEndian(parts.count) + littleEndian(points.count)
                var start = 0
                for part in parts {
                    bytes += littleEndian(start)
                    start += part.count
                }
            }
            for (x, y) in points { bytes += double(x) + double(y) }
            if hasZ { bytes += double(0) + double(9) + points.flatMap { _ in double(9) } }
            if hasM { bytes += double(0) + double(1) + points.flatMap { _ in double(1) } }
            return bytes
        }
    }

    private func dbf(_ records: [[String]]) -> [UInt8] {
        let recordLength = 1 + fields.reduce(0) { $0 + $1.length }
        let headerLength = 32 + 32 * fields.count + 1
        var bytes: [UInt8] = [0x03, 124, 11, 25] + littleEndian(records.count)
        bytes += [UInt8(headerLength & 0xff), UInt8(headerLength >> 8), UInt8(recordLength & 0xff), UInt8(recordLength >> 8)]
        bytes += [UInt8](repeating: 0, count: 17) + [languageDriver, 0, 0]
        for field in fields {
            var name = Array(field.name.utf8.prefix(10))
            name += [UInt8](repeating: 0, count: 11 - name.count)
            bytes += name + [UInt8(ascii: field.type.unicodeScalars.first ?? "C"), 0, 0, 0, 0]
            bytes += [UInt8(field.length), UInt8(field.decimals)] + [UInt8](repeating: 0, count: 14)
        }
        bytes.append(0x0D)
        for (index, values) in records.enumerated() {
            bytes.append(deleted.contains(index + 1) ? UInt8(ascii: "*") : UInt8(ascii: " "))
            for (field, value) in zip(fields, values + [String](repeating: "", count: max(0, fields.count - values.count))) {
                var text = utf8 ? Array(value.utf8) : value.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
                text = Array(text.prefix(field.length))
                let pad = [UInt8](repeating: 0x20, count: field.length - text.count)
                // Numbers are right-aligned, as dBASE writes them; text is left-aligned.
                bytes += field.type == "N" || field.type == "F" ? pad + text : text + pad
            }
        }
        bytes.append(0x1A)
        return bytes
    }

    private func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    private func littleEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    private func double(_ value: Double) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value.bitPattern >> (8 * UInt64($0))) } }
}
