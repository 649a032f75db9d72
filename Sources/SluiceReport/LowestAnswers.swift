/// The geocoder's least sure answers, for a person to check: the `limit` lowest-scored distinct
/// answers (text, what it matched, precision, score) with how many records gave each.
///
/// An answer's rank never changes, so one that ends in the list was in it from its first
/// record on, and its count is exact; memory is `limit` entries whatever the input.
///
///     var lowest = LowestAnswers(limit: 2)
///     // add "Pier 7" → street 0.1, "Lombard St" → street 0.45, "Coit Tower" → place 0.75
///     lowest.answers   // Pier 7 (0.1), Lombard St (0.45)
struct LowestAnswers {
    struct Answer: Equatable {
        var text: String
        var precision: String
        var score: Double
        var matched: String
        var method: String
        var note: String?
        var count: Int

        /// Lower scores first, then by text and match, so ties never depend on input order.
        func ranksBefore(_ other: Answer) -> Bool {
            if score != other.score { return score < other.score }
            if text != other.text { return text < other.text }
            if matched != other.matched { return matched < other.matched }
            return precision < other.precision
        }

        func isSame(_ other: Answer) -> Bool {
            score == other.score && text == other.text && matched == other.matched && precision == other.precision
        }
    }

    let limit: Int
    /// Sorted, lowest first.
    private(set) var answers: [Answer] = []

    init(limit: Int) { self.limit = limit }

    /// Counts a record's answer when it is a placed one with a score.
    mutating func add(_ facts: ReportRecord) {
        guard let geo = facts.geo, geo.point != nil, let score = geo.score else { return }
        let answer = Answer(
            text: facts.text ?? "(no location text)", precision: geo.precision, score: score, matched: geo.matched ?? "",
            method: geo.method ?? "", note: geo.reason, count: 1)
        if let known = answers.firstIndex(where: { $0.isSame(answer) }) {
            answers[known].count += 1
            return
        }
        if answers.count == limit {
            guard let last = answers.last, answer.ranksBefore(last) else { return }
            answers.removeLast()
        }
        let position = answers.firstIndex { answer.ranksBefore($0) } ?? answers.count
        answers.insert(answer, at: position)
    }
}
