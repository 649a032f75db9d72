/// Text from data made safe to show on a terminal: every control character (C0, DEL and C1,
/// which terminals read as commands: `ESC ] 0;…` sets the window title, `ESC [2J` clears the
/// screen) and the bidirectional overrides (which reorder what is shown) written as JSON writes
/// an escape (`\n`, `\t`, `\r`, `\u001b`). Every place that shows text from data (diagnostics,
/// `--label`'s pairs, the tools' reports, sluice-stats' table) goes through it.
///
///     TerminalText.escaped("Cafe\u{1B}]0;PWNED\u{07}")   // Cafe\u001b]0;PWNED\u0007
///     TerminalText.escaped("a\nb", keepingNewlines: true) // unchanged: the lines of a report
///
/// The escaped text is for reading, not for parsing back: a backslash is left as it is.
/// - Complexity: O(n); text without such characters is returned after one pass over its bytes.
public enum TerminalText {
    public static func escaped(_ text: some StringProtocol, keepingNewlines: Bool = false) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }),
            text.unicodeScalars.contains(where: { needsEscape($0) && !(keepingNewlines && $0 == "\n") })
        else { return String(text) }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar), !(keepingNewlines && scalar == "\n") else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
        return out
    }

    /// C0 controls, DEL, C1 controls, and the embeddings, overrides and isolates of the
    /// bidirectional algorithm (U+202A–U+202E, U+2066–U+2069).
    @inline(__always)
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
