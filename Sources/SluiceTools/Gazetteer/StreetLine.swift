import SluiceCore
import SluiceGeocode

/// One street centreline as a generic source gives it (TIGER/Line edges, a GeoJSON
/// LineString), before the builder turns it into a gazetteer segment: its name as written,
/// its line, its address ranges and, when the source has them, its end nodes.
///
///     StreetLine(id: "tiger:12345", name: "Market St", points: [a, b], leftFrom: 1, leftTo: 99)
public struct StreetLine: Equatable, Sendable {
    /// The source's identifier of the line (TLID, a feature id), prefixed by the source.
    public var id: String
    /// The street's name as the source writes it; the builder makes the key.
    public var name: String
    /// At least two points, from the first node to the last.
    public var points: [GeoPoint]
    /// House-number ranges on each side, seen walking from the first point to the last.
    public var leftFrom: Int?, leftTo: Int?, rightFrom: Int?, rightTo: Int?
    /// End node ids (TIGER's TNIDF/TNIDT); nil when the source has none, and the builder joins
    /// lines whose ends coincide instead.
    public var fromNode: String?, toNode: String?
    /// The town the line lies in, as the source gives it (empty when it names none).
    public var town = Town()

    public init(
        id: String, name: String, points: [GeoPoint], leftFrom: Int? = nil, leftTo: Int? = nil, rightFrom: Int? = nil,
        rightTo: Int? = nil, fromNode: String? = nil, toNode: String? = nil
    ) {
        self.id = id
        self.name = name
        self.points = points
        (self.leftFrom, self.leftTo, self.rightFrom, self.rightTo) = (leftFrom, leftTo, rightFrom, rightTo)
        (self.fromNode, self.toNode) = (fromNode, toNode)
    }
}

/// A source row or feature a reader skipped, with where it was and why: the build writes these
/// to its `--rejects` file and counts them per source.
public struct SkippedRow: Equatable, Sendable {
    public var source: String
    /// The line (CSV, GeoJSON) or record number (shapefile, from 1) of the row.
    public var line: Int
    /// A short machine-readable reason (`no_geometry`, `bad_number`, ...).
    public var reason: String
    public var detail: String
    /// The row as the source wrote it: its bytes, or the first `RawRow.kept` of them.
    public var raw: RawRow

    public init(source: String, line: Int, reason: String, detail: String, raw: RawRow) {
        (self.source, self.line, self.reason, self.detail, self.raw) = (source, line, reason, detail, raw)
    }

    /// A row whose text was already decoded (a shapefile's record, an OSM element's name).
    public init(source: String, line: Int, reason: String, detail: String, raw: String) {
        self.init(source: source, line: line, reason: reason, detail: detail, raw: RawRow(raw))
    }
}
