#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every street's point addresses in two flat arrays: street `s`'s house numbers, sorted, are
/// `numbers[starts[s]..<starts[s + 1]]`, and its points the same range of `coordinates` (latitude,
/// longitude, latitude, …). The arrays live either in memory the table owns (a gazetteer read
/// from its CSV) or in a compiled index mapped with `mmap` (`GazetteerIndex`): then only the
/// pages of the streets a run looks at are ever read from the file.
///
///     table.numbers(of: 3)          // [100, 102, 104]
///     table.point(of: 3, at: 1)     // the point of 102
///
/// The addresses are nearly all of a statewide gazetteer's bytes: a flat table costs 20 bytes
/// an address (a number and two doubles) plus 8 a street, where an array per street cost a
/// header and a heap block each.
struct AddressTable: @unchecked Sendable {
    /// The memory behind the arrays: allocated, or a mapped file; freed or unmapped with the
    /// last table that uses it. Nothing writes to it once the table is made (hence Sendable).
    final class Storage: @unchecked Sendable {
        let base: UnsafeMutableRawPointer
        let length: Int
        let mapped: Bool

        init(allocating length: Int) {
            self.length = length
            base = UnsafeMutableRawPointer.allocate(byteCount: max(length, 1), alignment: 16)
            mapped = false
        }

        init(mapping base: UnsafeMutableRawPointer, length: Int) {
            self.base = base
            self.length = length
            mapped = true
        }

        deinit {
            if mapped { munmap(base, length) } else { base.deallocate() }
        }
    }

    let storage: Storage?
    /// Where each street's addresses start; one more entry than streets (the total last).
    let starts: [Int]
    let numbers: UnsafeBufferPointer<Int32>
    let coordinates: UnsafeBufferPointer<Double>

    /// An empty table (a gazetteer before `finish()`).
    init() {
        storage = nil
        starts = [0]
        numbers = UnsafeBufferPointer(start: nil, count: 0)
        coordinates = UnsafeBufferPointer(start: nil, count: 0)
    }

    /// A table over `storage`, whose numbers start at byte `numbersAt` and coordinates at
    /// `coordinatesAt` (both checked to lie inside it, aligned, by the caller).
    init(storage: Storage, starts: [Int], numbersAt: Int, coordinatesAt: Int) {
        let total = starts.last ?? 0
        self.storage = storage
        self.starts = starts
        numbers = UnsafeBufferPointer(start: (storage.base + numbersAt).assumingMemoryBound(to: Int32.self), count: total)
        coordinates = UnsafeBufferPointer(start: (storage.base + coordinatesAt).assumingMemoryBound(to: Double.self), count: 2 * total)
    }

    /// The flat table of per-street arrays, each already sorted by number.
    init(numbers perStreet: [[Int32]], points: [[GeoPoint]]) {
        var starts = [0]
        starts.reserveCapacity(perStreet.count + 1)
        for street in perStreet { starts.append(starts[starts.count - 1] + street.count) }
        let total = starts[starts.count - 1]
        let layout = Self.layout(count: total)
        let storage = Storage(allocating: layout.length)
        // The padding between the arrays is written to the index: zeros, not old memory.
        storage.base.initializeMemory(as: UInt8.self, repeating: 0, count: layout.length)
        let numbers = (storage.base + layout.numbersAt).assumingMemoryBound(to: Int32.self)
        let coordinates = (storage.base + layout.coordinatesAt).assumingMemoryBound(to: Double.self)
        for (street, values) in perStreet.enumerated() {
            let start = starts[street]
            for (offset, number) in values.enumerated() { numbers[start + offset] = number }
            for (offset, point) in points[street].enumerated() {
                coordinates[2 * (start + offset)] = point.lat
                coordinates[2 * (start + offset) + 1] = point.lon
            }
        }
        self.init(storage: storage, starts: starts, numbersAt: layout.numbersAt, coordinatesAt: layout.coordinatesAt)
    }

    /// Where the arrays of `count` addresses lie in a block of bytes: the numbers first, then
    /// the coordinates, 8-byte aligned (the index file uses the same layout after its header).
    static func layout(count: Int) -> (numbersAt: Int, coordinatesAt: Int, length: Int) {
        let coordinatesAt = (4 * count + 7) & ~7
        return (0, coordinatesAt, coordinatesAt + 16 * count)
    }

    var streetCount: Int { starts.count - 1 }

    /// Both arrays as the bytes that hold them, in `layout` order: what the index writes.
    var bytes: UnsafeRawBufferPointer {
        guard let storage else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        let start = UnsafeRawPointer(numbers.baseAddress ?? UnsafePointer(storage.base.assumingMemoryBound(to: Int32.self)))
        return UnsafeRawBufferPointer(start: start, count: Self.layout(count: numbers.count).length)
    }

    /// The house numbers of `street`, sorted (empty for a street past the table).
    @inline(__always)
    func numbers(of street: Int) -> UnsafeBufferPointer<Int32> {
        guard street >= 0, street + 1 < starts.count else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(rebasing: numbers[starts[street]..<starts[street + 1]])
    }

    /// The point of the `index`th address of `street` (in number order). A coordinate outside
    /// ±90/±180 can only come from a forged index (the writer's came from checked rows): it reads
    /// as 0 rather than reach the arithmetic that expects a real place.
    @inline(__always)
    func point(of street: Int, at index: Int) -> GeoPoint {
        let at = 2 * (starts[street] + index)
        let lat = coordinates[at], lon = coordinates[at + 1]
        guard (-90...90).contains(lat), (-180...180).contains(lon) else { return GeoPoint(lat: 0, lon: 0) }
        return GeoPoint(lat: lat, lon: lon)
    }
}
