/// The distinct texts of an `address` column (`address.key` as sluice-sanitize writes it:
/// `1200 van ness`, `542a mason`, `pier 39`), each split once into its house number and street,
/// so that a pair compares number with number and street with street.
///
///     let table = AddressKeyTable()
///     table.append("1200 van ness"); table.append("1200 van nes"); table.append("1202 van ness")
///     table.level(0, 1)   // 2: same number, street close (Jaro–Winkler ≥ 0.92)
///     table.level(0, 2)   // 3: same street, number one digit off
///
/// Levels of two different keys: 2 same number and street close, 3 same street and the number
/// one typo away (or only its letter differs), 4 same street, 5 different. A key without a
/// number (a place, a corner) is compared whole: close is level 2. (Two addresses naming
/// different towns are level 5 whatever their keys: `FieldColumn.towns`.)
///
/// - Complexity: memory the scalars of each distinct key; a pair costs one or two Jaro–Winklers.
final class AddressKeyTable {
    // `@exclusivity(unchecked)` as in `FieldColumn`: written while reading, then only read.
    /// Per key, its house number (nil when the key does not start with one).
    @exclusivity(unchecked) private var numbers: [String?] = []
    /// All keys' scalars end to end: key `id` is `scalars[starts[id]..<starts[id + 1]]`, its
    /// street from `starts[id] + streetOffsets[id]`.
    @exclusivity(unchecked) private var scalars: [UInt32] = []
    @exclusivity(unchecked) private var starts: [Int] = [0]
    @exclusivity(unchecked) private var streetOffsets: [Int] = []

    static let closeStreet = 0.92
    /// The level of different addresses, also of one street key in two towns.
    static let different: UInt8 = 5

    var count: Int { numbers.count }

    /// Adds the next distinct key (a normalised text: words separated by single spaces).
    func append(_ key: String) {
        let words = key.split(separator: " ", maxSplits: 1)
        let first = words.first.map(String.init) ?? ""
        let hasNumber = words.count == 2 && first.utf8.first.map { $0 >= 48 && $0 <= 57 } == true
        numbers.append(hasNumber ? DigitText.houseNumber(first) : nil)
        streetOffsets.append(hasNumber ? first.unicodeScalars.count + 1 : 0)
        scalars.append(contentsOf: key.unicodeScalars.lazy.map(\.value))
        starts.append(scalars.count)
    }

    /// The level of keys `a` and `b`, which differ (equal keys are level 1).
    func level(_ a: Int, _ b: Int) -> UInt8 {
        scalars.withUnsafeBufferPointer { all in
            func text(_ id: Int, street: Bool) -> UnsafeBufferPointer<UInt32> {
                UnsafeBufferPointer(rebasing: all[(starts[id] + (street ? streetOffsets[id] : 0))..<starts[id + 1]])
            }
            func close(_ x: UnsafeBufferPointer<UInt32>, _ y: UnsafeBufferPointer<UInt32>) -> Bool {
                StringSimilarity.jaroWinklerMayReach(Self.closeStreet, countA: x.count, countB: y.count)
                    && StringSimilarity.jaroWinkler(x, y) >= Self.closeStreet
            }
            guard let numberA = numbers[a], let numberB = numbers[b] else {
                return close(text(a, street: false), text(b, street: false)) ? 2 : Self.different
            }
            let streetA = text(a, street: true), streetB = text(b, street: true)
            if numberA == numberB { return close(streetA, streetB) ? 2 : Self.different }
            guard streetA.elementsEqual(streetB) else { return Self.different }
            return DigitText.houseNumberLevel(numberA, numberB) <= 3 ? 3 : 4
        }
    }
}
