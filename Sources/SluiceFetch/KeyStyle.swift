import SluiceCore

/// How CSV header cells become record keys.
enum KeyStyle: String, CaseIterable {
    /// Exactly as written in the header.
    case asIs = "as-is"
    /// `Release Year` → `release_year`, `Actor 1` → `actor_1`, `lastTouched` → `last_touched`.
    case snakeCase = "snake_case"

    func apply(_ header: String) -> String {
        switch self {
        case .asIs: header
        case .snakeCase: KeyStyle.snakeCased(header)
        }
    }

    static func snakeCased(_ text: String) -> String {
        var out = ""
        var pendingUnderscore = false
        var previousWasLower = false
        for scalar in text.unicodeScalars {
            let isAlphanumeric = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            guard isAlphanumeric else {
                pendingUnderscore = !out.isEmpty
                previousWasLower = false
                continue
            }
            let isUpper = scalar.properties.isUppercase
            if (pendingUnderscore || (isUpper && previousWasLower)) && !out.isEmpty { out += "_" }
            pendingUnderscore = false
            out += scalar.properties.lowercaseMapping
            previousWasLower = scalar.properties.isLowercase || scalar.properties.numericType != nil
        }
        return out
    }

    /// Keys for a header row: styled, empty ones named `column_N`, repeats suffixed `_2`, `_3`.
    func keys(for header: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return header.enumerated().map { index, cell in
            var key = apply(cell.trimmingSpaces())
            if key.isEmpty { key = "column_\(index + 1)" }
            let count = seen[key, default: 0] + 1
            seen[key] = count
            return count == 1 ? key : "\(key)_\(count)"
        }
    }
}

/// How CSV cells become JSON values.
enum CellTyping {
    /// Every cell a string (`"02134"` stays a string; nothing is guessed).
    case text
    /// Canonical integers and decimals become numbers, empty cells null; everything else text.
    case infer

    func value(_ cell: String) -> JSONValue {
        guard case .infer = self else { return .string(cell) }
        if cell.isEmpty { return .null }
        return CellTyping.isCanonicalNumber(cell) ? .number(cell) : .string(cell)
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?`, short enough to survive a round trip through a double:
    /// no leading zeros (zip codes), no `+`, no exponent, no thousands separators.
    static func isCanonicalNumber(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let integer = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard !integer.isEmpty, integer.count <= 15, integer.count == 1 || integer.first != UInt8(ascii: "0") else { return false }
        let rest = bytes.dropFirst(integer.count)
        if rest.isEmpty { return true }
        guard rest.first == UInt8(ascii: "."), rest.count >= 2, rest.count <= 16 else { return false }
        return rest.dropFirst().allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
