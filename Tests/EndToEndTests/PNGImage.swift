import CZlib
import Foundation

/// A PNG read into RGB pixels, enough for the browser's screenshots: 8-bit RGB or RGBA, not
/// interlaced. The IDAT chunks are one zlib stream (inflated by the system's zlib); each row
/// starts with its filter byte (PNG §9: None, Sub, Up, Average, Paeth).
struct PNGImage {
    let width: Int
    let height: Int
    /// Bytes per pixel in `pixels` (3 or 4).
    let channels: Int
    let pixels: [UInt8]

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure(description: "not a PNG") }
        var offset = 8
        var header: [UInt8] = []
        var compressed: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            guard offset + 12 + length <= bytes.count else { throw Failure(description: "chunk \(type) runs past the end") }
            let body = bytes[offset + 8..<offset + 8 + length]
            if type == "IHDR" { header = Array(body) }
            if type == "IDAT" { compressed += body }
            if type == "IEND" { break }
            offset += 12 + length
        }
        guard header.count == 13 else { throw Failure(description: "no IHDR") }
        width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        guard header[8] == 8, header[12] == 0, header[9] == 2 || header[9] == 6 else {
            throw Failure(description: "only 8-bit RGB/RGBA without interlacing is read (depth \(header[8]), colour type \(header[9]))")
        }
        channels = header[9] == 6 ? 4 : 3
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: height * (stride + 1))
        var rawLength = uLongf(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            compressed.withUnsafeBufferPointer { input in
                uncompress(out.baseAddress, &rawLength, input.baseAddress, uLong(input.count))
            }
        }
        guard status == Z_OK, Int(rawLength) == raw.count else {
            throw Failure(description: "zlib: status \(status), \(rawLength) of \(raw.count) bytes")
        }
        pixels = try Self.unfilter(raw, rows: height, stride: stride, bytesPerPixel: channels)
    }

    static func unfilter(_ raw: [UInt8], rows: Int, stride: Int, bytesPerPixel: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rows * stride)
        for row in 0..<rows {
            let filter = raw[row * (stride + 1)]
            let input = row * (stride + 1) + 1
            let start = row * stride
            for column in 0..<stride {
                let x = raw[input + column]
                let a = column >= bytesPerPixel ? Int(out[start + column - bytesPerPixel]) : 0
                let b = row > 0 ? Int(out[start - stride + column]) : 0
                let c = row > 0 && column >= bytesPerPixel ? Int(out[start - stride + column - bytesPerPixel]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Failure(description: "unknown filter \(filter) on row \(row)")
                }
                out[start + column] = UInt8(truncatingIfNeeded: Int(x) + predicted)
            }
        }
        return out
    }

    /// The pixel's colour as `#rrggbb`.
    func colour(x: Int, y: Int) -> String {
        let index = (y * width + x) * channels
        return "#" + pixels[index..<index + 3].map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    /// How many pixels of each colour lie in a rectangle (clipped to the image).
    func colourCounts(x: Int, y: Int, width boxWidth: Int, height boxHeight: Int) -> [String: Int] {
        var counts: [String: Int] = [:]
        for row in max(0, y)..<min(height, y + boxHeight) {
            for column in max(0, x)..<min(width, x + boxWidth) { counts[colour(x: column, y: row), default: 0] += 1 }
        }
        return counts
    }
}

extension String {
    func leftPadded(to length: Int) -> String { count >= length ? self : String(repeating: "0", count: length - count) + self }
}
