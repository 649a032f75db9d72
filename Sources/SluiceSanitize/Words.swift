/// Word-level text operations on UTF-8 bytes: splitting, matching keys and title case. ASCII
/// takes a byte fast path; other scalars go through the standard library's case mapping.
///
///     Words.split("St. Francis  Blvd.")   // ["St", "Francis", "Blvd"]
///     Words.key("O'Farrell")               // "ofarrell"
///     Words.titleCased("O'FARRELL")        // "O'Farrell"
enum Words {
    /// Splits on spaces, tabs, periods, commas and control characters.
    static func split(_ text: String) -> [String] {
        var words: [String] = []
        var start: String.UTF8View.Index?
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            let separator = byte <= 0x20 || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") || byte == 0x7F
            if separator {
                if let first = start {
                    words.append(String(text[first..<index]))
                    start = nil
                }
            } else if start == nil {
                start = index
            }
            index = utf8.index(after: index)
        }
        if let first = start { words.append(String(text[first...])) }
        return words
    }

    /// Calls `body` with the UTF-8 bytes of `text` where they are: a `var` copy of the string to
    /// call the mutating `withUTF8` on cost a retain and a release per call.
    static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = text
        return text.withUTF8(body)
    }

    /// `text.lowercased()`, without the Unicode machinery when the text is ASCII (nearly always).
    static func lowercased(_ text: String) -> String {
        var hasUpper = false
        for byte in text.utf8 {
            if byte >= 0x80 { return text.lowercased() }
            if byte >= 0x41 && byte <= 0x5A { hasUpper = true }
        }
        guard hasUpper else { return text }
        return String(unsafeUninitializedCapacity: text.utf8.count) { buffer in
            var count = 0
            for byte in text.utf8 {
                buffer[count] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                count += 1
            }
            return count
        }
    }

    /// The lowercase matching form of a name: apostrophes and periods removed, hyphens and
    /// other punctuation as single spaces. `"Saint Mary's"` → `"saint marys"`.
    static func key(_ text: String) -> String {
        var asciiOnly = true
        // Written straight into the result's storage: a key of up to 15 bytes needs no allocation.
        let result = withBytes(of: text) { utf8 in
            String(unsafeUninitializedCapacity: utf8.count) { out in
                var count = 0
                var pendingSpace = false
                // U+2019 RIGHT SINGLE QUOTATION MARK is the typographic apostrophe: drop it like "'".
                var index = 0
                while index < utf8.count {
                    let byte = utf8[index]
                    if byte == 0xE2, index + 2 < utf8.count, utf8[index + 1] == 0x80, utf8[index + 2] == 0x99 {
                        index += 3
                        continue
                    }
                    index += 1
                    if byte == UInt8(ascii: "'") || byte == UInt8(ascii: ".") { continue }
                    let isAlphanumeric = (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80
                    if !isAlphanumeric {
                        pendingSpace = count > 0
                        continue
                    }
                    if pendingSpace {
                        out[count] = 0x20
                        count += 1
                        pendingSpace = false
                    }
                    if byte >= 0x80 { asciiOnly = false }
                    out[count] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                    count += 1
                }
                return count
            }
        }
        return asciiOnly ? result : result.lowercased()
    }

    /// Title case for a word written all in one case (`MASON`, `mason` → `Mason`;
    /// `O'FARRELL` → `O'Farrell`); mixed-case words (`McAllister`, `3rd`) are kept.
    static func titleCased(_ word: String) -> String {
        var hasUpper = false
        var hasLower = false
        var asciiOnly = true
        // Scanned as a byte buffer: iterating `String.UTF8View` cost about 25 more instructions a byte.
        withBytes(of: word) { utf8 in
            for byte in utf8 {
                if byte >= 0x41 && byte <= 0x5A { hasUpper = true }
                if byte >= 0x61 && byte <= 0x7A { hasLower = true }
                if byte >= 0x80 { asciiOnly = false }
            }
        }
        if hasUpper && hasLower { return word }
        guard asciiOnly else {
            return word.prefix(1).uppercased() + word.dropFirst().lowercased()
        }
        // No letters (`1980`, `&`): nothing to change.
        guard hasUpper || hasLower else { return word }
        // Written straight into the string's storage: a word of up to 15 bytes needs no allocation.
        return String(unsafeUninitializedCapacity: word.utf8.count) { out in
            withBytes(of: word) { utf8 in titleCase(utf8, into: out) }
        }
    }

    /// `titleCased`'s rule written into `out`; returns the count written (all of `word`).
    private static func titleCase(_ word: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var previous: UInt8 = 0x20
        var position = 0
        for byte in word {
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            // Capitalise word starts, after a hyphen, and after an O'/D'/L' style prefix.
            let startsPart =
                position == 0 || previous == UInt8(ascii: "-") || previous == UInt8(ascii: "/")
                || (previous == UInt8(ascii: "'") && position == 2)
            out[position] = startsPart && lower >= 0x61 && lower <= 0x7A ? lower & ~0x20 : lower
            previous = byte
            position += 1
        }
        return position
    }

    /// The parts present joined by `separator`, written straight into one string's storage:
    /// `[first, second, …].compactMap { $0 }.joined(separator:)` without the array, and without
    /// the standard library's per-append cost (about 200 instructions an `append`). With
    /// `skippingEmpty` empty parts are left out too.
    static func joined(
        _ first: String?, _ second: String?, _ third: String? = nil, _ fourth: String? = nil, _ fifth: String? = nil,
        separator: String, skippingEmpty: Bool = false
    ) -> String {
        // Static helpers rather than nested functions: captured counters would be boxed on the heap.
        var total = 0
        var count = 0
        measure(first, skippingEmpty, &total, &count)
        measure(second, skippingEmpty, &total, &count)
        measure(third, skippingEmpty, &total, &count)
        measure(fourth, skippingEmpty, &total, &count)
        measure(fifth, skippingEmpty, &total, &count)
        guard count > 0 else { return "" }
        // One part is the result as it is: a street's display form is usually its name alone.
        if count == 1 { return onlyPart(skippingEmpty, first, second, third, fourth, fifth) }
        total += (count - 1) * separator.utf8.count
        return String(unsafeUninitializedCapacity: total) { buffer in
            var written = 0
            var placed = 0
            put(first, separator, skippingEmpty, buffer, &written, &placed)
            put(second, separator, skippingEmpty, buffer, &written, &placed)
            put(third, separator, skippingEmpty, buffer, &written, &placed)
            put(fourth, separator, skippingEmpty, buffer, &written, &placed)
            put(fifth, separator, skippingEmpty, buffer, &written, &placed)
            return written
        }
    }

    /// The first part present (not nil, and not empty when `skippingEmpty`); no array, unlike a variadic.
    private static func onlyPart(
        _ skippingEmpty: Bool, _ first: String?, _ second: String?, _ third: String?, _ fourth: String?, _ fifth: String?
    ) -> String {
        func isPresent(_ part: String?) -> Bool { part.map { !(skippingEmpty && $0.isEmpty) } ?? false }
        if isPresent(first) { return first ?? "" }
        if isPresent(second) { return second ?? "" }
        if isPresent(third) { return third ?? "" }
        if isPresent(fourth) { return fourth ?? "" }
        return fifth ?? ""
    }

    private static func measure(_ part: String?, _ skippingEmpty: Bool, _ total: inout Int, _ count: inout Int) {
        guard let part, !(skippingEmpty && part.isEmpty) else { return }
        total += part.utf8.count
        count += 1
    }

    private static func put(
        _ part: String?, _ separator: String, _ skippingEmpty: Bool, _ buffer: UnsafeMutableBufferPointer<UInt8>,
        _ written: inout Int, _ placed: inout Int
    ) {
        guard let part, !(skippingEmpty && part.isEmpty) else { return }
        if placed > 0 { copy(separator, buffer, &written) }
        copy(part, buffer, &written)
        placed += 1
    }

    /// Copies the text's bytes from where they are (`withBytes(of:)`).
    private static func copy(_ text: String, _ buffer: UnsafeMutableBufferPointer<UInt8>, _ written: inout Int) {
        let at = written
        written += withBytes(of: text) { bytes in
            if let source = bytes.baseAddress, let target = buffer.baseAddress { (target + at).initialize(from: source, count: bytes.count) }
            return bytes.count
        }
    }
}
