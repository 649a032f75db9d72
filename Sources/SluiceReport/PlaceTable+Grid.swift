import Foundation

extension PlaceTable {
    /// The points to draw, in drawing order (most records first, so that small points lie on
    /// top), at most `limit` of them. Up to the limit every place is its own point; beyond it,
    /// places in one cell of a square grid merge into one point standing at the cell's busiest
    /// place, the cell's side doubling from 25 m until the points fit. `cellMetres` is nil when
    /// nothing was merged.
    ///
    /// - Complexity: O(n log n) in the number of places per grid size tried.
    func points(limit: Int) -> (points: [Place], cellMetres: Int?) {
        let ordered = places.sorted(by: Self.drawnBefore)
        guard ordered.count > limit, limit > 0 else { return (ordered, nil) }
        let latitude = ordered.reduce(0) { $0 + $1.point.lat } / Double(ordered.count)
        var cell = 25
        while true {
            let merged = Self.merge(ordered, cellMetres: Double(cell), latitude: latitude)
            if merged.count <= limit { return (merged.sorted(by: Self.drawnBefore), cell) }
            cell *= 2
        }
    }

    /// More records first; then by position, so the order never depends on the input's.
    static func drawnBefore(_ a: Place, _ b: Place) -> Bool {
        if a.count != b.count { return a.count > b.count }
        if a.point.lat != b.point.lat { return a.point.lat > b.point.lat }
        if a.point.lon != b.point.lon { return a.point.lon < b.point.lon }
        return a.point.key < b.point.key
    }

    /// Places (busiest first) merged by grid cell: each cell keeps its first place's position
    /// and answer, and adds up the others' records, texts and labels.
    static func merge(_ ordered: [Place], cellMetres: Double, latitude: Double) -> [Place] {
        let metresPerDegree = 111_195.0
        let latitudeStep = cellMetres / metresPerDegree
        let longitudeStep = cellMetres / (metresPerDegree * max(cos(latitude * .pi / 180), 0.01))
        var cells: [Cell: Int] = [:]
        var merged: [Place] = []
        for place in ordered {
            let cell = Cell(row: Int((place.point.lat / latitudeStep).rounded(.down)), column: Int((place.point.lon / longitudeStep).rounded(.down)))
            guard let position = cells[cell] else {
                cells[cell] = merged.count
                merged.append(place)
                continue
            }
            merged[position].count += place.count
            merged[position].places += place.places
            merged[position].texts.add(place.texts)
            merged[position].labels.add(place.labels)
        }
        return merged
    }

    struct Cell: Hashable {
        var row: Int
        var column: Int
    }
}
