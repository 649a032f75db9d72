#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A JSON number's text (already checked against the grammar) read as the nearest double, as
/// `strtod` and Python's `float()` read it: the usual short forms by integer arithmetic
/// (Clinger's fast path: at most 15 digits and no exponent, so the digits and the power of ten
/// are exact doubles and one division rounds correctly), anything else by `strtod`.
///
///     NumberText.double("37.791234")   // 37.791234
///     NumberText.double("-0")          // -0.0
///     NumberText.double("1e400")       // +infinity, as float("1e400")
enum NumberText {
    static let powersOfTen: [Double] = (0...22).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }

    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double {
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
                return slow(text)  // an exponent
            }
            index += 1
        }
        guard digits <= 15 else { return slow(text) }
        var value = Double(mantissa)
        if fractionDigits > 0 { value /= powersOfTen[fractionDigits] }
        return negative ? -value : value
    }

    static func double(_ text: String) -> Double {
        var text = text
        return text.withUTF8 { double($0) }
    }

    private static func slow(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { buffer in
            for index in 0..<text.count { buffer[index] = CChar(bitPattern: text[index]) }
            buffer[text.count] = 0
            guard let start = buffer.baseAddress else { return 0 }
            return strtod(start, nil)
        }
    }
}
