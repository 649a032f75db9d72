import SluiceCore
import SluiceGeocode

/// An ESRI shapefile (`.shp`, its `.dbf` beside it) read one feature at a time, each shape
/// paired with the dBASE record of the same number.
///
/// Reads the shape types street and place sources use: null, point, polyline, polygon and
/// multipoint, with their Z and M variants (X and Y are read; Z and M are skipped). Coordinates
/// are taken as longitude/latitude degrees: TIGER/Line ships NAD83 geographic coordinates,
/// which lie within 1–2 m of WGS84 in the conterminous US, closer than a geocode's precision.
/// A `.prj` naming a projected system is refused, since its metres would be read as degrees.
///
///     let shapes = try Shapefile(path: "tl_2024_06075_edges.shp")
///     while let feature = try shapes.next() { feature.parts; feature.attributes }
///
/// - Complexity: O(record) per feature; memory is one window of each file (bounded), whatever
///   the file's size.
public final class Shapefile {
    /// The shape types read here; X and Y of the Z (11…18) and M (21…28) variants.
    public enum ShapeType: Int, Sendable {
        case null = 0, point = 1, polyline = 3, polygon = 5, multipoint = 8
        case pointZ = 11, polylineZ = 13, polygonZ = 15, multipointZ = 18
        case pointM = 21, polylineM = 23, polygonM = 25, multipointM = 28

        /// The plain 2-D type of a Z or M variant (`polylineZ` → `polyline`).
        public var plain: ShapeType { ShapeType(rawValue: rawValue % 10) ?? .null }
    }

    /// One shape with its attributes.
    public struct Feature: Sendable {
        /// The record number, from 1 (the dBASE record of the same number).
        public var number: Int
        public var type: ShapeType
        /// The shape's points: one part per polyline part or polygon ring; a point is one part
        /// of one point, a multipoint one part of all its points; a null shape has none.
        public var parts: [[GeoPoint]]
        /// One value per field of `Shapefile.attributes`; nil when the record is marked deleted.
        public var attributes: [DBaseValue]?
        /// Why the shape was not read, when a point is not longitude/latitude degrees (out of
        /// range, NaN) and `next(keepingBadPositions: true)` asked for the record anyway.
        public var badPosition: String?
    }

    public let path: String
    /// The file's shape type (every record is this type or null).
    public let shapeType: ShapeType
    public let attributes: DBaseTable
    private let file: FileWindow
    /// The file length the header states, in bytes.
    private let length: Int
    private var offset = 100
    private var number = 0
    /// Why the current record's shape is not read: its first point that is not degrees.
    private var badPosition: String?
    private var keepingBadPositions = false

    public init(path: String) throws(StageFailure) {
        self.path = path
        let prjPath = DBaseTable.sibling(of: path, extension: "prj")
        if let prj = try? FileInput.contents(of: prjPath), String(decoding: prj, as: UTF8.self).contains("PROJCS") {
            throw StageFailure.data(
                source: prjPath, line: nil, "projected coordinates are not supported; reproject to WGS84 (e.g. ogr2ogr -t_srs EPSG:4326)")
        }
        file = try FileWindow(path: path, what: "shapefile")
        guard let header = try file.bytes(at: 0, count: 100) else { throw Shapefile.corrupt(path, "shorter than a shapefile header (100 bytes)") }
        guard header.int32(at: 0, bigEndian: true) == 9994 else { throw Shapefile.corrupt(path, "no shapefile file code (9994) at its start") }
        length = header.int32(at: 24, bigEndian: true) * 2
        guard length >= 100 else { throw Shapefile.corrupt(path, "its header states a length of \(length) bytes") }
        let type = header.int32(at: 32)
        guard let shapeType = ShapeType(rawValue: type) else { throw Shapefile.corrupt(path, "shape type \(type) is not one read here") }
        self.shapeType = shapeType
        attributes = try DBaseTable(path: DBaseTable.sibling(of: path, extension: "dbf"))
    }

    /// The next feature, or nil after the last; `only` decodes just those attribute fields (by
    /// index; the others are `.null`), as `DBaseTable.record(_:only:)` does. A point that is not
    /// longitude/latitude degrees stops the read, naming the record; with `keepingBadPositions`
    /// the record comes back without its shape and says why (`Feature.badPosition`), and the
    /// read goes on (a rejects file keeps it).
    public func next(only fields: [Int]? = nil, keepingBadPositions: Bool = false) throws(StageFailure) -> Feature? {
        guard offset < length else {
            if number != attributes.recordCount {
                throw Shapefile.corrupt(path, "it has \(number) shapes but its .dbf has \(attributes.recordCount) records")
            }
            return nil
        }
        number += 1
        guard let header = try file.bytes(at: offset, count: 8) else { throw truncated() }
        let size = header.int32(at: 4, bigEndian: true) * 2
        guard size >= 4 else { throw Shapefile.corrupt(path, "record \(number) states a length of \(size) bytes", record: number) }
        guard let content = try file.bytes(at: offset + 8, count: size) else { throw truncated() }
        offset += 8 + size
        (badPosition, self.keepingBadPositions) = (nil, keepingBadPositions)
        var parts = try shape(content)
        if badPosition != nil { parts = [] }
        guard number <= attributes.recordCount else {
            throw Shapefile.corrupt(path, "shape \(number) has no record in the .dbf (\(attributes.recordCount) records)", record: number)
        }
        let type = ShapeType(rawValue: content.int32(at: 0)) ?? .null
        return Feature(
            number: number, type: type, parts: parts, attributes: try attributes.record(number, only: fields), badPosition: badPosition)
    }

    /// The points of one record's content.
    private func shape(_ content: ArraySlice<UInt8>) throws(StageFailure) -> [[GeoPoint]] {
        let code = content.int32(at: 0)
        guard let type = ShapeType(rawValue: code), type == .null || type == shapeType else {
            throw Shapefile.corrupt(path, "record \(number) has shape type \(code) in a file of type \(shapeType.rawValue)", record: number)
        }
        switch type.plain {
        case .null: return []
        case .point:
            guard content.count >= 20 else { throw cut("a point") }
            return [[try point(content, at: 4)]]
        case .multipoint:
            guard content.count >= 40 else { throw cut("a multipoint") }
            let count = content.int32(at: 36)
            guard count >= 0, 40 + 16 * count <= content.count else { throw cut("\(count) points") }
            return [try (0..<count).map { (index) throws(StageFailure) in try point(content, at: 40 + 16 * index) }]
        default:
            guard content.count >= 44 else { throw cut("a polyline") }
            let (partCount, pointCount) = (content.int32(at: 36), content.int32(at: 40))
            let pointsAt = 44 + 4 * partCount
            guard partCount >= 0, pointCount >= 0, pointsAt + 16 * pointCount <= content.count else {
                throw cut("\(partCount) parts of \(pointCount) points")
            }
            var starts = (0..<partCount).map { content.int32(at: 44 + 4 * $0) }
            starts.append(pointCount)
            var parts: [[GeoPoint]] = []
            for index in 0..<partCount {
                guard starts[index] >= 0, starts[index] <= starts[index + 1], starts[index + 1] <= pointCount else {
                    throw Shapefile.corrupt(path, "record \(number): part \(index + 1) starts at point \(starts[index])", record: number)
                }
                var part: [GeoPoint] = []
                part.reserveCapacity(starts[index + 1] - starts[index])
                for at in starts[index]..<starts[index + 1] { part.append(try point(content, at: pointsAt + 16 * at)) }
                parts.append(part)
            }
            return parts
        }
    }

    /// The X (longitude) and Y (latitude) at `at`, checked to be degrees.
    private func point(_ content: ArraySlice<UInt8>, at: Int) throws(StageFailure) -> GeoPoint {
        let (x, y) = (content.double(at: at), content.double(at: at + 8))
        guard (-180...180).contains(x), (-90...90).contains(y) else {
            let reason =
                "coordinates (\(x), \(y)) are not longitude/latitude degrees; projected coordinates are not supported; "
                + "reproject to WGS84 (e.g. ogr2ogr -t_srs EPSG:4326)"
            guard keepingBadPositions else { throw StageFailure.data(source: path, line: number, reason) }
            if badPosition == nil { badPosition = reason }
            return GeoPoint(lat: 0, lon: 0)
        }
        return GeoPoint(lat: y, lon: x)
    }

    private func truncated() -> StageFailure {
        Shapefile.corrupt(path, "record \(number) is truncated (the file ends at byte \(file.size), its header says \(length))", record: number)
    }

    private func cut(_ what: String) -> StageFailure {
        Shapefile.corrupt(path, "record \(number) is too short to hold \(what)", record: number)
    }

    static func corrupt(_ path: String, _ reason: String, record: Int? = nil) -> StageFailure {
        StageFailure.data(source: path, line: record, "not a readable shapefile: " + reason)
    }
}
