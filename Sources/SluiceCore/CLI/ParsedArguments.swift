/// A command line parsed against a stage's options: `--name VALUE`, `--name=VALUE`, flags,
/// `--` to end options, `-` as a positional (stdin). Errors name the option and exit 64; an
/// unknown option names the nearest known one (`--feild`: did you mean '--field'?).
public struct ParsedArguments: Sendable {
    public private(set) var positionals: [String] = []
    var values: [String: [String]] = [:]

    public init(_ arguments: [String], options: [OptionSpec]) throws(StageFailure) {
        let specs = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" {
                values["help", default: []].append("")
                continue
            }
            guard argument.hasPrefix("--") else {
                throw .usage("unknown option '\(argument)'\(Self.suggestion(for: String(argument.dropFirst()), among: options, exact: true))")
            }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            guard let spec = specs[name] else { throw .usage("unknown option '--\(name)'\(Self.suggestion(for: name, among: options))") }
            switch spec.arity {
            case .flag:
                if inline != nil { throw .usage("option '--\(name)' takes no value") }
                values[name, default: []].append("")
            case .optionalValue:
                values[name, default: []].append(inline ?? "")
            case .value(let placeholder):
                if let inline {
                    values[name, default: []].append(inline)
                } else if index < arguments.count {
                    values[name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw .usage("option '--\(name)' needs a value (\(placeholder))")
                }
            }
        }
    }

    /// ` (did you mean '--field'?)` for a name near an option's (`exact`: or equal to it, for
    /// `-field`), else nothing.
    static func suggestion(for name: String, among options: [OptionSpec], exact: Bool = false) -> String {
        let names = options.map(\.name)
        guard let near = exact && names.contains(name) ? name : EditDistance.closest(to: name, among: names) else { return "" }
        return " (did you mean '--\(near)'?)"
    }

    /// For a command that takes no operands: a usage error naming the first one given.
    public func expectNoPositionals() throws(StageFailure) {
        if let first = positionals.first { throw .usage("unexpected argument '\(first)'") }
    }

    /// True when a flag (or an option with an optional value) was given.
    public func has(_ name: String) -> Bool { values[name] != nil }

    /// The last value given for an option.
    public subscript(name: String) -> String? { values[name]?.last }

    /// Every value given for a repeatable option, in order.
    public func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Comma-separated values, from one or several uses of the option: `--pk a,b --pk c`.
    public func list(_ name: String) -> [String] {
        all(name).flatMap { $0.split(separator: ",").map { $0.trimmingSpaces() } }.filter { !$0.isEmpty }
    }

    /// Names separated by commas (`--pk a,b --pk c`), none of them empty: `--pk ''`, `--pk ,`
    /// and `--pk ' '` name nothing, which would silently mean no key, so they are usage errors.
    public func names(_ name: String) throws(StageFailure) -> [String] {
        var names: [String] = []
        for value in all(name) {
            let given = value.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
            guard !given.contains(where: \.isEmpty) else {
                throw .usage("option '--\(name)' needs names separated by commas, none of them empty, got '\(value)'")
            }
            names += given
        }
        return names
    }

    public func int(_ name: String, default fallback: Int, range: ClosedRange<Int> = 0...Int.max) throws(StageFailure) -> Int {
        guard let text = self[name] else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw .usage("option '--\(name)' needs a whole number in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
        }
        return value
    }

    public func double(_ name: String, default fallback: Double, range: ClosedRange<Double>) throws(StageFailure) -> Double {
        guard let text = self[name] else { return fallback }
        guard let value = Double(text), range.contains(value) else {
            throw .usage("option '--\(name)' needs a number in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
        }
        return value
    }

    /// One of a fixed set of words.
    public func choice(_ name: String, from choices: [String], default fallback: String? = nil) throws(StageFailure) -> String? {
        guard let text = self[name] else { return fallback }
        guard choices.contains(text) else {
            throw .usage("option '--\(name)' must be one of \(choices.joined(separator: ", ")), got '\(text)'")
        }
        return text
    }
}
