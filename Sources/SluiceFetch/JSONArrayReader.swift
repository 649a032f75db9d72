import SluiceCore

/// Streams the elements of a top-level JSON array without holding the document: it tracks
/// nesting and strings byte by byte, collects one element's bytes at a time and hands them
/// over, so memory is the largest element, not the file.
///
///     [ {"a":1},
///       {"a":2} ]   →  `{"a":1}` (element 1, line 1), `{"a":2}` (element 2, line 2)
struct JSONArrayReader {
    var chunks: ByteChunks

    init(fd: Int32, prefix: [UInt8]) {
        chunks = ByteChunks(fd: fd, prefix: prefix)
    }

    enum Phase { case beforeArray, beforeElement, inElement, afterElement, done }

    /// A structural error in the document, with the line it was found on.
    struct Failure: Error {
        var line: Int
        var message: String
    }

    /// The document ends before the array does: inside an element (its bytes so far, its number
    /// and first line) or between two (no element; the last line).
    struct Cut: Error {
        var element: [UInt8]?
        var number: Int
        var line: Int
    }

    /// Calls `body(elementBytes, elementNumber, line)` for each element in order; throws `Cut`
    /// when the input ends before the array does, `Failure` when it is not a JSON array.
    mutating func forEachElement(_ body: (UnsafeBufferPointer<UInt8>, Int, Int) throws -> Void) throws {
        var phase = Phase.beforeArray
        var element: [UInt8] = []
        var depth = 0
        var inString = false
        var escaped = false
        var line = 1
        var elementLine = 1
        var count = 0
        var first = true

        func finishElement() throws {
            count += 1
            try element.withUnsafeBufferPointer { try body($0, count, elementLine) }
            element.removeAll(keepingCapacity: true)
        }

        try chunks.forEach { bytes in
            var index = 0
            if first {
                first = false
                if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == 0x0A { line += 1 }
                let isSpace = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
                switch phase {
                case .beforeArray:
                    if isSpace { continue }
                    guard byte == UInt8(ascii: "[") else { throw Failure(line: line, message: "expected '[' to start a JSON array") }
                    phase = .beforeElement
                case .beforeElement, .afterElement:
                    if isSpace { continue }
                    if byte == UInt8(ascii: "]"), phase == .afterElement || count == 0 {
                        phase = .done
                    } else if byte == UInt8(ascii: ","), phase == .afterElement {
                        phase = .beforeElement
                    } else if phase == .beforeElement, byte == UInt8(ascii: "]") || byte == UInt8(ascii: ",") {
                        throw Failure(
                            line: line,
                            message: byte == UInt8(ascii: "]")
                                ? "a trailing comma before ']' (JSON allows none after the last element)" : "expected an element, found ','")
                    } else if phase == .beforeElement {
                        phase = .inElement
                        elementLine = line
                        element.append(byte)
                        if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth = 1 }
                        if byte == UInt8(ascii: "\"") { inString = true }
                    } else {
                        throw Failure(line: line, message: "expected ',' or ']' after an array element")
                    }
                case .inElement:
                    if inString {
                        element.append(byte)
                        if escaped {
                            escaped = false
                        } else if byte == UInt8(ascii: "\\") {
                            escaped = true
                        } else if byte == UInt8(ascii: "\"") {
                            inString = false
                        }
                        continue
                    }
                    let endsScalar = depth == 0 && (isSpace || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]"))
                    if endsScalar {
                        try finishElement()
                        phase = .afterElement
                        index -= 1  // let the separator be read in its own phase
                        if byte == 0x0A { line -= 1 }
                        continue
                    }
                    element.append(byte)
                    switch byte {
                    case UInt8(ascii: "\""): inString = true
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            try finishElement()
                            phase = .afterElement
                        }
                    default: break
                    }
                case .done:
                    if !isSpace { throw Failure(line: line, message: "unexpected data after the end of the array") }
                }
            }
        }
        switch phase {
        case .done: return
        case .beforeArray: throw Failure(line: line, message: "the document is empty")
        case .inElement: throw Cut(element: element, number: count + 1, line: elementLine)
        case .beforeElement, .afterElement: throw Cut(element: nil, number: count, line: line)
        }
    }
}
