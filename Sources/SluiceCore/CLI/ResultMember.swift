/// The member a stage adds to every record (`address`, `geo`, `dedupe`), named with `--as`.
///
/// Stages never replace an input field: when a record already has a member of that name and it
/// is not this stage's own earlier result, the stage stops (exit 65, even with `--rejects`: a
/// clash of names is not a bad record, and rejecting every record that has the field would lose
/// them all downstream) with an error naming the field and the way out:
///
///     sluice-sanitize: in.ndjson:1: error: the record already has a field 'address' …
///
/// A member is the stage's own earlier result — so re-running a stage on its output replaces
/// it in place, as before — when it is an object that has every member the stage always writes
/// and none it never writes (`Shape`). `--overwrite-field` replaces whatever is there.
public struct ResultMember: Sendable {
    /// What this stage's result looks like: the members it always writes and all it may write.
    public struct Shape: Sendable {
        public var required: [String]
        public var allowed: Set<String>

        public init(required: [String], optional: [String]) {
            self.required = required
            allowed = Set(required + optional)
        }

        /// Whether `value` is an object this stage could have written.
        public func matches(_ value: JSONValue) -> Bool {
            guard case .object(let members) = value else { return false }
            let keys = Set(members.map(\.key))
            return required.allSatisfy(keys.contains) && keys.isSubset(of: allowed)
        }
    }

    public let name: String
    public let overwrite: Bool
    let shape: Shape

    /// `--as NAME` and `--overwrite-field`, for the OPTIONS of a stage whose member is `name`.
    public static func options(default name: String) -> [OptionSpec] {
        [
            .value("as", "NAME", "the member this stage adds its result to (default \(name)); an input field of that name is never replaced"),
            .flag("overwrite-field", "replace an input field named like the result member instead of stopping (see FIELD NAMES)"),
        ]
    }

    /// The FIELD NAMES section of the stage's `--help`.
    public static func helpText(default name: String) -> String {
        """
          The result goes in the member "\(name)" (--as NAME to choose another). When a record already has
          a field of that name that this stage did not write, the stage stops (exit 65, also with --rejects)
          naming the field: pick another name with --as, or replace the field with --overwrite-field.
          Re-running the stage on its own output is allowed: a member that is an object with every member
          this stage always writes and none it never writes is its own earlier result, replaced in place.
        """
    }

    public init(name: String, overwrite: Bool = false, shape: Shape) {
        self.name = name
        self.overwrite = overwrite
        self.shape = shape
    }

    /// Reads `--as` and `--overwrite-field`. The name is one member, not a dotted path.
    public init(arguments: ParsedArguments, default name: String, shape: Shape) throws(StageFailure) {
        self.init(name: try Self.name(in: arguments, default: name), overwrite: arguments.has("overwrite-field"), shape: shape)
    }

    /// The member's name: `--as NAME`, else `name`; also what `--describe-output` names.
    public static func name(in arguments: ParsedArguments, default name: String) throws(StageFailure) -> String {
        let chosen = arguments["as"] ?? name
        guard !chosen.isEmpty, !chosen.contains(".") else {
            throw .usage("option '--as' needs a member name (not empty, no dots: it is not a path), got '\(chosen)'")
        }
        return chosen
    }

    /// Why writing the result into `record` would replace one of its fields, or nil when it
    /// would not (no such field, this stage's own result, or `--overwrite-field`).
    public func conflict(in record: NDJSONRecord) -> String? {
        guard !overwrite, let member = record.member(named: name) else { return nil }
        let first = record.rawValue(member).first ?? 0
        if first == UInt8(ascii: "{"), shape.matches(record.value(of: member)) { return nil }
        return conflict(found: first)
    }

    /// The same for a record already parsed into its members (`sluice-fetch`'s CSV and JSON).
    public func conflict(in members: [JSONMember]) -> String? {
        guard !overwrite, let existing = members.first(where: { $0.key == name })?.value, !shape.matches(existing) else { return nil }
        var text: [UInt8] = []
        JSONWriter.write(existing, to: &text)
        return conflict(found: text.first ?? 0)
    }

    /// The message for a field of this name whose JSON text starts with `first`.
    func conflict(found first: UInt8) -> String {
        let found = first == UInt8(ascii: "{") ? "an object" : JSONParser.typeName(startingWith: first)
        return "the record already has a field '\(name)' (\(found), not this stage's result), which the result would replace:"
            + " name the result with --as NAME, or replace the field with --overwrite-field"
    }

    /// Stops the stage when writing the result into `record` would replace one of its fields.
    public func check(_ record: NDJSONRecord, at location: StageContext.Location) throws(StageFailure) {
        if let conflict = conflict(in: record) { throw .data(source: location.source, line: location.line, conflict) }
    }
}
