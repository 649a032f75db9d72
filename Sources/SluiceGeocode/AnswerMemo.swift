import SluiceCore

/// The `geo` answers already written, by the exact JSON text of what was asked (the `address`
/// value, or the `--field` text): the same location text comes back often (a film shot at City
/// Hall twice). Answers are kept as the bytes written, so a repeat costs one lookup and a copy.
///
///     var memo = AnswerMemo(limit: 2)
///     let key = AnswerMemo.Key(kind: .address, bytes: Array("{\"kind\":\"place\"}".utf8))
///     memo.remember(key, geo: Array("{}".utf8), summary: .init(precision: .place, score: 0.95))
///     memo.answer(for: key)?.summary.precision   // .place
///
/// - Complexity: O(k) per lookup in the key's length; at most `limit` answers are held (the
///   core's `BoundedMemo`: two generations of `limit / 2`; bounded memory on endless input).
struct AnswerMemo {
    /// Where the key was read from: the same text means different things as an `address`
    /// object and as a `--field` string.
    enum Kind: UInt8 { case address, field }

    struct Answer {
        /// What the counts at the end need of an answer.
        struct Summary: Equatable {
            var precision: Precision
            var score: Double
            /// Refused as outside the gazetteer's coverage (`GeoMatch.isOutsideGazetteer`).
            var outsideGazetteer = false
        }

        var geo: [UInt8]
        var summary: Summary
    }

    /// What was asked: the JSON text and where it was read from. Its bytes are hashed once
    /// (`ByteHash`): the standard hasher fed the whole text cost ~1,500
    /// instructions a record (callgrind), twice for a new answer. A weak hash costs only more
    /// comparisons, never a wrong answer: keys are equal only when their bytes are.
    struct Key: Hashable {
        let kind: Kind
        let bytes: [UInt8]
        let digest: UInt64

        init(kind: Kind, bytes: [UInt8]) {
            self.kind = kind
            self.bytes = bytes
            digest = bytes.withUnsafeBufferPointer(ByteHash.of)
        }

        static func == (a: Key, b: Key) -> Bool {
            a.digest == b.digest && a.kind == b.kind && a.bytes == b.bytes
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(digest)
        }
    }

    let limit: Int
    private var answers: BoundedMemo<Key, Answer>

    init(limit: Int) {
        self.limit = limit
        answers = BoundedMemo(capacity: max(1, limit / 2))
    }

    var count: Int { answers.count }

    mutating func answer(for key: Key) -> Answer? {
        answers.value(for: key)
    }

    mutating func remember(_ key: Key, geo: [UInt8], summary: Answer.Summary) {
        answers.remember(Answer(geo: geo, summary: summary), for: key)
    }
}
