import SluiceGeocode

/// Every node position of an OpenStreetMap extract, for the ways that need them: sorted ids
/// beside positions packed as 1e-7-degree integers (OSM's own precision), 16 bytes a node,
/// looked up by binary search. Extracts list nodes by id, so appending keeps the order; when
/// one does not, the index is sorted once before the first lookup.
///
///     var index = OSMNodeIndex()
///     index.add(id: 42, lat: 37.8, lon: -122.4)
///     index.point(42)     // GeoPoint(lat: 37.8, lon: -122.4)
///
/// - Complexity: O(1) amortised to add, O(log n) to look up (O(n log n) once if out of order).
struct OSMNodeIndex {
    private var ids: [Int64] = []
    private var positions: [Int64] = []
    private var sorted = true

    var count: Int { ids.count }

    mutating func add(id: Int64, lat: Double, lon: Double) {
        if let last = ids.last, last >= id { sorted = false }
        ids.append(id)
        let packedLat = Int64(Int32(clamping: Int64((lat * 1e7).rounded())))
        let packedLon = Int64(Int32(clamping: Int64((lon * 1e7).rounded())))
        positions.append(packedLat << 32 | (packedLon & 0xffff_ffff))
    }

    /// Sorts by id if needed (a later duplicate id replaces the earlier position).
    mutating func finish() {
        guard !sorted else { return }
        let order = ids.indices.sorted { (ids[$0], $0) < (ids[$1], $1) }
        var newIDs: [Int64] = [], newPositions: [Int64] = []
        newIDs.reserveCapacity(ids.count)
        newPositions.reserveCapacity(ids.count)
        for index in order {
            if newIDs.last == ids[index] {
                newPositions[newPositions.count - 1] = positions[index]
            } else {
                newIDs.append(ids[index])
                newPositions.append(positions[index])
            }
        }
        (ids, positions, sorted) = (newIDs, newPositions, true)
    }

    /// The node's position, nil when the extract does not hold it (a way cut at its edge).
    /// Call `finish()` after the last `add` first.
    func point(_ id: Int64) -> GeoPoint? {
        var low = 0, high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        guard low < ids.count, ids[low] == id else { return nil }
        let packed = positions[low]
        return GeoPoint(lat: Double(Int32(truncatingIfNeeded: packed >> 32)) / 1e7, lon: Double(Int32(truncatingIfNeeded: packed)) / 1e7)
    }
}

/// Every way's node ids, for the multipolygon relations that come after the ways and name them
/// as members: sorted way ids beside one flat array of refs (8 bytes a ref), by binary search.
///
/// - Complexity: O(1) amortised to add, O(log n) to look up (O(n log n) once if out of order).
struct OSMWayIndex {
    private var ids: [Int64] = []
    private var starts: [Int] = []
    private var refs: [Int64] = []
    private var sorted = true

    mutating func add(id: Int64, refs wayRefs: [Int64]) {
        if let last = ids.last, last >= id { sorted = false }
        ids.append(id)
        starts.append(refs.count)
        refs += wayRefs
    }

    /// Sorts by id if the extract did not (a later duplicate id wins).
    mutating func finish() {
        guard !sorted else { return }
        let order = ids.indices.sorted { (ids[$0], $0) < (ids[$1], $1) }
        var sortedIDs: [Int64] = [], sortedStarts: [Int] = [], sortedRefs: [Int64] = []
        for index in order {
            let end = index + 1 < starts.count ? starts[index + 1] : refs.count
            if sortedIDs.last == ids[index] {
                sortedRefs.removeSubrange(sortedStarts[sortedStarts.count - 1]...)
                sortedStarts.removeLast()
                sortedIDs.removeLast()
            }
            sortedIDs.append(ids[index])
            sortedStarts.append(sortedRefs.count)
            sortedRefs += refs[starts[index]..<end]
        }
        (ids, starts, refs, sorted) = (sortedIDs, sortedStarts, sortedRefs, true)
    }

    /// The way's node ids, nil when the extract does not hold the way. Call `finish()` first.
    func refs(_ id: Int64) -> ArraySlice<Int64>? {
        var low = 0, high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        guard low < ids.count, ids[low] == id else { return nil }
        return refs[starts[low]..<(low + 1 < starts.count ? starts[low + 1] : refs.count)]
    }
}
