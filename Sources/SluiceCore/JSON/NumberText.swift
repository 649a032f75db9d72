#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A JSON number's text (already checked against the grammar) read as a double: the nearest one
/// (`double`, as `strtod` and Python's `float()` read it: `sluice-stats`), a plain decimal
/// without a parse (`shortDouble`), or only when a double gives back exactly the number written
/// (`exactDouble`: `sluice-load`, which otherwise keeps the text).
///
///     NumberText.double("37.791234")                   // 37.791234
///     NumberText.double("1e400")                       // +infinity, as float("1e400")
///     NumberText.exactDouble("478848.7796333025")      // 478848.7796333025 (17 digits that survive)
///     NumberText.exactDouble("0.12345678901234567890") // nil: a double keeps 17 digits at most
///     NumberText.Decimal("1.50e2") == NumberText.Decimal("150")   // true: the same number
public enum NumberText {
    /// 10^0 … 10^22: every one exact in a double. Written out so that the table is laid out at
    /// compile time: a computed one cost a `swift_once` check on every read from another module.
    public static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
        1e21, 1e22,
    ]

    /// The nearest double: at most 15 digits and no exponent by integer arithmetic (the fast path
    /// of `shortDouble`, whole numbers too, counting every digit: the cheapest test, as stats
    /// reads every number), anything else by `strtod`.
    ///
    /// - Complexity: O(n) in the text; `strtod` only for exponents and long numbers.
    @inlinable
    public static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        var index = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var inFraction = false
        while index < text.count {
            let byte = text[index]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                digits += 1
                if inFraction { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !inFraction {
                inFraction = true
            } else {
                return strtod(text)  // an exponent
            }
            index += 1
        }
        guard digits <= 15 else { return strtod(text) }
        var value = Double(mantissa)
        if fractionDigits > 0 { value /= powersOfTen[fractionDigits] }
        return negative ? -value : value
    }

    public static func double(_ text: String) -> Double {
        var text = text
        return text.withUTF8 { double($0) }
    }

    /// A plain decimal (`-37.795523`: a point, no exponent) of at most 15 significant digits,
    /// without a parse; nil for any other number (`exactDouble` decides those; `sluice-load`
    /// reads whole numbers as integers first). Its digits are exact in a double, divided by a
    /// power of ten that is exact too, and one division rounds correctly — as the full parse
    /// does (Clinger's fast path, which `double` takes too).
    @inlinable @inline(__always)
    public static func shortDouble(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var digits: UInt64 = 0
        var counted = 0
        var fraction = -1
        while index < text.count {
            let byte = text[index]
            index += 1
            if byte == UInt8(ascii: ".") {
                fraction = 0
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            if fraction >= 0 { fraction += 1 }
            digits = digits &* 10 &+ UInt64(digit)
            if digits > 0 { counted += 1 }
        }
        guard counted <= 15, fraction > 0, fraction < powersOfTen.count else { return nil }
        let value = Double(digits) / powersOfTen[fraction]
        return negative ? -value : value
    }

    @usableFromInline
    static func strtod(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { buffer in
            for index in 0..<text.count { buffer[index] = CChar(bitPattern: text[index]) }
            buffer[text.count] = 0
            guard let start = buffer.baseAddress else { return 0 }
            #if canImport(Glibc)
                return Glibc.strtod(start, nil)
            #else
                return Darwin.strtod(start, nil)
            #endif
        }
    }

    /// The double whose shortest decimal form is the number `text` writes, or nil when there is
    /// none: more significant digits than survive a double, or out of a double's range.
    ///
    /// - Complexity: one `Double` parse; numbers of more than 15 significant digits (or beyond
    ///   the normal range) are also printed back and compared.
    public static func exactDouble(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        var text = text
        let significant = text.withUTF8(significantDigits)
        if significant == 0 { return value }  // a zero (its sign aside)
        if value == 0 { return nil }  // underflow
        // Up to 15 significant digits in the normal range, a double always reads back the same.
        if significant <= 15, value.magnitude >= Double.leastNormalMagnitude { return value }
        var shortest = value.description
        let written = text.withUTF8 { Decimal($0) }
        return shortest.withUTF8 { Decimal($0) } == written ? value : nil
    }

    /// The number of significant digits of a number's text (`0.0120` has 2), without allocating.
    public static func significantDigits(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var zeros = 0
        for byte in text {
            if byte | 0x20 == UInt8(ascii: "e") { break }
            if byte == UInt8(ascii: "0") {
                if count > 0 { zeros += 1 }
            } else if byte &- UInt8(ascii: "1") < 9 {
                count += zeros + 1
                zeros = 0
            }
        }
        return count
    }
    /// A decimal number reduced to its significant digits and exponent, so that two texts of the
    /// same number compare equal (`1.50e2`, `150`, `150.0`): value = 0.DIGITS × 10^exponent.
    /// Zero has no digits and no sign. Reads JSON numbers and Swift's `Double.description`.
    public struct Decimal: Equatable, Sendable {
        public var negative = false
        /// ASCII digits, without leading or trailing zeros.
        public var digits: [UInt8] = []
        public var exponent = 0

        public init(_ text: UnsafeBufferPointer<UInt8>) {
            var index = 0
            if index < text.count, text[index] == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            // DIGITS (all of them, leading zeros included) × 10^(digits before the point).
            var pointSeen = false
            var digitsBeforePoint = 0
            var leadingZeros = 0
            while index < text.count {
                let byte = text[index]
                if byte == UInt8(ascii: ".") {
                    pointSeen = true
                } else if byte &- UInt8(ascii: "0") < 10 {
                    if digits.isEmpty, byte == UInt8(ascii: "0") { leadingZeros += 1 } else { digits.append(byte) }
                    if !pointSeen { digitsBeforePoint += 1 }
                } else {
                    break
                }
                index += 1
            }
            exponent = digitsBeforePoint - leadingZeros
            if index < text.count, text[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                var sign = 1
                if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                    sign = text[index] == UInt8(ascii: "-") ? -1 : 1
                    index += 1
                }
                var written = 0
                while index < text.count, text[index] &- UInt8(ascii: "0") < 10 {
                    // Saturates: no double or 64-bit integer is anywhere near 10^(10^9).
                    written = min(written * 10 + Int(text[index] &- UInt8(ascii: "0")), 1_000_000_000)
                    index += 1
                }
                exponent += sign * written
            }
            while digits.last == UInt8(ascii: "0") { digits.removeLast() }
            if digits.isEmpty {
                negative = false
                exponent = 0
            }
        }

        public init(_ text: String) {
            var text = text
            self = text.withUTF8 { Decimal($0) }
        }
    }
}
