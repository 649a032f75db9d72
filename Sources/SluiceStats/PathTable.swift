import SluiceCore

/// The field paths of the records as a tree, numbered in the order they were first seen: each
/// path is a member of its parent object (`address` → `address.kind`) or the elements of its
/// parent array (`address.alternatives` → `address.alternatives[]`, then `…[].street`).
///
///     var paths = PathTable(selection: nil)
///     let address = paths.member(of: PathTable.root, key: "address", after: -1)
///     let kind = paths.member(of: address, key: "kind", after: -1)
///     paths.names[Int(kind)]   // "address.kind"
///
/// Records mostly repeat their keys in the same order, so each path remembers which sibling
/// came after it last time, and a member is usually found by comparing one key, not hashing it.
/// A key is used as written (decoded when escaped), so a key holding a dot makes a name that
/// reads like a nested path.
/// - Complexity: O(key length) per member, expected.
struct PathTable {
    /// What the walk asks of a path at every value, in plain arrays (a `Node` holds a name and
    /// a list, and copying one out costs reference counting).
    private(set) var parents: [Int32] = [-1]
    private(set) var isElement: [Bool] = [false]
    /// Reported (`--fields` names it, or there is no `--fields`).
    private(set) var isSelected: [Bool] = [false]
    /// A reported path lies below: worth walking into.
    private(set) var leadsToSelected: [Bool] = [true]
    private(set) var names: [String] = [""]
    /// Members and elements, in the order first seen.
    private(set) var children: [[Int32]] = [[]]
    private var keyRanges: [Range<Int>] = [0..<0]
    private var elementChild: [Int32] = [-1]
    private var firstChildGuess: [Int32] = [-1]
    private var nextSiblingGuess: [Int32] = [-1]

    static let root: Int32 = 0

    private var keys: [UInt8] = []
    private var slots = [Int32](repeating: 0, count: 64)
    let selection: Set<String>?

    init(selection: Set<String>?) {
        self.selection = selection
    }

    var count: Int { parents.count }

    /// The member `key` of the object at `parent`; `previous` is the member before it in this
    /// object (-1 for the first), whose remembered successor is tried first.
    @inline(__always)
    mutating func member(of parent: Int32, key: UnsafeBufferPointer<UInt8>, after previous: Int32) -> Int32 {
        let guess = previous >= 0 ? nextSiblingGuess[Int(previous)] : firstChildGuess[Int(parent)]
        if guess >= 0, hasKey(guess, key) { return guess }
        let found = lookup(parent: parent, key: key)
        if previous >= 0 { nextSiblingGuess[Int(previous)] = found } else { firstChildGuess[Int(parent)] = found }
        return found
    }

    mutating func member(of parent: Int32, key: String, after previous: Int32) -> Int32 {
        var key = key
        return key.withUTF8 { member(of: parent, key: $0, after: previous) }
    }

    /// The elements of the array at `parent`.
    @inline(__always)
    mutating func element(of parent: Int32) -> Int32 {
        let known = elementChild[Int(parent)]
        if known >= 0 { return known }
        let id = add(parent: parent, isElement: true, key: UnsafeBufferPointer(start: nil, count: 0), name: names[Int(parent)] + "[]")
        elementChild[Int(parent)] = id
        return id
    }

    /// The key bytes of a member path.
    func key(of id: Int32) -> ArraySlice<UInt8> { keys[keyRanges[Int(id)]] }

    /// Every path below the root, parents before children, siblings in the order first seen.
    func preorder() -> [Int32] {
        var order: [Int32] = []
        var stack: [Int32] = children[0].reversed()
        while let id = stack.popLast() {
            order.append(id)
            stack.append(contentsOf: children[Int(id)].reversed())
        }
        return order
    }

    /// Whether path `id` is a member named `key` (`ByteTable.equal`: a word at a time).
    @inline(__always)
    private func hasKey(_ id: Int32, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = keyRanges[Int(id)]
        guard range.count == key.count, !isElement[Int(id)] else { return false }
        guard let wanted = key.baseAddress, key.count > 0 else { return true }
        return keys.withUnsafeBufferPointer { stored in
            guard let base = stored.baseAddress else { return false }
            return ByteTable.equal(UnsafeRawPointer(base + range.lowerBound), UnsafeRawPointer(wanted), count: key.count)
        }
    }

    private mutating func lookup(parent: Int32, key: UnsafeBufferPointer<UInt8>) -> Int32 {
        let hash = ValueHash.hash(key, seed: UInt64(parent))
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 7) & mask
        while slots[slot] != 0 {
            let id = slots[slot] - 1
            if parents[Int(id)] == parent, hasKey(id, key) { return id }
            slot = (slot + 1) & mask
        }
        let keyText = String(decoding: key, as: UTF8.self)
        let id = add(parent: parent, isElement: false, key: key, name: parent == PathTable.root ? keyText : names[Int(parent)] + "." + keyText)
        slots[slot] = id + 1
        if count * 2 > slots.count { rehash() }
        return id
    }

    private mutating func add(parent: Int32, isElement element: Bool, key: UnsafeBufferPointer<UInt8>, name: String) -> Int32 {
        let id = Int32(count)
        let offset = keys.count
        keys.append(contentsOf: key)
        parents.append(parent)
        isElement.append(element)
        isSelected.append(selection.map { $0.contains(name) } ?? true)
        leadsToSelected.append(selection.map { names in names.contains { $0.hasPrefix(name + ".") || $0.hasPrefix(name + "[]") } } ?? true)
        names.append(name)
        children.append([])
        keyRanges.append(offset..<keys.count)
        elementChild.append(-1)
        firstChildGuess.append(-1)
        nextSiblingGuess.append(-1)
        children[Int(parent)].append(id)
        return id
    }

    private mutating func rehash() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for id in 1..<count where !isElement[id] {
            let hash = keys.withUnsafeBufferPointer { ValueHash.hash(UnsafeBufferPointer(rebasing: $0[keyRanges[id]]), seed: UInt64(parents[id])) }
            var slot = Int(truncatingIfNeeded: hash >> 7) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(id + 1)
        }
    }
}
