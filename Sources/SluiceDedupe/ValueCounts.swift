import SluiceCore

/// How often the values of one compared text field were held by the records a model was
/// learnt on: what term frequencies (`FieldColumn.termFrequency`) and a `name` column's word
/// weights (`NameWordTable`) are computed from. A saved model carries them (`SavedModel`), so a
/// run with `--model` weighs a value by what the model saw, not only by what the run holds.
///
/// Why: with `--against`, run 1 decided its links with frequencies over its own records, and
/// those links stay; a later batch or a one-shot run over everything counted more. Carried in
/// the model, every run over part of the model's records weighs each value exactly as the
/// one-shot run did (the food businesses in five batches: see `scripts/eval_dedupe_incremental.py`).
///
/// A run's frequency of a value is its count over the present values, each the larger of the
/// model's and the run's: over part of the model's records the model's, over more records (next
/// week's, known and new) the run's own. Only values (and words) held by two records or more are
/// kept: one held once counts 1 either way, and a value agreeing exactly between two records of a
/// run is held twice there.
///
///     {"present":1200,"values":{"cafe":3,"starbucks":9},"words":{"cafe":41,"coffee":30}}
public struct ValueCounts: Equatable, Sendable {
    /// Records holding a value of the field.
    public var present: Int
    /// Values held by two records or more, by their compared (normalised) text.
    public var values: [String: Int]
    /// `name` columns: words held by two records or more, by how many records hold them.
    public var words: [String: Int]

    public init(present: Int, values: [String: Int], words: [String: Int] = [:]) {
        self.present = present
        self.values = values
        self.words = words
    }

    /// The counts of a column after a run: its values (and words) held twice or more.
    init(column: FieldColumn) {
        present = column.presentCount
        var values: [String: Int] = [:]
        for (id, count) in column.counts.enumerated() where count > 1 { values[column.text(id)] = Int(count) }
        self.values = values
        words = column.spec.method == .name ? column.nameWords.heldWords(recordCounts: column.counts, minimum: 2) : [:]
    }

    /// `{"present":N,"values":{…},"words":{…}}`, each list in the order of its texts (so the
    /// same run writes the same bytes); `words` only when asked (a `name` column's).
    func json(withWords: Bool) -> JSONValue {
        func counts(_ table: [String: Int]) -> JSONValue {
            .object(table.keys.sorted().map { JSONMember($0, .int(table[$0] ?? 0)) })
        }
        var members = [JSONMember("present", .int(present)), JSONMember("values", counts(values))]
        if withWords { members.append(JSONMember("words", counts(words))) }
        return .object(members)
    }

    /// Reads `json(withWords:)`; throws the reason when it is not of that shape.
    init(json value: JSONValue) throws(ValueCountsError) {
        guard let present = value["present"]?.doubleValue.flatMap({ Int(exactly: $0) }), present >= 0 else {
            throw ValueCountsError(reason: "no whole \"present\"")
        }
        func counts(_ key: String) throws(ValueCountsError) -> [String: Int] {
            guard let table = value[key] else { return [:] }
            guard case .object(let members) = table else { throw ValueCountsError(reason: "\"\(key)\" is not an object") }
            var out: [String: Int] = [:]
            for member in members {
                guard let count = member.value.doubleValue.flatMap({ Int(exactly: $0) }), count >= 0 else {
                    throw ValueCountsError(reason: "\"\(key)\" holds a count that is not a whole number")
                }
                out[member.key] = count
            }
            return out
        }
        self.present = present
        values = try counts("values")
        words = try counts("words")
    }
}

public struct ValueCountsError: Error {
    public var reason: String
}
