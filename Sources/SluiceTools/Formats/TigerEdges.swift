import Foundation
import SluiceCore
import SluiceGeocode

/// US Census TIGER/Line street centrelines (`EDGES` or `ADDRFEAT` shapefiles) as `StreetLine`s.
///
/// The layout is found by the fields present: EDGES has `LFROMADD`…`RTOADD`, `MTFCC`, `ROADFLG`
/// and the node ids `TNIDF`/`TNIDT`; ADDRFEAT has `LFROMHN`…`RTOHN` and no node ids. Road edges
/// only are kept (MTFCC `S…`, or `ROADFLG` = `Y`); the rest (water, rail, boundaries: about half
/// of a county's EDGES) are counted, not listed. Each line is `tiger:<TLID>` (`tiger:<TLID>-2`…
/// when ADDRFEAT repeats an edge for another range).
///
/// Towns: EDGES and ADDRFEAT give each side's ZIP (`ZIPL`, `ZIPR`) and the state (`STATEFP`),
/// and no place name (that is in the FACES table): the city comes from `--city`.
///
/// Range sides: the technical documentation defines an address range "along an edge side
/// relative to the direction in which the edge is coded", from the FROM node (TNIDF) to the TO
/// node (TNIDT), and an edge's shape points run from its FROM node to its TO node; so LFROMADD is
/// the left-side number at the first point, as `StreetLine` reads its ranges.
///
///     let read = try TigerEdges.read(shp: "tl_2024_06075_edges.shp")
///     read.lines.count; read.skipped   // [SkippedRow(reason: "no_name", ...), ...]
public enum TigerEdges {
    /// Why an edge was left out (`SkippedRow.reason`), or a range of a kept line (`bad_range`).
    public enum Reason: String, Sendable {
        /// A road without FULLNAME.
        case noName = "no_name"
        /// A null shape, or fewer than two distinct points.
        case noGeometry = "no_geometry"
        /// A point that is not longitude/latitude degrees (out of range, NaN): the edge is left
        /// out when rejects are kept; otherwise the read stops, naming the record.
        case badCoordinates = "bad_coordinates"
        /// The dBASE record is marked deleted.
        case deleted
        /// A side's house numbers are not both whole numbers (`12-14`, `1A`): that side's range is
        /// left out and the line kept.
        case badRange = "bad_range"
    }

    /// What a read found: the road lines, the rows skipped (each with its record number and
    /// reason), the ranges left out of kept lines, and the edges that are not roads (counted).
    public struct Read: Sendable {
        public var lines: [StreetLine] = []
        public var skipped: [SkippedRow] = []
        public var rangesLeftOut: [SkippedRow] = []
        public var notRoads = 0
        /// Every feature of the file: lines + skipped + notRoads.
        public var records = 0
    }

    /// Reads a whole file; see `read(shp:line:)` to stream one.
    public static func read(shp path: String, rejectingBadCoordinates: Bool = false) throws(StageFailure) -> Read {
        var lines: [StreetLine] = []
        var read = try TigerEdges.read(shp: path, rejectingBadCoordinates: rejectingBadCoordinates) { lines.append($0) }
        read.lines = lines
        return read
    }

    /// Reads `path`, handing each road line to `line` as it is read (the returned `Read` has no
    /// lines; its counts and skipped rows are complete). An edge whose points are not degrees
    /// stops the read, naming its record, unless `rejectingBadCoordinates` (`--rejects` given):
    /// then it is skipped as `bad_coordinates` and the read goes on.
    public static func read(
        shp path: String, rejectingBadCoordinates: Bool = false, line: (StreetLine) throws(StageFailure) -> Void
    ) throws(StageFailure) -> Read {
        let shapes = try Shapefile(path: path)
        guard shapes.shapeType.plain == .polyline else {
            throw StageFailure.data(source: path, line: nil, "TIGER/Line edges are polylines; this shapefile holds \(shapes.shapeType)s")
        }
        let layout = try Layout(shapes.attributes)
        var read = Read()
        var seen: [String: Int] = [:]
        let wanted = layout.fields
        while let feature = try shapes.next(only: wanted, keepingBadPositions: rejectingBadCoordinates) {
            read.records += 1
            guard let values = feature.attributes else {
                read.skipped.append(SkippedRow(source: path, line: feature.number, reason: Reason.deleted.rawValue, detail: "", raw: ""))
                continue
            }
            let text = { (index: Int?) in index.map { values[$0].text } ?? "" }
            // The whole record as text, read again only for a row that is skipped or loses a range.
            func raw() -> String {
                let all = (try? shapes.attributes.record(feature.number)) ?? values
                return zip(shapes.attributes.fields, all).map { "\($0.name)=\($1.text)" }.joined(separator: ";")
            }
            func skip(_ reason: Reason, _ detail: String) {
                read.skipped.append(SkippedRow(source: path, line: feature.number, reason: reason.rawValue, detail: detail, raw: raw()))
            }
            if let reason = feature.badPosition {
                skip(.badCoordinates, reason)
                continue
            }
            let roadFlag = text(layout.roadFlag), mtfcc = text(layout.mtfcc)
            if layout.mtfcc != nil || layout.roadFlag != nil, !mtfcc.hasPrefix("S"), roadFlag != "Y" {
                read.notRoads += 1
                continue
            }
            let name = text(layout.name)
            guard !name.isEmpty else {
                skip(.noName, "road \(mtfcc.isEmpty ? "" : mtfcc + " ")without FULLNAME")
                continue
            }
            guard let points = TigerEdges.points(feature.parts) else {
                skip(.noGeometry, "\(feature.parts.reduce(0) { $0 + $1.count }) points in \(feature.parts.count) parts")
                continue
            }
            let tlid = text(layout.tlid)
            var id = "tiger:" + tlid
            // EDGES has one record per edge; ADDRFEAT one per range, so an edge can repeat.
            if layout.repeatsEdges {
                let count = seen[tlid, default: 0] + 1
                seen[tlid] = count
                if count > 1 { id += "-\(count)" }
            }
            var street = StreetLine(id: id, name: name, points: points)
            for side in [layout.left, layout.right] {
                switch TigerEdges.range(text(side.from), text(side.to)) {
                case .none: continue
                case .bad:
                    read.rangesLeftOut.append(
                        SkippedRow(
                            source: path, line: feature.number, reason: Reason.badRange.rawValue,
                            detail: "\(side.names) '\(text(side.from))'–'\(text(side.to))' are not whole numbers; range left out", raw: raw()))
                case .range(let from, let to):
                    if side.isLeft { (street.leftFrom, street.leftTo) = (from, to) } else { (street.rightFrom, street.rightTo) = (from, to) }
                }
            }
            let (fromNode, toNode) = (text(layout.fromNode), text(layout.toNode))
            street.fromNode = fromNode.isEmpty ? nil : fromNode
            street.toNode = toNode.isEmpty ? nil : toNode
            street.town = Town(
                state: stateCodes[text(layout.stateFP)] ?? "", zip: Self.lineZip(left: text(layout.zipLeft), right: text(layout.zipRight)))
            try line(street)
        }
        return read
    }

    /// A line's ZIP from its sides' (`ZIPL`, `ZIPR`): the one both sides have, or the one side's
    /// that has one; none when the sides differ (the street is the boundary of two ZIPs).
    static func lineZip(left: String, right: String) -> String {
        if left.isEmpty || left == right { return right }
        return right.isEmpty ? left : ""
    }

    /// State FIPS codes (TIGER's `STATEFP`) → USPS codes. EDGES names no place: a town comes
    /// from `--city` (the file is a county's), its state from here.
    static let stateCodes: [String: String] = [
        "01": "AL", "02": "AK", "04": "AZ", "05": "AR", "06": "CA", "08": "CO", "09": "CT", "10": "DE", "11": "DC", "12": "FL",
        "13": "GA", "15": "HI", "16": "ID", "17": "IL", "18": "IN", "19": "IA", "20": "KS", "21": "KY", "22": "LA", "23": "ME",
        "24": "MD", "25": "MA", "26": "MI", "27": "MN", "28": "MS", "29": "MO", "30": "MT", "31": "NE", "32": "NV", "33": "NH",
        "34": "NJ", "35": "NM", "36": "NY", "37": "NC", "38": "ND", "39": "OH", "40": "OK", "41": "OR", "42": "PA", "44": "RI",
        "45": "SC", "46": "SD", "47": "TN", "48": "TX", "49": "UT", "50": "VT", "51": "VA", "53": "WA", "54": "WV", "55": "WI",
        "56": "WY", "60": "AS", "66": "GU", "69": "MP", "72": "PR", "78": "VI",
    ]

    enum Range: Equatable {
        case none, bad
        case range(Int, Int)
    }

    /// A side's range from its two texts: none when both are empty or both 0, bad when either
    /// is not a whole number (`12-14`, `1A`) or only one is given.
    ///
    ///     TigerEdges.range("101", "199")   // .range(101, 199)
    ///     TigerEdges.range("12-14", "20")  // .bad
    static func range(_ from: String, _ to: String) -> Range {
        if from.isEmpty && to.isEmpty { return .none }
        guard from.allSatisfy(\.isASCII), to.allSatisfy(\.isASCII), let low = Int(from), let high = Int(to), low >= 0, high >= 0 else {
            return .bad
        }
        return low == 0 && high == 0 ? .none : .range(low, high)
    }

    /// A polyline's parts as one line: joined where each part runs on from the one before
    /// (`StreetTopology.joined`); otherwise the longest run alone (TIGER edges are single-part; a
    /// disjoint part would draw a false segment between its ends). Nil when fewer than two
    /// distinct points remain.
    static func points(_ parts: [[GeoPoint]]) -> [GeoPoint]? {
        let runs = StreetTopology.joined(parts)
        guard let line = runs.count == 1 ? runs[0] : runs.max(by: { StreetTopology.length($0) < StreetTopology.length($1) }),
            line.count >= 2, line.contains(where: { $0 != line[0] })
        else { return nil }
        return line
    }

    /// Where the fields TIGER's two layouts carry sit in the table.
    struct Layout {
        struct Side {
            var from: Int?, to: Int?
            var isLeft: Bool
            var names: String
        }
        var name: Int?, tlid: Int?, mtfcc: Int?, roadFlag: Int?, fromNode: Int?, toNode: Int?
        /// The sides' ZIP codes and the state's FIPS code, when the table has them.
        var zipLeft: Int?, zipRight: Int?, stateFP: Int?
        var left: Side, right: Side
        /// ADDRFEAT: one record per address range, so an edge's TLID can come more than once.
        var repeatsEdges: Bool
        /// The fields read (the others are not decoded).
        var fields: [Int] {
            [name, tlid, mtfcc, roadFlag, fromNode, toNode, left.from, left.to, right.from, right.to, zipLeft, zipRight, stateFP].compactMap { $0 }
        }

        init(_ table: DBaseTable) throws(StageFailure) {
            let suffixes: (from: String, to: String)
            if table.field(named: "LFROMADD") != nil {
                suffixes = ("FROMADD", "TOADD")
            } else if table.field(named: "LFROMHN") != nil {
                suffixes = ("FROMHN", "TOHN")
            } else {
                throw StageFailure.data(
                    source: table.path, line: nil,
                    "not a TIGER/Line EDGES or ADDRFEAT table: no LFROMADD or LFROMHN field (fields: "
                        + table.fields.map(\.name).joined(separator: ", ") + ")")
            }
            repeatsEdges = suffixes.from == "FROMHN"
            let missing = ["FULLNAME", "TLID"].filter { table.field(named: $0) == nil }
            guard missing.isEmpty else {
                throw StageFailure.data(source: table.path, line: nil, "TIGER/Line table without \(missing.joined(separator: ", "))")
            }
            (name, tlid) = (table.field(named: "FULLNAME"), table.field(named: "TLID"))
            (mtfcc, roadFlag) = (table.field(named: "MTFCC"), table.field(named: "ROADFLG"))
            (fromNode, toNode) = (table.field(named: "TNIDF"), table.field(named: "TNIDT"))
            (zipLeft, zipRight, stateFP) = (table.field(named: "ZIPL"), table.field(named: "ZIPR"), table.field(named: "STATEFP"))
            left = Side(
                from: table.field(named: "L" + suffixes.from), to: table.field(named: "L" + suffixes.to), isLeft: true,
                names: "L\(suffixes.from)/L\(suffixes.to)")
            right = Side(
                from: table.field(named: "R" + suffixes.from), to: table.field(named: "R" + suffixes.to), isLeft: false,
                names: "R\(suffixes.from)/R\(suffixes.to)")
        }
    }
}
