import SluiceCore
import SluiceSanitize

/// The in-memory gazetteer: streets with their point addresses and blocks, intersections, and
/// named places, indexed for the matching cascade. Built from `GazetteerRow`s (see
/// `Gazetteer+Loading.swift` for reading the CSV).
///
///     var gazetteer = Gazetteer()
///     gazetteer.add(row)          // any number of rows, any kinds, any order
///     gazetteer.finish()          // sorts addresses, links segment nodes, indexes places
public struct Gazetteer: Sendable {
    /// A street block with its address ranges and line.
    public struct Segment: Sendable {
        public var id: String
        public var street: Int
        public var leftFrom, leftTo, rightFrom, rightTo: Int?
        public var fromNode, toNode: Int?
        public var points: [GeoPoint]
    }

    /// A named place.
    public struct Place: Sendable {
        public var name: String
        public var aliases: [String]
        public var category: String
        public var point: GeoPoint
    }

    /// Street keys (`3rd st`) by id, and ids by key (the street of that key in the first town
    /// that has it; `sameStreetInOtherTowns` holds the rest).
    public private(set) var streetKeys: [String] = []
    public internal(set) var streetIDs: [String: Int] = [:]
    /// The town of each street (`GazetteerCoverage.noTown` for none): the same key in two towns
    /// is two streets.
    public private(set) var streetTowns: [Int] = []
    /// Per street, the ZIP codes its address points and blocks name (five digits, as numbers):
    /// a record naming another is on none of the stretches the gazetteer knows (`zipFits`).
    var streetZips: [[Int32]] = []
    /// The other towns' streets of a key, by the id in `streetIDs` (empty in a one-town gazetteer).
    var sameStreetInOtherTowns: [Int: [Int]] = [:]
    /// The towns, states and ZIP codes the rows name, and their box.
    public internal(set) var coverage = GazetteerCoverage()
    /// Street ids by name key without suffix (`3rd`), and by that key without spaces (`deharo`).
    var streetsByName: [String: [Int]] = [:]
    var streetsBySquashedName: [String: [Int]] = [:]
    /// Each street's name key and lower-case suffix (`3rd`, `st`; "" for none), normalised once.
    var streetNameKeys: [String] = []
    var streetSuffixes: [String] = []
    /// `StreetNormalizer.normalize` of each street's display forms (`Williams Ave`, `Williams`),
    /// worked out at load: most street texts in records are written just so.
    var normalizedDisplayTexts: [String: NormalizedStreet] = [:]
    /// The squashed names as bytes, sorted, for the typo search.
    var squashedNames: [(name: String, bytes: [UInt8], mask: UInt64)] = []
    /// Point addresses per street as rows add them, until `finish()` sorts them into `addresses`.
    var addedNumbers: [[Int32]] = []
    var addedPoints: [[GeoPoint]] = []
    /// Point addresses per street, sorted by number: in memory, or in a mapped index.
    var addresses = AddressTable()
    public private(set) var segments: [Segment] = []
    var segmentsByStreet: [[Int]] = []
    /// Each street's line points (its blocks' points, block after block) by latitude, for
    /// streets that meet without sharing a node.
    var streetLines: [LatitudeIndex] = []
    var nodeIDs: [String: Int] = [:]
    var nodePoints: [GeoPoint?] = []
    /// Where two streets meet, keyed by the two street ids (smaller first).
    var intersections: [PairKey: [GeoPoint]] = [:]
    public private(set) var places: [Place] = []
    /// The town of each place (`GazetteerCoverage.noTown` for none).
    var placeTowns: [Int] = []
    var placeIndex = PlaceIndex()
    /// A representative point on each street (the block midpoint nearest its middle), with the
    /// street's length in metres.
    var streetCentres: [(point: GeoPoint, length: Double)?] = []
    public internal(set) var rowCount = 0
    /// The street of the last row added.
    private var lastStreetID: Int?

    struct PairKey: Hashable, Sendable {
        var low: Int
        var high: Int
        init(_ a: Int, _ b: Int) {
            low = min(a, b)
            high = max(a, b)
        }
    }

    public init() {}

    /// True when the rows name more than one town: streets are then chosen by the record's town.
    public var hasSeveralTowns: Bool { coverage.townNames.count > 1 }

    /// The id of a street key in `town`, adding it when new.
    mutating func streetID(_ key: String, town: Int = GazetteerCoverage.noTown) -> Int {
        // Rows of one street mostly come together (2,063 runs in 219k addresses): comparing
        // with the last street is cheaper than hashing.
        if let last = lastStreetID, streetKeys[last] == key, streetTowns[last] == town { return last }
        let first = streetIDs[key]
        if let first, streetTowns[first] == town {
            lastStreetID = first
            return first
        }
        if let first, let id = sameStreetInOtherTowns[first]?.first(where: { streetTowns[$0] == town }) {
            lastStreetID = id
            return id
        }
        let id = streetKeys.count
        lastStreetID = id
        streetKeys.append(key)
        streetTowns.append(town)
        if let first { sameStreetInOtherTowns[first, default: []].append(id) } else { streetIDs[key] = id }
        addedNumbers.append([])
        addedPoints.append([])
        segmentsByStreet.append([])
        streetZips.append([])
        return id
    }

    mutating func nodeID(_ key: String) -> Int {
        if let id = nodeIDs[key] { return id }
        nodeIDs[key] = nodePoints.count
        nodePoints.append(nil)
        return nodePoints.count - 1
    }

    /// Adds one checked row.
    public mutating func add(_ row: GazetteerRow) {
        rowCount += 1
        let town = coverage.add(city: row.city, state: row.state, zip: row.zip)
        if let lat = row.lat, let lon = row.lon { coverage.extend(GeoPoint(lat: lat, lon: lon)) }
        for point in row.points { coverage.extend(point) }
        switch row.kind {
        case .address:
            guard let number = row.number, let lat = row.lat, let lon = row.lon else { return }
            let street = streetID(row.street, town: town)
            addedNumbers[street].append(Int32(clamping: number))
            addedPoints[street].append(GeoPoint(lat: lat, lon: lon))
            noteZip(row.zip, street: street)
        case .segment:
            let street = streetID(row.street, town: town)
            var segment = Segment(
                id: row.id, street: street, leftFrom: row.leftFrom, leftTo: row.leftTo, rightFrom: row.rightFrom,
                rightTo: row.rightTo, fromNode: nil, toNode: nil, points: row.points)
            if row.nodes.count == 2 {
                segment.fromNode = nodeID(row.nodes[0])
                segment.toNode = nodeID(row.nodes[1])
            }
            segmentsByStreet[street].append(segments.count)
            segments.append(segment)
            noteZip(row.zip, street: street)
        case .intersection:
            guard let lat = row.lat, let lon = row.lon else { return }
            let key = PairKey(streetID(row.street, town: town), streetID(row.crossStreet, town: town))
            let point = GeoPoint(lat: lat, lon: lon)
            if !(intersections[key]?.contains { $0.distance(to: point) < 30 } ?? false) {
                intersections[key, default: []].append(point)
            }
        case .place:
            guard let lat = row.lat, let lon = row.lon else { return }
            places.append(Place(name: row.name, aliases: row.aliases, category: row.category, point: GeoPoint(lat: lat, lon: lon)))
            placeTowns.append(town)
        }
    }

    /// Notes that `street` has a point or block in ZIP code `zip` (its first five digits).
    mutating func noteZip(_ zip: String, street: Int) {
        guard let code = Self.zipCode(zip), !streetZips[street].contains(code) else { return }
        streetZips[street].append(code)
    }

    /// A ZIP code's first five digits as a number (`94103-1234` → 94103); nil without them.
    static func zipCode(_ zip: String) -> Int32? {
        let digits = zip.utf8.prefix(5)
        guard digits.count == 5, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int32($1 - 0x30) }
    }

    /// Builds the indexes once every row is in.
    /// - Complexity: O(n log n) in the number of rows.
    public mutating func finish() {
        for street in addedNumbers.indices where !addedNumbers[street].isEmpty {
            let order = addedNumbers[street].indices.sorted { addedNumbers[street][$0] < addedNumbers[street][$1] }
            addedNumbers[street] = order.map { addedNumbers[street][$0] }
            addedPoints[street] = order.map { addedPoints[street][$0] }
        }
        addresses = AddressTable(numbers: addedNumbers, points: addedPoints)
        addedNumbers = Array(repeating: [], count: streetKeys.count)
        addedPoints = Array(repeating: [], count: streetKeys.count)
        finishIndexes(centres: nil)
    }

    /// The indexes `finish()` builds after the addresses: from `centres` when a compiled index
    /// holds them (`Gazetteer+Index.swift`), which is what keeps a run from reading every
    /// address of the file.
    mutating func finishIndexes(centres: [(point: GeoPoint, length: Double)?]?) {
        linkNodes()
        streetNameKeys = []
        streetSuffixes = []
        for (id, key) in streetKeys.enumerated() {
            let normal = StreetNormalizer.normalize(key)
            // A key an older build of the normaliser wrote (`m l king jr way s`) is found by
            // today's (`martin luther king jr way s`) too, where no street has that key.
            if normal.key != key, streetIDs[key] == id, streetIDs[normal.key] == nil { streetIDs[normal.key] = id }
            let name = normal.nameKey
            streetNameKeys.append(name)
            streetSuffixes.append(normal.suffix?.lowercased() ?? "")
            streetsByName[name, default: []].append(id)
            streetsBySquashedName[Self.squash(name), default: []].append(id)
            for text in [normal.display, normal.name] where text.isASCII && normalizedDisplayTexts[text] == nil {
                normalizedDisplayTexts[text] = StreetNormalizer.normalize(text)
            }
        }
        squashedNames = streetsBySquashedName.keys.sorted().map { ($0, Array($0.utf8), EditDistance.mask(Array($0.utf8))) }
        streetLines = segmentsByStreet.map { blocks in LatitudeIndex(blocks.flatMap { segments[$0].points }) }
        if let centres {
            streetCentres = centres
        } else {
            streetCentres = streetKeys.indices.map(centre(of:))
            // A street known only from intersection lists: the middle of its crossings.
            var crossings: [Int: [GeoPoint]] = [:]
            for (pair, points) in intersections where streetCentres[pair.low] == nil || streetCentres[pair.high] == nil {
                for street in [pair.low, pair.high] where streetCentres[street] == nil { crossings[street, default: []] += points }
            }
            for (street, points) in crossings {
                let sorted = points.sorted { ($0.lat, $0.lon) < ($1.lat, $1.lon) }
                let span = sorted.map { $0.distance(to: sorted[0]) }.max() ?? 0
                streetCentres[street] = (sorted[sorted.count / 2], span)
            }
        }
        let streetWords = Set(streetNameKeys.flatMap { $0.split(separator: " ").map(String.init) })
        placeIndex = PlaceIndex(places.map { [$0.name] + $0.aliases }, categories: places.map(\.category), knownWords: streetWords)
    }

    /// Gives nodes the position of the segment ends that name them, and records an
    /// intersection wherever segments of two different streets share a node.
    mutating func linkNodes() {
        var streetsAtNode: [[Int]] = Array(repeating: [], count: nodePoints.count)
        for segment in segments {
            for (node, point) in [(segment.fromNode, segment.points.first), (segment.toNode, segment.points.last)] {
                guard let node, let point else { continue }
                if nodePoints[node] == nil { nodePoints[node] = point }
                if !streetsAtNode[node].contains(segment.street) { streetsAtNode[node].append(segment.street) }
            }
        }
        for (node, streets) in streetsAtNode.enumerated() where streets.count > 1 {
            guard let point = nodePoints[node] else { continue }
            for (i, a) in streets.enumerated() {
                for b in streets[(i + 1)...] {
                    let key = PairKey(a, b)
                    if !(intersections[key]?.contains { $0.distance(to: point) < 30 } ?? false) {
                        intersections[key, default: []].append(point)
                    }
                }
            }
        }
    }

    /// The block midpoint nearest the middle of all the street's blocks (so it lies on the
    /// street), or the middle address point for a street known only by its addresses.
    func centre(of street: Int) -> (point: GeoPoint, length: Double)? {
        let blocks = segmentsByStreet[street].map { segments[$0].points }.filter { $0.count >= 2 }
        if !blocks.isEmpty {
            let middles = blocks.map { GeoPoint.along($0, fraction: 0.5).point }
            guard let mean = GeoPoint.mean(middles) else { return nil }
            let nearest = middles.min { $0.distance(to: mean) < $1.distance(to: mean) } ?? mean
            return (nearest, blocks.reduce(0) { $0 + GeoPoint.length($1) })
        }
        let count = addresses.numbers(of: street).count
        guard count > 0 else { return nil }
        let first = addresses.point(of: street, at: 0)
        let span = (0..<count).map { addresses.point(of: street, at: $0).distance(to: first) }.max() ?? 0
        return (addresses.point(of: street, at: count / 2), span)
    }

    /// `StreetNormalizer.normalize(text)`, looked up when the text is a street's display form.
    func normalize(_ text: String) -> NormalizedStreet {
        if text.isASCII, let known = normalizedDisplayTexts[text] { return known }
        return StreetNormalizer.normalize(text)
    }

    /// A name key without spaces, so `De Haro` and `DeHaro` meet.
    static func squash(_ name: String) -> String { String(name.filter { $0 != " " }) }
}
