/// A tolerant HTML tokenizer: start tags with their attributes, end tags and text, in document
/// order. Comments, doctypes and the contents of `<script>` and `<style>` are skipped; a `<`
/// that starts no tag is text; unquoted and valueless attributes, upper-case names and a file
/// that ends inside a tag are all accepted, as browsers accept them.
///
///     HTMLTokenizer.tokens(#"<td class=x>Pilot &amp; Co<br></td>"#)
///     // [.start("td", [("class", "x")]), .text("Pilot &amp; Co"), .start("br", []), .end("td")]
///
/// Text is returned raw; ``HTMLEntities`` decodes it.
/// - Complexity: O(n) in the length of the page.
enum HTMLToken: Equatable {
    case start(String, [Attribute])
    case end(String)
    case text(String)

    struct Attribute: Equatable {
        var name: String
        var value: String
    }

    /// The value of an attribute of a start tag.
    func attribute(_ name: String) -> String? {
        guard case .start(_, let attributes) = self else { return nil }
        return attributes.first { $0.name == name }?.value
    }
}

enum HTMLTokenizer {
    static let rawTextElements: Set<String> = ["script", "style", "textarea", "title"]

    static func tokens(_ html: String) -> [HTMLToken] {
        let bytes = Array(html.utf8)
        var tokens: [HTMLToken] = []
        var index = 0
        var textStart = 0

        func flushText(upTo end: Int) {
            if end > textStart { tokens.append(.text(String(decoding: bytes[textStart..<end], as: UTF8.self))) }
        }

        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count else {
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                flushText(upTo: index)
                let isComment = bytes[index...].starts(with: Array("<!--".utf8))
                index = isComment ? end(of: "-->", in: bytes, from: index + 4) : end(of: ">", in: bytes, from: index + 2)
                textStart = index
                continue
            }
            let isEnd = next == UInt8(ascii: "/")
            let nameStart = isEnd ? index + 2 : index + 1
            guard nameStart < bytes.count, isLetter(bytes[nameStart]) else {
                index += 1  // a lone '<' is text
                continue
            }
            flushText(upTo: index)
            var cursor = nameStart
            while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">"), bytes[cursor] != UInt8(ascii: "/") {
                cursor += 1
            }
            let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self).lowercased()
            let (attributes, after) = readAttributes(bytes, from: cursor)
            index = after
            textStart = index
            if isEnd {
                tokens.append(.end(name))
                continue
            }
            tokens.append(.start(name, attributes))
            if rawTextElements.contains(name) {
                // Everything up to the closing tag is not markup; only <title>'s text is kept.
                let close = Array("</\(name)".utf8)
                var scan = index
                while scan < bytes.count, !bytes[scan...].starts(with: close), !startsCaseInsensitive(bytes, at: scan, close) { scan += 1 }
                if name == "title" || name == "textarea" { flushText(upTo: scan) }
                index = end(of: ">", in: bytes, from: scan)
                textStart = index
                tokens.append(.end(name))
            }
        }
        flushText(upTo: bytes.count)
        return tokens
    }

    /// Reads `name="v" name='v' name=v name` up to the tag's `>`; returns them and the index after it.
    static func readAttributes(_ bytes: [UInt8], from start: Int) -> ([HTMLToken.Attribute], Int) {
        var attributes: [HTMLToken.Attribute] = []
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { return (attributes, index + 1) }
            if isSpace(byte) || byte == UInt8(ascii: "/") {
                index += 1
                continue
            }
            let nameStart = index
            while index < bytes.count, !isSpace(bytes[index]), ![UInt8(ascii: "="), UInt8(ascii: ">")].contains(bytes[index]) { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            var value = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                    let quote = bytes[index]
                    let valueStart = index + 1
                    index = valueStart
                    while index < bytes.count, bytes[index] != quote { index += 1 }
                    value = String(decoding: bytes[valueStart..<min(index, bytes.count)], as: UTF8.self)
                    index += 1
                } else {
                    let valueStart = index
                    while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                    value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
                }
            }
            attributes.append(HTMLToken.Attribute(name: name, value: HTMLEntities.decode(value)))
        }
        return (attributes, bytes.count)
    }

    static func end(of marker: String, in bytes: [UInt8], from start: Int) -> Int {
        let pattern = Array(marker.utf8)
        var index = start
        while index < bytes.count {
            if bytes[index...].starts(with: pattern) { return index + pattern.count }
            index += 1
        }
        return bytes.count
    }

    static func startsCaseInsensitive(_ bytes: [UInt8], at index: Int, _ pattern: [UInt8]) -> Bool {
        guard index + pattern.count <= bytes.count else { return false }
        for offset in pattern.indices where bytes[index + offset] | 0x20 != pattern[offset] | 0x20 { return false }
        return true
    }

    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C }
}
