import SluiceCore

/// A link refused because it would put two records answered `distinct` in one cluster: the
/// records a chain of matches (answered, or linked by the model) would have joined. The
/// distinct answer wins; the warning names the answer, the link left out and why.
///
///     labels.ndjson:3: records {"record":1} and {"record":3} are answered distinct but matches chain them
///     together; the distinct answer wins: the match answered at labels.ndjson:2 of {"record":2} and
///     {"record":3} is not followed
public struct LinkConflict: Equatable, Sendable {
    /// How many conflicts a run keeps to show (the rest are counted).
    public static let kept = 10

    /// The two records of the link refused.
    public var a: Int
    public var b: Int
    /// The link's match probability (1 for an answered match).
    public var probability: Double
    /// The answer the link came from, when it is an answered match.
    public var answeredMatch: LabelledPairs.Pair?
    /// The distinct answer that refused it.
    public var distinct: LabelledPairs.Pair

    /// The warning, records named as labels name them.
    public func message(facts: RecordFacts, labels: LabelledPairs) -> String {
        func name(_ record: Int) -> String { JSONWriter.string(facts.reference(record)) }
        let link =
            answeredMatch.map { "the match answered at \(labels.place(of: $0))" }
            ?? "the model's link (probability \(JSONWriter.string(.double(probability, decimals: 4))))"
        return "\(labels.place(of: distinct)): records \(name(Int(distinct.a))) and \(name(Int(distinct.b))) are answered distinct but "
            + "matches chain them together; the distinct answer wins: \(link) of \(name(a)) and \(name(b)) is not followed"
    }
}
