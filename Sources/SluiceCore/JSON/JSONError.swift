/// Why a JSON text could not be read, and where: `offset` counts bytes from the start of the
/// text (so a diagnostic shows it as a 1-based column).
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The text is not JSON.
        case syntax
        /// A string holds bytes that are not UTF-8.
        case invalidUTF8
        /// Arrays and objects nested deeper than the parser allows.
        case tooDeep
    }

    public var kind: Kind
    public var message: String
    public var offset: Int

    public init(_ kind: Kind, _ message: String, offset: Int) {
        self.kind = kind
        self.message = message
        self.offset = offset
    }

    public var description: String { "\(message) at column \(offset + 1)" }
}
