/// A JSON value that keeps what NDJSON tools must not lose: the order of object keys and the
/// original text of every number (`1.0` stays `1.0`, `12345678901234567890` stays exact).
///
///     let v = try JSONParser.parse(#"{"b":1.0,"a":[true,null]}"#)
///     JSONWriter.string(v)  // {"b":1.0,"a":[true,null]}
public enum JSONValue: Equatable, Hashable, Sendable {
    case null
    case bool(Bool)
    /// The number exactly as written in the source, already checked against the JSON grammar.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in source order. Duplicate keys are kept as they came; lookups take the first.
    case object([JSONMember])
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Equatable, Hashable, Sendable {
    public var key: String
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

extension JSONValue {
    /// A number value from an integer.
    public static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// A number value from a double, written with at most `decimals` digits after the point and
    /// no trailing zeros (`37.8`, not `37.800000`), so output stays short and deterministic.
    public static func double(_ value: Double, decimals: Int) -> JSONValue {
        guard value.isFinite else { return .null }
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        if text == "-0" { text = "0" }
        return .number(text)
    }

    /// An object from key–value pairs, dropping pairs whose value is nil (absent components).
    public static func object(_ pairs: KeyValuePairs<String, JSONValue?>) -> JSONValue {
        .object(pairs.compactMap { key, value in value.map { JSONMember(key, $0) } })
    }

    /// The first member named `key`, when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// Follows a dotted path (`address.key`) through nested objects.
    public func value(atPath path: some StringProtocol) -> JSONValue? {
        var current: JSONValue? = self
        for part in path.split(separator: ".", omittingEmptySubsequences: false) {
            current = current?[String(part)]
        }
        return current
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var isNull: Bool { self == .null }

    /// The number as a Double, when this is a number.
    public var doubleValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    /// The JSON type name used in messages (`expected a string, got number`).
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
