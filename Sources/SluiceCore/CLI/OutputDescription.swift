/// The part of the record contract a stage owns — the member it adds to every record it writes
/// and that object's fields — as `--describe-output` prints it, for what reads the stages' output
/// without Swift (the Spark driver, the Python scripts, through `scripts/sluice_contract.py`).
///
/// Each stage builds its description from the constants it writes with (`AddressFields`,
/// `GeoFields`, `DedupeFields`, `Provenance`), whose `all` and `required` lists are read from it
/// in turn, so the names cannot drift from the output; `DescribeOutputTests` runs every stage and
/// holds what it writes to what it describes (`problems(in:)`).
///
///     sluice-dedupe --as cl --describe-output
///     {"executable":"sluice-dedupe","member":"cl","default_member":"dedupe","meaning":"…",
///      "fields":[{"name":"cluster","types":["string"],"always":true,"meaning":"…"},…]}
///
/// A stage that adds no member (`sluice-load`, `sluice-report`, `sluice-stats`) prints
/// `"member":null` and no fields, and says in `meaning` what it writes instead.
public struct OutputDescription: Sendable {
    /// JSON Schema's names of the JSON types (`integer`: a number with no fraction or exponent).
    public enum JSONType: String, Sendable {
        case string, integer, number, boolean, array, object, null

        /// Whether `value` is of this type.
        public func admits(_ value: JSONValue) -> Bool {
            switch (self, value) {
            case (.string, .string), (.number, .number), (.boolean, .bool), (.array, .array), (.object, .object), (.null, .null): true
            case (.integer, .number(let text)): !text.contains { $0 == "." || $0 == "e" || $0 == "E" }
            default: false
            }
        }
    }

    /// One field of the member's object.
    public struct Field: Sendable {
        public let name: String
        public let types: [JSONType]
        /// Written in every member (what makes a member the stage's own earlier result).
        public let always: Bool
        public let meaning: String

        /// A field every member has.
        public static func always(_ name: String, _ types: JSONType..., meaning: String) -> Field {
            Field(name: name, types: types, always: true, meaning: meaning)
        }

        /// A field some members have.
        public static func sometimes(_ name: String, _ types: JSONType..., meaning: String) -> Field {
            Field(name: name, types: types, always: false, meaning: meaning)
        }
    }

    /// The member's default name (`--as NAME` chooses another); nil when the stage adds none.
    public let member: String?
    /// What the member holds, or what the stage writes instead of records with a member.
    public let meaning: String
    /// In the order the stage writes them.
    public let fields: [Field]

    /// A stage that adds `member`, an object of `fields`, to every record it writes.
    public init(member: String, meaning: String, fields: [Field]) {
        self.member = member
        self.meaning = meaning
        self.fields = fields
    }

    /// A stage that adds nothing to records (it writes a database, a page, a summary).
    public init(addsNothing meaning: String) {
        member = nil
        self.meaning = meaning
        fields = []
    }

    /// Every field's name, in the order written.
    public var names: [String] { fields.map(\.name) }
    /// The fields written in every member.
    public var required: [String] { fields.filter(\.always).map(\.name) }
    /// How the stage knows its own earlier result (`ResultMember`): the fields it always writes
    /// and the ones it may.
    public var shape: ResultMember.Shape {
        ResultMember.Shape(required: required, optional: fields.filter { !$0.always }.map(\.name))
    }

    /// What `--describe-output` prints for `stage` (`sluice-dedupe`), its member named `name`
    /// (`--as`, else the default).
    public func json(stage: String, member name: String?) -> JSONValue {
        let fields = fields.map { field in
            JSONValue.object([
                JSONMember("name", .string(field.name)),
                JSONMember("types", .array(field.types.map { .string($0.rawValue) })),
                JSONMember("always", .bool(field.always)),
                JSONMember("meaning", .string(field.meaning)),
            ])
        }
        return .object([
            JSONMember("executable", .string(stage)),
            JSONMember("member", name.map(JSONValue.string) ?? .null),
            JSONMember("default_member", member.map(JSONValue.string) ?? .null),
            JSONMember("meaning", .string(meaning)),
            JSONMember("fields", .array(fields)),
        ])
    }

    /// A description read back from `json(stage:member:)`'s form, or nil when `value` is not one;
    /// `member` is the name printed (`--as`'s).
    public static func read(_ value: JSONValue) -> (stage: String, member: String?, description: OutputDescription)? {
        guard let stage = value["executable"]?.stringValue, let meaning = value["meaning"]?.stringValue,
            case .array(let list)? = value["fields"]
        else { return nil }
        var fields: [Field] = []
        for item in list {
            guard let name = item["name"]?.stringValue, case .bool(let always)? = item["always"],
                let meaning = item["meaning"]?.stringValue, case .array(let names)? = item["types"]
            else { return nil }
            let types = names.compactMap { $0.stringValue.flatMap(JSONType.init(rawValue:)) }
            guard types.count == names.count, !types.isEmpty else { return nil }
            fields.append(Field(name: name, types: types, always: always, meaning: meaning))
        }
        guard let member = value["default_member"]?.stringValue else {
            return fields.isEmpty ? (stage, nil, OutputDescription(addsNothing: meaning)) : nil
        }
        return (stage, value["member"]?.stringValue, OutputDescription(member: member, meaning: meaning, fields: fields))
    }

    /// Where `value`, a member the stage wrote, differs from this description: not an object, a
    /// field not described, a field always written that is missing, a value of a type not
    /// described. Empty when it is as described.
    public func problems(in value: JSONValue) -> [String] {
        guard case .object(let members) = value else { return ["not an object: \(value.typeName)"] }
        var problems: [String] = []
        for member in members {
            guard let field = fields.first(where: { $0.name == member.key }) else {
                problems.append("'\(member.key)' is not described")
                continue
            }
            if !field.types.contains(where: { $0.admits(member.value) }) {
                problems.append("'\(member.key)' is \(member.value.typeName), described as \(field.types.map(\.rawValue).joined(separator: " or "))")
            }
        }
        for name in required where !members.contains(where: { $0.key == name }) {
            problems.append("'\(name)' is always written, but missing")
        }
        return problems
    }
}
