import SluiceCore

/// The map section of the page: an SVG of the base map with one point per place (or grid cell),
/// coloured by precision and sized by records, its legend, and the places' details as JSON for
/// the inline script's tooltip and panel.
///
///     <svg id="map" viewBox="0 0 3843 4000"> <path class="streets" d="M1203 377l14-9…"/> …
///       <circle class="pt c2" cx="2412.3" cy="1302.8" r="12.4" data-i="0"/> …
struct MapView {
    var map: MapProjection
    var base: BaseMap
    var points: [PlaceTable.Place]
    /// The grid cell's side when places were merged to stay under `--max-points`.
    var cellMetres: Int?
    var maxPoints: Int
    /// Places outside the map's area (more than `MapView.slack` degrees beyond the streets).
    var offMap: [PlaceTable.Place]

    /// How far beyond the gazetteer's streets a place may lie and still widen the map (about
    /// 11 km: the Farallones and the airport, not a point placed in another state).
    static let slack = 0.1
    /// The page width the radii are drawn for before the script takes over; the script keeps a
    /// point's size on screen as the map zooms.
    static let assumedPixels = 1100.0

    /// The map of a table's places over a base map: the base map's area, widened to take in the
    /// places within `slack` of it; places further away are listed, not drawn. Without a base
    /// map, the area of the places. Nil when there is nothing to draw.
    static func layout(_ table: PlaceTable, base: BaseMap, maxPoints: Int) -> MapView? {
        let (drawn, cellMetres) = table.points(limit: maxPoints)
        var inside: [PlaceTable.Place] = []
        var outside: [PlaceTable.Place] = []
        let corners: [(lat: Double, lon: Double)]
        if let area = base.area {
            for place in drawn {
                if area.contains(lat: place.point.lat, lon: place.point.lon, slack: slack) {
                    inside.append(place)
                } else {
                    outside.append(place)
                }
            }
            corners = [(area.south, area.west), (area.north, area.east)]
        } else {
            inside = drawn
            corners = []
        }
        guard let map = MapProjection(covering: corners + inside.map { ($0.point.lat, $0.point.lon) }) else { return nil }
        return MapView(map: map, base: base, points: inside, cellMetres: cellMetres, maxPoints: maxPoints, offMap: outside)
    }

    /// Point radius on screen, in pixels: 3.7 for one record, 8.5 for 25, at most 18.
    static func radiusPixels(records: Int) -> Double { min(18, 2.5 + 1.2 * Double(records).squareRoot()) }

    func svg() -> String {
        let width = Int(map.width)
        let height = Int(map.height)
        let unitsPerPixel = map.width / Self.assumedPixels
        var out = #"<svg id="map" viewBox="0 0 \#(width) \#(height)" role="img" aria-label="Map of the geocoded places">"#
        out += #"<rect class="land" width="\#(width)" height="\#(height)"/>"#
        out += #"<path class="streets" d="\#(base.streetPath(on: map))"/>"#
        out += #"<g class="parks">"#
        // Parks are squares, so that they never read as points.
        let side = 8 * unitsPerPixel
        for park in base.parks where map.contains(lat: park.lat, lon: park.lon) {
            out +=
                #"<rect x="\#(Self.coordinate(map.x(park.lon) - side / 2))" y="\#(Self.coordinate(map.y(park.lat) - side / 2))" width="\#(Self.coordinate(side))" height="\#(Self.coordinate(side))"><title>\#(HTML.escape(park.name)) (park)</title></rect>"#
        }
        out += "</g>" + scaleBar(unitsPerPixel: unitsPerPixel) + #"<g id="points">"#
        for (index, point) in points.enumerated() {
            out +=
                #"<circle class="pt \#(PrecisionPalette.cssClass(of: point.precision))" cx="\#(Self.coordinate(map.x(point.point.lon)))" cy="\#(Self.coordinate(map.y(point.point.lat)))" r="\#(Self.coordinate(Self.radiusPixels(records: point.count) * unitsPerPixel))" data-i="\#(index)"/>"#
        }
        return out + "</g></svg>"
    }

    /// A 1 km bar in the bottom left corner (it zooms with the map, so it stays true).
    func scaleBar(unitsPerPixel: Double) -> String {
        let length = 1000 / map.metresPerUnit
        let x = MapProjection.margin
        let y = map.height - MapProjection.margin
        return #"<g class="scale"><path d="M\#(Self.coordinate(x)) \#(Self.coordinate(y))h\#(Self.coordinate(length))"/>"#
            + #"<text x="\#(Self.coordinate(x))" y="\#(Self.coordinate(y - 6 * unitsPerPixel))" font-size="\#(Self.coordinate(13 * unitsPerPixel))">1 km</text></g>"#
    }

    /// Map units with one decimal (a third of a metre in San Francisco).
    static func coordinate(_ value: Double) -> String { Figure.fixed(value, decimals: 1) }

    /// What the script shows for each point, by its `data-i`: precision, records, score,
    /// matched, method, texts, texts not listed, labels, labels not listed, lat, lon, places.
    func pointData() -> String {
        let rows: [JSONValue] = points.map { point in
            .array([
                .string(point.precision), .int(point.count), point.score.map { .double($0, decimals: 4) } ?? .null,
                .string(point.matched), .string(point.method), Self.listed(point.texts), .int(Self.unlisted(point.texts)),
                Self.listed(point.labels), .int(Self.unlisted(point.labels)), .number(point.point.latText),
                .number(point.point.lonText), .int(point.places),
            ])
        }
        return HTML.scriptJSON(JSONWriter.string(.array(rows)))
    }

    static func listed(_ tally: Tally) -> JSONValue {
        .array(tally.top(tally.capacity).map { .array([.string($0.value), .int($0.count)]) })
    }

    static func unlisted(_ tally: Tally) -> Int { tally.total - tally.top(tally.capacity).reduce(0) { $0 + $1.count } }

    /// The legend: each precision on the map with its places and records, the sizes, the parks.
    func legend() -> String {
        var places: [String: (places: Int, records: Int)] = [:]
        for point in points {
            let counts = places[point.precision, default: (0, 0)]
            places[point.precision] = (counts.places + point.places, counts.records + point.count)
        }
        var out = #"<div class="legend"><ul>"#
        for precision in PrecisionPalette.ordered(places.keys) {
            guard let counts = places[precision] else { continue }
            out +=
                #"<li><span class="sw \#(PrecisionPalette.cssClass(of: precision))"></span>\#(HTML.escape(precision)) <small>\#(Figure.count(counts.places, "place")), \#(Figure.count(counts.records, "record"))</small></li>"#
        }
        out += "</ul><ul>"
        for records in [1, 10, 100] {
            let diameter = Figure.fixed(2 * Self.radiusPixels(records: records), decimals: 1)
            out += #"<li><span class="size" style="width:\#(diameter)px;height:\#(diameter)px"></span>\#(Figure.count(records, "record"))</li>"#
        }
        out += #"<li><span class="sw park"></span>park</li><li><span class="sw street"></span>street (gazetteer)</li></ul>"#
        if let cellMetres {
            out +=
                "<p>More than \(maxPoints) places: places within the same \(cellMetres) m grid cell are drawn as one point (the cell's busiest place; its panel lists the records of all).</p>"
        }
        if !offMap.isEmpty {
            let records = offMap.reduce(0) { $0 + $1.count }
            out += "<p>\(Figure.count(offMap.count, "place")) (\(Figure.count(records, "record"))) far outside the gazetteer's streets, not drawn: "
            out += offMap.prefix(5).map { HTML.escape("\($0.point.latText), \($0.point.lonText) (\($0.texts.top(1).first?.value ?? ""))") }.joined(
                separator: "; ")
            out += offMap.count > 5 ? "; …</p>" : "</p>"
        }
        return out + "</div>"
    }
}
