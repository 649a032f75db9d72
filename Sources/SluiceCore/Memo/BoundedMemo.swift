/// Answers already worked out, by what was asked, in bounded memory: the one memo policy of the
/// stages (sanitize's parsed addresses and towns, geocode's answers and look-ups). Two
/// generations of at most `capacity` answers each: when the newer is full it becomes the older
/// and the one before is forgotten, and an answer found in the older is carried into the newer.
/// What is in use stays (forgetting everything at once lost it too: ~7% more parses on 1M
/// generated records in sanitize), memory stays bounded (`2 × capacity`), and what is
/// remembered depends only on the input, never on timing. The answers must depend on the key
/// alone: then a stage's output does not depend on what the memo holds.
///
///     var memo = BoundedMemo<String, Int>(capacity: 2)
///     memo.remember(3, for: "abc")
///     memo.value(for: "abc")   // 3
///
/// - Complexity: one or two hash look-ups per call; at most `2 × capacity` answers.
public struct BoundedMemo<Key: Hashable, Value> {
    public let capacity: Int
    @usableFromInline var newer: [Key: Value] = [:]
    @usableFromInline var older: [Key: Value] = [:]

    public init(capacity: Int) {
        self.capacity = capacity
        newer.reserveCapacity(capacity)
    }

    /// How many answers are held, in both generations.
    public var count: Int { newer.count + older.count }

    /// The answer for `key` if it is remembered, without carrying it over (for tests and reports).
    public func peek(_ key: Key) -> Value? { newer[key] ?? older[key] }

    /// The answer for `key`, if it is remembered (carried into the newer generation).
    @inlinable
    public mutating func value(for key: Key) -> Value? {
        if let known = newer[key] { return known }
        guard let known = older[key] else { return nil }
        remember(known, for: key)
        return known
    }

    @inlinable
    public mutating func remember(_ value: Value, for key: Key) {
        if newer.count >= capacity {
            // The newer generation becomes the older; the older's table is emptied and reused.
            swap(&newer, &older)
            newer.removeAll(keepingCapacity: true)
        }
        newer[key] = value
    }
}

extension BoundedMemo: Sendable where Key: Sendable, Value: Sendable {}
