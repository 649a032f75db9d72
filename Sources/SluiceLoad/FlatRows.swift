import SluiceCore

/// The flat rows (`FlatRow`) of the records of a batch, read one after another into two
/// buffers — leaves and shapes — that are kept from batch to batch: reading a record allocates
/// nothing, and a reader thread's rows are never freed by the thread that writes them.
///
///     let rows = FlatRows()
///     let place = rows.scan(record)     // {"title":"Vertigo","geo":{"lat":37.8}}
///     rows.row(place).leaves.count      // 2
final class FlatRows {
    /// Where one record's row lies in the buffers.
    struct Place {
        var leafStart: Int
        var leafCount: Int
        var shapeStart: Int
        var shapeCount: Int
        var shapeHash: Int
    }

    // Unchecked: rows belong to one thread at a time, and a checked class property costs a
    // runtime access record per leaf (as in `JSONTokens`).
    @exclusivity(unchecked) private var leaves: UnsafeMutablePointer<FlatRow.Leaf>
    @exclusivity(unchecked) private var leafCapacity = 1024
    @exclusivity(unchecked) private var leafCount = 0
    @exclusivity(unchecked) private var shape: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var shapeCapacity = 16384
    @exclusivity(unchecked) private var shapeCount = 0

    init() {
        leaves = .allocate(capacity: leafCapacity)
        shape = .allocate(capacity: shapeCapacity)
    }

    deinit {
        leaves.deallocate()
        shape.deallocate()
    }

    /// Forgets every row read.
    func clear() {
        leafCount = 0
        shapeCount = 0
    }

    /// Reads a (validated) record's row after the rows already read.
    func scan(_ record: NDJSONRecord) -> Place {
        let bytes = record.bytes
        // A leaf takes at least two bytes of the line, and a shape at most the line's bytes
        // and a marker per value and object.
        reserve(leaves: bytes.count / 2 + 1, shapeBytes: bytes.count * 2 + 1)
        let place = (leafCount, shapeCount)
        if let base = bytes.baseAddress {
            let scanner = FlatRow.Scanner(base: base, count: bytes.count)
            for member in record.members {
                addKey(UnsafeBufferPointer(rebasing: bytes[member.key]))
                _ = scanner.value(at: member.value.lowerBound, into: self)
            }
        }
        let hash = FlatRow.hash(UnsafeBufferPointer(start: shape + place.1, count: shapeCount - place.1))
        return Place(leafStart: place.0, leafCount: leafCount - place.0, shapeStart: place.1, shapeCount: shapeCount - place.1, shapeHash: hash)
    }

    /// A row read, valid until the rows are cleared or more are read.
    func row(_ place: Place) -> FlatRow {
        FlatRow(
            leaves: UnsafeBufferPointer(start: leaves + place.leafStart, count: place.leafCount),
            shape: UnsafeBufferPointer(start: shape + place.shapeStart, count: place.shapeCount), shapeHash: place.shapeHash)
    }

    @inline(__always)
    func add(_ kind: FlatRow.Kind, _ start: Int, _ end: Int, number: UInt64 = 0) {
        leaves[leafCount] = FlatRow.Leaf(
            kind: kind, start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: end), number: number)
        leafCount &+= 1
        mark(FlatRow.leafEnd)
    }

    @inline(__always)
    func addKey(_ key: UnsafeBufferPointer<UInt8>) {
        guard let from = key.baseAddress else { return }
        (shape + shapeCount).update(from: from, count: key.count)
        shapeCount &+= key.count
    }

    @inline(__always)
    func mark(_ marker: UInt8) {
        shape[shapeCount] = marker
        shapeCount &+= 1
    }

    private func reserve(leaves wantedLeaves: Int, shapeBytes wantedShape: Int) {
        if leafCount + wantedLeaves > leafCapacity {
            leafCapacity = max(leafCount + wantedLeaves, leafCapacity * 2)
            let grown = UnsafeMutablePointer<FlatRow.Leaf>.allocate(capacity: leafCapacity)
            grown.update(from: leaves, count: leafCount)
            leaves.deallocate()
            leaves = grown
        }
        if shapeCount + wantedShape > shapeCapacity {
            shapeCapacity = max(shapeCount + wantedShape, shapeCapacity * 2)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: shapeCapacity)
            grown.update(from: shape, count: shapeCount)
            shape.deallocate()
            shape = grown
        }
    }
}

/// Reads records into `FlatRows` on the threads beside the one writing to SQLite.
struct FlatRowReader: RecordReader {
    func makeArena() -> FlatRows { FlatRows() }
    func clear(_ arena: FlatRows) { arena.clear() }
    func read(_ record: NDJSONRecord, into arena: FlatRows) -> FlatRows.Place { arena.scan(record) }
}
