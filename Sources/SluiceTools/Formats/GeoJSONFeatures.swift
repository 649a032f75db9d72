import SluiceCore
import SluiceGeocode

/// A named point a generic source gives (a GeoJSON place, a GTFS stop), before the builder
/// makes it a `place` row.
public struct NamedPoint: Equatable, Sendable {
    public var id: String
    public var name: String
    public var aliases: [String]
    public var category: String
    public var point: GeoPoint
    /// The town the source gives the place (empty when it names none).
    public var town: Town

    public init(id: String, name: String, aliases: [String] = [], category: String, point: GeoPoint, town: Town = Town()) {
        (self.id, self.name, self.aliases, self.category, self.point, self.town) = (id, name, aliases, category, point, town)
    }
}

/// GeoJSON features as the builder's values: street centrelines (`StreetLine`) and named
/// places (`NamedPoint`), with the properties each publisher names differently given by the
/// caller. A feature that cannot be used becomes a `SkippedRow` with its line and reason.
///
///     let read = try GeoJSONFeatures(path: "streets.geojson", prefix: "streets", nameProperty: "name").streets()
///     read.values.count; read.skipped.first?.reason   // "no_name"
///
/// A MultiLineString's parts that connect end to start (within `GazetteerBuilder.snapMetres`)
/// are joined into one line; parts that do not are each a line of their own (`id#2`, ...),
/// each with the feature's ranges.
public struct GeoJSONFeatures {
    public var path: String
    /// Makes ids: `prefix:feature id` (or `prefix:line N` for a feature without one).
    public var prefix: String
    public var nameProperty: String
    /// The option that named `nameProperty`, for a warning when no feature has it.
    public var nameOption = "--name-property"
    /// Left from, left to, right from, right to.
    public var rangeProperties: [String] = []
    /// From node, to node.
    public var nodeProperties: [String] = []
    public var categoryProperty: String?
    /// A place's other names: an array of strings, or one string separated by `|` or `;`.
    public var aliasesProperty: String?
    /// The properties holding a feature's town, state and ZIP (`--city-property` ...).
    public var townProperties: (city: String?, state: String?, zip: String?) = (nil, nil, nil)

    public init(path: String, prefix: String, nameProperty: String) {
        (self.path, self.prefix, self.nameProperty) = (path, prefix, nameProperty)
    }

    /// What one file gave: the values, the rows skipped, and how many features were read
    /// (runs of bytes between features that are no value included: each is skipped as
    /// `not_json`), so that every one read is kept or skipped with its reason.
    public struct Read<Value> {
        public var values: [Value] = []
        public var skipped: [SkippedRow] = []
        public var features = 0
        /// One warning per property an option names that no feature has (`missingProperties(_:)`).
        public var missingProperties: [String] = []
    }

    public func streets() throws(StageFailure) -> Read<StreetLine> {
        try read { feature, properties, geometry, id, name throws(Skip) in
            guard case .array(let parts)? = geometry["coordinates"] else { throw Skip("bad_geometry", "no coordinates") }
            var lines: [[GeoPoint]]
            switch geometry["type"]?.stringValue {
            case "LineString": lines = [try Self.line(.array(parts))]
            case "MultiLineString":
                lines = StreetTopology.joined(try parts.map { part throws(Skip) in try Self.line(part) })
                guard !lines.isEmpty else { throw Skip("bad_geometry", "a MultiLineString without lines") }
            default:
                throw Skip("unsupported_geometry", "a street must be a LineString or MultiLineString, not \(geometry["type"]?.stringValue ?? "?")")
            }
            let ranges = rangeProperties.map { Self.number(properties[$0]) }
            let nodes = nodeProperties.map { Self.text(properties[$0]) }
            return lines.enumerated().map { index, points in
                var street = StreetLine(id: lines.count == 1 ? id : "\(id)#\(index + 1)", name: name, points: points)
                street.town = town(properties)
                if ranges.count == 4 {
                    (street.leftFrom, street.leftTo, street.rightFrom, street.rightTo) = (ranges[0], ranges[1], ranges[2], ranges[3])
                }
                // Node ids name the ends of the whole feature: only a single line can carry them.
                if nodes.count == 2, lines.count == 1, let from = nodes[0], let to = nodes[1], !from.isEmpty, !to.isEmpty {
                    (street.fromNode, street.toNode) = (from, to)
                }
                return street
            }
        }
    }

    /// Places: a Point as it is; a line's middle vertex; a polygon's outer ring's vertex mean
    /// (its largest part's, for a MultiPolygon) — inside any convex place, near the middle of
    /// most others, and cheap.
    public func places() throws(StageFailure) -> Read<NamedPoint> {
        try read { feature, properties, geometry, id, name throws(Skip) in
            let coordinates = geometry["coordinates"] ?? .null
            let point: GeoPoint
            switch geometry["type"]?.stringValue {
            case "Point": point = try Self.point(coordinates)
            case "MultiPoint", "LineString":
                guard case .array(let points) = coordinates, !points.isEmpty else { throw Skip("bad_geometry", "no coordinates") }
                point = try Self.point(points[points.count / 2])
            case "Polygon": point = Self.middle(try Self.ring(coordinates))
            case "MultiPolygon":
                guard case .array(let polygons) = coordinates, !polygons.isEmpty else { throw Skip("bad_geometry", "no coordinates") }
                point = Self.middle(try polygons.map { polygon throws(Skip) in try Self.ring(polygon) }.max { $0.count < $1.count } ?? [])
            default: throw Skip("unsupported_geometry", "a place must be a Point, line or polygon, not \(geometry["type"]?.stringValue ?? "?")")
            }
            let category = categoryProperty.flatMap { Self.text(properties[$0]) } ?? ""
            let aliases = aliasesProperty.map { Self.names(properties[$0]) } ?? []
            return [
                NamedPoint(
                    id: id, name: name, aliases: aliases, category: category.isEmpty ? "place" : category, point: point,
                    town: town(properties))
            ]
        }
    }

    /// A feature's town from the properties `townProperties` names.
    func town(_ properties: JSONValue) -> Town {
        func value(_ property: String?) -> String { property.flatMap { Self.text(properties[$0]) } ?? "" }
        return Town(city: value(townProperties.city), state: value(townProperties.state), zip: value(townProperties.zip))
    }

    /// Why a feature is skipped.
    struct Skip: Error {
        var reason: String
        var detail: String
        init(_ reason: String, _ detail: String) { (self.reason, self.detail) = (reason, detail) }
    }

    /// Streams the file and hands each named feature with a geometry to `make`.
    func read<Value>(
        _ make: (_ feature: JSONValue, _ properties: JSONValue, _ geometry: JSONValue, _ id: String, _ name: String) throws(Skip) -> [Value]
    ) throws(StageFailure) -> Read<Value> {
        var stream = try GeoJSONStream(path: path)
        var result = Read<Value>()
        var held = PropertyNames()
        while let feature = try stream.next() {
            result.features += 1
            do throws(Skip) {
                let value: JSONValue
                if feature.garbage {
                    throw Skip("not_json", "\(feature.length) bytes at byte \(feature.offset) between features are no JSON value")
                }
                switch feature.value {
                case .success(let parsed): value = parsed
                case .failure(let error): throw Skip("invalid_json", "invalid JSON: \(error)")
                }
                guard value["type"]?.stringValue == "Feature" else {
                    throw Skip("not_a_feature", "expected a GeoJSON Feature, got \(value["type"]?.stringValue ?? value.typeName)")
                }
                let properties = value["properties"] ?? .null
                held.look(at: properties)
                guard let name = Self.text(properties[nameProperty]), !name.isEmpty else { throw Skip("no_name", "no '\(nameProperty)' property") }
                guard let geometry = value["geometry"], !geometry.isNull else { throw Skip("no_geometry", "the geometry is null") }
                let id = "\(prefix):" + (Self.text(value["id"]) ?? "line \(feature.line)")
                result.values += try make(value, properties, geometry, id, name)
            } catch {
                result.skipped.append(SkippedRow(source: path, line: feature.line, reason: error.reason, detail: error.detail, raw: feature.raw))
            }
        }
        result.missingProperties = held.warnings(for: namedProperties, in: path)
        return result
    }

    /// Each property an option names, with the option: what `read` checks the features for.
    var namedProperties: [(option: String, property: String)] {
        var named = [(nameOption, nameProperty)]
        named += rangeProperties.map { ("--range-properties", $0) } + nodeProperties.map { ("--node-properties", $0) }
        named += [("--city-property", townProperties.city), ("--state-property", townProperties.state), ("--zip-property", townProperties.zip)]
            .compactMap { option, property in property.map { (option, $0) } }
        named += [("--category-property", categoryProperty), ("--aliases-property", aliasesProperty)]
            .compactMap { option, property in property.map { (option, $0) } }
        return named
    }

    /// The property names the features have, in the order first met, for a warning naming a
    /// property none has (a wrong case, a misspelling: `l_from` for `L_From`), which otherwise
    /// reads as features without names, ranges or ZIP codes.
    ///
    /// - Complexity: O(properties) per feature, for a set of at most `limit` names.
    struct PropertyNames {
        var names: [String] = []
        var seen: Set<String> = []
        var features = 0
        static let limit = 256
        static let shown = 12

        mutating func look(at properties: JSONValue) {
            features += 1
            guard case .object(let members) = properties else { return }
            for member in members where seen.count < Self.limit && !seen.contains(member.key) {
                seen.insert(member.key)
                names.append(member.key)
            }
        }

        /// The first `shown` names, and `…` when there are more.
        static func listed(_ names: [String]) -> String {
            names.prefix(shown).joined(separator: ", ") + (names.count > shown ? ", …" : "")
        }

        /// `--range-properties lf: no feature of FILE has this property; the features have …
        /// (did you mean 'LF'?)`, for each named property none had; none for a file of no features.
        func warnings(for named: [(option: String, property: String)], in path: String) -> [String] {
            guard features > 0 else { return [] }
            return named.filter { !seen.contains($0.property) }.map { option, property in
                var text = "\(option) \(property): no feature of \(path) has this property"
                guard !names.isEmpty else { return text + "; the features have no properties" }
                text += "; the features have \(Self.listed(names))"
                if let near = EditDistance.closest(to: property, among: names) { text += " (did you mean '\(near)'?)" }
                return text
            }
        }
    }

    /// A property as text: a string as it is, a number as written; nil for anything else.
    static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: text.trimmingSpaces()
        case .number(let text)?: text
        default: nil
        }
    }

    /// Names from a property: an array of strings, or a string separated by `|` or `;`.
    static func names(_ value: JSONValue?) -> [String] {
        let texts: [String]
        switch value {
        case .array(let items)?: texts = items.compactMap { text($0) }
        case .string(let text)?: texts = text.split(whereSeparator: { $0 == "|" || $0 == ";" }).map(String.init)
        default: texts = []
        }
        return texts.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }

    /// A house number from a property (`120`, `"120"`, `120.0`); nil when empty, 0 or not one.
    static func number(_ value: JSONValue?) -> Int? {
        guard let text = text(value) else { return nil }
        return Int(text) ?? Double(text).flatMap { $0.rounded() == $0 && abs($0) < 1e9 ? Int($0) : nil }
    }

    static func point(_ value: JSONValue) throws(Skip) -> GeoPoint {
        guard case .array(let pair) = value, pair.count >= 2, let lon = pair[0].doubleValue, let lat = pair[1].doubleValue else {
            throw Skip("bad_geometry", "a position must be [lon, lat]")
        }
        guard (-90...90).contains(lat), (-180...180).contains(lon) else { throw Skip("bad_geometry", "position out of range: [\(lon), \(lat)]") }
        return GeoPoint(lat: lat, lon: lon)
    }

    static func line(_ value: JSONValue) throws(Skip) -> [GeoPoint] {
        guard case .array(let positions) = value else { throw Skip("bad_geometry", "a line must be an array of positions") }
        let points = try positions.map { position throws(Skip) in try point(position) }
        guard points.count >= 2 else { throw Skip("bad_geometry", "a line needs at least two positions") }
        return points
    }

    /// A polygon's outer ring (its first), without the closing repeat of the first position.
    static func ring(_ value: JSONValue) throws(Skip) -> [GeoPoint] {
        guard case .array(let rings) = value, let outer = rings.first else { throw Skip("bad_geometry", "a polygon needs a ring") }
        var points = try line(outer)
        if points.count > 1, points.first == points.last { points.removeLast() }
        return points
    }

    static func middle(_ points: [GeoPoint]) -> GeoPoint {
        let count = Double(max(points.count, 1))
        return GeoPoint(lat: points.map(\.lat).reduce(0, +) / count, lon: points.map(\.lon).reduce(0, +) / count)
    }
}
