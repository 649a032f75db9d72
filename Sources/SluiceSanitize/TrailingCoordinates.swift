/// A point written after an address, as Socrata's location columns export it: `6555 BURNET RD
/// AUSTIN, TX 78757 (30.34132, -97.73801)`. The pair is where a geocoder once put the address,
/// not a part of it (it was read as a second location, and the town and ZIP code were lost).
public enum TrailingCoordinates {
    /// The text without a latitude and longitude in brackets at its end: `311 W 5TH ST
    /// (30.26804, -97.74639)` → `311 W 5TH ST`. Each number has a fraction and lies in range
    /// (latitude within ±90, longitude ±180); anything else is as it was.
    ///
    /// - Complexity: O(n) in the length of the text.
    static func removed(from text: String) -> String {
        let bytes = Array(text.utf8)
        guard let open = pair(in: bytes)?.open else { return text }
        var end = open
        while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == UInt8(ascii: ",") { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// The latitude and longitude in brackets at the end of `text`, as `removed` finds them: a
    /// location column's point, alone (`(30.26804, -97.74639)`) or after its address (the
    /// gazetteer builder's `--point-property`). Nil when there are none.
    public static func point(in text: String) -> (lat: Double, lon: Double)? {
        pair(in: Array(text.utf8)).map { ($0.lat, $0.lon) }
    }

    /// Where the bracketed pair ending `bytes` opens, and its numbers.
    static func pair(in bytes: [UInt8]) -> (open: Int, lat: Double, lon: Double)? {
        guard bytes.last == UInt8(ascii: ")"), let open = bytes.lastIndex(of: UInt8(ascii: "(")) else { return nil }
        let inside = bytes[(open + 1)..<(bytes.count - 1)]
        guard let comma = inside.firstIndex(of: UInt8(ascii: ",")),
            let lat = degrees(inside[..<comma]), let lon = degrees(inside[(comma + 1)...]),
            abs(lat) <= 90, abs(lon) <= 180
        else { return nil }
        return (open, lat, lon)
    }

    /// A signed decimal with a fraction, spaces around it: ` -97.73801`.
    static func degrees(_ bytes: ArraySlice<UInt8>) -> Double? {
        let trimmed = bytes.drop { $0 == 0x20 }.reversed().drop { $0 == 0x20 }.reversed()
        let text = String(decoding: trimmed, as: UTF8.self)
        guard text.contains("."), text.last?.isNumber == true,
            text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") })
        else { return nil }
        return Double(text)
    }
}
