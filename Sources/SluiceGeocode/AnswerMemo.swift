/// The `geo` answers already written, by the exact JSON text of what was asked (the `address`
/// value, or the `--field` text): the same location text comes back often (a film shot at City
/// Hall twice). Answers are kept as the bytes written, so a repeat costs one lookup and a copy.
///
///     var memo = AnswerMemo(limit: 2)
///     memo.remember(Array("{\"kind\":\"place\"}".utf8), kind: .address, geo: Array("{}".utf8),
///                   summary: .init(precision: .place, score: 0.95))
///     memo.answer(for: Array("{\"kind\":\"place\"}".utf8), kind: .address)?.summary.precision   // .place
///
/// - Complexity: O(k) per lookup in the key's length; at most `limit` answers are held, then
///   all are forgotten at once (bounded memory on endless input).
struct AnswerMemo {
    /// Where the key was read from: the same text means different things as an `address`
    /// object and as a `--field` string.
    enum Kind: UInt8 { case address, field }

    struct Answer {
        /// What the counts at the end need of an answer.
        struct Summary: Equatable {
            var precision: Precision
            var score: Double
        }

        var geo: [UInt8]
        var summary: Summary
    }

    /// Key bytes hashed in one call: `[UInt8]`'s own hashing feeds the hasher a byte at a time.
    struct Key: Hashable {
        var kind: Kind
        var bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    let limit: Int
    private var answers: [Key: Answer] = [:]

    init(limit: Int) {
        self.limit = limit
        answers.reserveCapacity(limit)
    }

    var count: Int { answers.count }

    func answer(for bytes: [UInt8], kind: Kind) -> Answer? {
        answers[Key(kind: kind, bytes: bytes)]
    }

    mutating func remember(_ bytes: [UInt8], kind: Kind, geo: [UInt8], summary: Answer.Summary) {
        if answers.count >= limit { answers.removeAll(keepingCapacity: true) }
        answers[Key(kind: kind, bytes: bytes)] = Answer(geo: geo, summary: summary)
    }
}
