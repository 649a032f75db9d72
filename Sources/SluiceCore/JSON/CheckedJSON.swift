/// Steps over JSON text that a check already passed (a record `NDJSONRecord` checked, or a
/// member's text inside one): where spaces, a string or a value end, without checking again.
/// The way to skip a value in a checked record: a member's text found by path
/// (`NDJSONRecord+Nested`). Three walkers are not this one: `JSONParser.skipValue` is the
/// check itself; fetch's `JSONArrayReader` splits text nobody has checked yet, a chunk of a
/// file at a time; `sluice-load`'s `FlatRow.Scanner` walks a whole checked line without bounds
/// (its closing brace stops every loop) while it collects leaves, and shares only
/// `quoteOrBackslash`: on the bounded functions `sluice-load` took 0.43% more instructions, on
/// `stringEnd` alone 0.5%.
///
///     let text = #"{"raw":"Mason St","key":"mason st"} "#   // as bytes
///     CheckedJSON.valueEnd(text, from: 0)        // 35, after the closing brace
///     CheckedJSON.stringEnd(text, from: 2)       // (5, false): the quote after `raw`
///
/// Every index is within `bytes`; text that was not checked gives some index, never a crash.
/// - Complexity: O(n) in the bytes stepped over; strings eight bytes at a time.
public enum CheckedJSON {
    @inlinable @inline(__always)
    public static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// The index of the first byte from `start` that is not a space (or `bytes.count`).
    @inlinable @inline(__always)
    public static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count, isSpace(bytes[index]) { index &+= 1 }
        return index
    }

    /// The offset of the first quote or backslash among the eight bytes of `word` (read
    /// little-endian from the text), or nil: how string scans step eight bytes at a time, here
    /// and in `FlatRow.Scanner`'s unbounded walk.
    @inlinable @inline(__always)
    public static func quoteOrBackslash(in word: UInt64) -> Int? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        // The high bit of a byte that is a quote or a backslash (the lowest one exact).
        let flags = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash) & (ones &* 0x80)
        return flags == 0 ? nil : flags.trailingZeroBitCount &>> 3
    }

    /// The index of the quote closing the string whose text starts at `start` (just after its
    /// opening quote), and whether the text has an escape. Eight bytes at a time while no quote
    /// or backslash is among them.
    @inlinable @inline(__always)
    public static func stringEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, escaped: Bool) {
        guard let base = bytes.baseAddress else { return (start, false) }
        let count = bytes.count
        var index = start
        var escaped = false
        while index < count {
            while index &+ 8 <= count {
                if let offset = quoteOrBackslash(in: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                    index &+= offset
                    break
                }
                index &+= 8
            }
            guard index < count else { break }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") { return (index, escaped) }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index &+= 2
            } else {
                index &+= 1
            }
        }
        return (count, escaped)
    }

    /// The index after the object or array starting at `start`: its matching bracket, strings
    /// stepped over whole.
    @inlinable
    public static func containerEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""): index = stringEnd(bytes, from: index &+ 1).end
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth &+= 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth &-= 1
                if depth == 0 { return index &+ 1 }
            default: break
            }
            index &+= 1
        }
        return bytes.count
    }

    /// The index after the value starting at `start`: a string past its closing quote, an object
    /// or array past its closing bracket, a number or literal up to what ends it.
    @inlinable
    public static func valueEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count else { return start }
        switch bytes[start] {
        case UInt8(ascii: "\""): return min(stringEnd(bytes, from: start &+ 1).end &+ 1, bytes.count)
        case UInt8(ascii: "{"), UInt8(ascii: "["): return containerEnd(bytes, from: start)
        default:
            var index = start
            while index < bytes.count {
                let byte = bytes[index]
                if isSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { break }
                index &+= 1
            }
            return index
        }
    }
}
