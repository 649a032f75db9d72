import SluiceCore

/// How a column converts what is stored in it: SQLite's type affinity, from the column's declared
/// type (https://sqlite.org/datatype3.html, 3.1). It decides how a value is bound so that
/// nothing is converted into something else:
///
/// | value                                   | TEXT column     | INTEGER, NUMERIC, REAL column | no type (BLOB) |
/// |-----------------------------------------|-----------------|-------------------------------|----------------|
/// | a string                                | TEXT            | TEXT; BLOB of its UTF-8 when SQLite would read it as a number (`007`, `1e5`, ` 12`) | TEXT |
/// | a 64-bit integer                        | its digits      | INTEGER (REAL column: BLOB of its text beyond ±2^53) | INTEGER |
/// | another number a double holds exactly   | its JSON text   | REAL                          | REAL           |
/// | any other number (`1e400`, 30 digits)   | its JSON text   | BLOB of its JSON text         | its JSON text  |
enum ColumnAffinity: Equatable {
    case text, numeric, integer, real, blob

    /// The affinity SQLite gives a declared type, by its rules in order: `INT` → INTEGER; `CHAR`,
    /// `CLOB`, `TEXT` → TEXT; `BLOB` or none → BLOB; `REAL`, `FLOA`, `DOUB` → REAL; else NUMERIC.
    init(declaredType: String) {
        let type = declaredType.uppercased()
        if type.contains("INT") {
            self = .integer
        } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
            self = .text
        } else if type.isEmpty || type.contains("BLOB") {
            self = .blob
        } else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
            self = .real
        } else {
            self = .numeric
        }
    }

    /// Whether the column turns text that reads as a number into a number.
    var convertsText: Bool { self == .numeric || self == .integer || self == .real }

    /// Whether SQLite reads `text` as a number when it goes into a numeric column: optional ASCII
    /// white space, a sign, digits with at most one point (at least one digit), an exponent with
    /// digits, white space. (`0x10`, `1e`, `Infinity`, `１２` and text holding NUL stay text.)
    static func readsAsNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        func skipDigits() -> Int {
            let start = index
            while index < text.count, text[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - start
        }
        while index < text.count, isSpace(text[index]) { index += 1 }
        if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
        var digits = skipDigits()
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            digits += skipDigits()
        }
        guard digits > 0 else { return false }
        if index < text.count, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { return false }
        }
        while index < text.count, isSpace(text[index]) { index += 1 }
        return index == text.count
    }
}

extension SQLValue {
    /// Whether `stored(in:)` would give the value back as it is: the common case, checked
    /// without copying the value.
    func isStoredAsIs(in affinity: ColumnAffinity) -> Bool {
        switch self {
        case .null, .real, .blobText: true
        case .integer(let number): affinity != .real || number.magnitude <= 1 << 53
        case .text: !affinity.convertsText
        case .number: false
        }
    }

    /// The value to bind so that a column of this affinity stores it without changing it (see
    /// the table of `ColumnAffinity`).
    func stored(in affinity: ColumnAffinity) -> SQLValue {
        switch self {
        case .null, .real, .blobText: return self
        case .integer(let number):
            // A REAL column turns an integer into a double, exact only up to 2^53.
            guard affinity == .real, number.magnitude > 1 << 53 else { return self }
            return .blobText(String(number))
        case .number(let text):
            if affinity == .text { return .text(text) }
            if let exact = NumberText.exactDouble(text) { return .real(exact) }
            return affinity == .blob ? .text(text) : .blobText(text)
        case .text(var text):
            guard affinity.convertsText, text.withUTF8(ColumnAffinity.readsAsNumber) else { return self }
            return .blobText(text)
        }
    }
}
