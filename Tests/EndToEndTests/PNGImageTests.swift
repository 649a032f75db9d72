import CZlib
import Foundation
import Testing

/// The PNG reader the browser test counts pixels with: each row filter (PNG §9.2) undone, the
/// colour of each pixel back as it was.
@Suite struct PNGImageTests {
    /// A PNG of `pixels` (RGB rows), each row written with the filter given for it.
    static func png(width: Int, rows pixels: [[UInt8]], filters: [UInt8]) throws -> Data {
        var raw: [UInt8] = []
        for (index, row) in pixels.enumerated() {
            let above = index > 0 ? pixels[index - 1] : [UInt8](repeating: 0, count: row.count)
            raw.append(filters[index])
            for column in row.indices {
                let a = column >= 3 ? Int(row[column - 3]) : 0
                let b = Int(above[column])
                let c = column >= 3 ? Int(above[column - 3]) : 0
                let predicted: Int
                switch filters[index] {
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c
                    predicted = abs(p - a) <= abs(p - b) && abs(p - a) <= abs(p - c) ? a : (abs(p - b) <= abs(p - c) ? b : c)
                default: predicted = 0
                }
                raw.append(UInt8(truncatingIfNeeded: Int(row[column]) - predicted))
            }
        }
        var compressed = [UInt8](repeating: 0, count: raw.count + 64)
        var length = uLongf(compressed.count)
        let status = compressed.withUnsafeMutableBufferPointer { out in
            raw.withUnsafeBufferPointer { compress(out.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }
        try #require(status == Z_OK)
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let count = UInt32(body.count)
            // The reader does not check CRCs; four zero bytes stand in for it.
            return [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)] + Array(type.utf8) + body + [
                0, 0, 0, 0,
            ]
        }
        let header: [UInt8] = [0, 0, 0, UInt8(width), 0, 0, 0, UInt8(pixels.count), 8, 2, 0, 0, 0]
        return Data(
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", Array(compressed[..<Int(length)]))
                + chunk("IEND", []))
    }

    @Test func undoesEveryRowFilter() throws {
        let rows: [[UInt8]] = (0..<5).map { row in (0..<9).map { UInt8(truncatingIfNeeded: 37 * row + 91 * $0 + ($0 % 3) * 200) } }
        let image = try PNGImage(try Self.png(width: 3, rows: rows, filters: [0, 1, 2, 3, 4]))
        #expect(image.width == 3 && image.height == 5 && image.channels == 3)
        #expect(image.pixels == rows.flatMap { $0 })
        let first = rows[0]
        #expect(image.colour(x: 0, y: 0) == String(format: "#%02x%02x%02x", first[0], first[1], first[2]))
        #expect(image.colourCounts(x: 0, y: 0, width: 10, height: 10).values.reduce(0, +) == 15)
    }

    @Test func refusesWhatItCannotRead() {
        #expect(throws: PNGImage.Failure.self) { try PNGImage(Data("GIF89a".utf8)) }
    }
}
