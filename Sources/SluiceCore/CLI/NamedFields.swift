/// The fields a stage's options name (`--field locations`, `--key address.key`) and whether any
/// record held each, for one warning at the end per field that none held: a misspelt name
/// otherwise turns every record into `none` or "without a key", with exit 0 and no word.
///
///     context.namedFields = NamedFields([("field", "location")])   // before the records
///     // the record loops look at each record (`look(at:)`), one copy per thread, merged at the end
///     context.namedFields.warnings
///     // ["--field location: no record has this field; the records have title, locations, provenance (did you mean 'locations'?)"]
///     // --field street,city: "… (one field each time: --field street --field city)"
///
/// A field counts as held when its dotted path reaches a value, `null` included.
///
/// - Complexity: once every field has been seen (usually at the first record), one comparison
///   per record; until then a look-up per unseen field, and the member names of the first
///   `sampledRecords` records of each thread.
public struct NamedFields: Sendable {
    public struct Field: Sendable {
        /// The option's name, without its dashes: `field`.
        public var option: String
        public var path: String
        /// The path's member names: `["address", "key"]`.
        var parts: [String]
        var seen = false
    }

    public private(set) var fields: [Field]
    /// How many fields have not been seen yet: what a record is checked against.
    private(set) var unseen: Int
    /// The records' top-level names, in the order first met, from the first records read while
    /// a field was unseen (the only time they may be needed).
    public private(set) var names: [String] = []
    var sampled = 0

    /// Records per thread whose names are kept: one record shows a source's names; a few dozen
    /// show those only some records have.
    static let sampledRecords = 64
    /// Names kept at most, whatever the records hold.
    static let nameLimit = 256
    /// Names listed in a warning.
    static let namesShown = 12

    /// Nothing watched.
    public init() {
        fields = []
        unseen = 0
    }

    /// Watches each option's field; a path with an empty part (`a..b`) is left to the stage.
    public init(_ named: [(option: String, path: String)]) {
        fields = named.map {
            Field(option: $0.option, path: $0.path, parts: $0.path.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
        }
        unseen = fields.count
    }

    /// Notes which unseen fields `record` holds (and its names, among the first records).
    @inline(__always)
    public mutating func look(at record: NDJSONRecord) {
        if unseen > 0 { lookClosely(at: record) }
    }

    private mutating func lookClosely(at record: NDJSONRecord) {
        for index in fields.indices where !fields[index].seen && record.rawValue(atPath: fields[index].parts) != nil {
            saw(index)
        }
        if unseen > 0 { sample(names: record.members.lazy.map(record.keyString)) }
    }

    /// Whether some field has not been seen yet.
    public var isWatching: Bool { unseen > 0 }

    /// Marks the field at `index` held.
    private mutating func saw(_ index: Int) {
        guard !fields[index].seen else { return }
        fields[index].seen = true
        unseen -= 1
    }

    /// Keeps the names one record has, for the warning: those of the first `sampledRecords`,
    /// up to `nameLimit` in all.
    private mutating func sample(names more: some Sequence<String>) {
        guard sampled < Self.sampledRecords else { return }
        sampled += 1
        keep(more)
    }

    private mutating func keep(_ more: some Sequence<String>) {
        for name in more where names.count < Self.nameLimit && !names.contains(name) { names.append(name) }
    }

    /// Adds what another thread saw: a field is seen when either saw it.
    public mutating func merge(_ other: NamedFields) {
        for index in fields.indices where other.fields.indices.contains(index) && other.fields[index].seen { saw(index) }
        sampled += other.sampled
        keep(other.names)
    }

    /// One warning per field no record held: the option and path, the names the records have,
    /// and the nearest of them, with the rest of the path (`adress.key` → `address.key`). None
    /// when no record was read: an empty input holds no field and misspells none.
    public var warnings: [String] {
        guard sampled > 0 else { return [] }
        return fields.filter { !$0.seen }.map { field in
            var text = "--\(field.option) \(field.path): no record has this field"
            guard !names.isEmpty else { return text + "; the records have no fields" }
            let shown = names.prefix(Self.namesShown).joined(separator: ", ")
            text += "; the records have \(shown)\(names.count > Self.namesShown ? ", …" : "")"
            // `--field line1,line2`, as `--compare` lists fields: a field each time the option is given.
            let listed = field.path.split(separator: ",").map { String($0).trimmingSpaces() }
            if listed.count > 1, listed.allSatisfy({ names.contains(String($0.split(separator: ".").first ?? "")) }) {
                return text + " (one field each time: \(listed.map { "--\(field.option) \($0)" }.joined(separator: " ")))"
            }
            let first = field.parts.first ?? field.path
            if let near = EditDistance.closest(to: first, among: names) {
                text += " (did you mean '\(([near] + field.parts.dropFirst()).joined(separator: "."))'?)"
            }
            return text
        }
    }
}
