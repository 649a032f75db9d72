import Foundation
import Testing

@testable import SluiceCore

/// Feeds bytes to a `LineReader` through a real pipe, as stdin would.
func readLines(_ bytes: [UInt8], maxLineBytes: Int = 1 << 20, retainLimit: Int = 64 << 20, bufferSize: Int = 1 << 20) throws -> [(
    text: [UInt8], number: Int, overlong: Bool, truncated: Bool, length: Int
)] {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-lines-\(UUID().uuidString)")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    let reader = LineReader(fd: handle.fileDescriptor, maxLineBytes: maxLineBytes, retainLimit: retainLimit, bufferSize: bufferSize)
    var lines: [(text: [UInt8], number: Int, overlong: Bool, truncated: Bool, length: Int)] = []
    while let line = try reader.nextLine() {
        lines.append((Array(line.bytes), line.number, line.isOverlong, line.isTruncated, line.length))
    }
    return lines
}

func texts(_ lines: [(text: [UInt8], number: Int, overlong: Bool, truncated: Bool, length: Int)]) -> [String] {
    lines.map { String(decoding: $0.text, as: UTF8.self) }
}

@Suite struct LineReaderTests {
    @Test func splitsLFAndCRLFAndKeepsAFinalLineWithoutNewline() throws {
        #expect(texts(try readLines(Array("a\nb\r\n\nc".utf8))) == ["a", "b", "", "c"])
        #expect(try readLines(Array("a\n".utf8)).count == 1)
        #expect(try readLines([]).isEmpty)
    }

    /// Only a last line that the input ends inside is unterminated: the mark of a cut stream.
    @Test func marksALastLineWithoutNewlineAsUnterminated() throws {
        func flags(_ text: String) throws -> [Bool] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-lines-\(UUID().uuidString)")
            try Data(text.utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let reader = LineReader(fd: handle.fileDescriptor, bufferSize: 4)
            var flags: [Bool] = []
            while let line = try reader.nextLine() { flags.append(line.isUnterminated) }
            return flags
        }
        #expect(try flags("a\nbcdefgh") == [false, true])
        #expect(try flags("a\nb\n") == [false, false])
        #expect(try flags("abc") == [true])
        #expect(try flags("").isEmpty)
    }

    @Test func dropsAByteOrderMarkOnTheFirstLineOnly() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try readLines(bom + Array("{}\n".utf8) + bom + Array("{}".utf8)).map(\.text) == [Array("{}".utf8), bom + Array("{}".utf8)])
    }

    @Test func keepsInvalidUTF8Intact() throws {
        #expect(try readLines([0x41, 0xFF, 0xFE, 0x0A]).map(\.text) == [[0x41, 0xFF, 0xFE]])
    }

    @Test func numbersLinesFromOne() throws {
        #expect(try readLines(Array("x\n\ny\n".utf8)).map(\.number) == [1, 2, 3])
    }

    @Test func growsForLinesLongerThanTheBuffer() throws {
        let long = [UInt8](repeating: 0x61, count: 100)
        let lines = try readLines(long + [0x0A] + Array("b".utf8), bufferSize: 8)
        #expect(lines.map(\.text) == [long, Array("b".utf8)])
        #expect(lines.allSatisfy { !$0.overlong })
    }

    @Test func flagsOverlongLines() throws {
        let lines = try readLines(Array("12345\n123456\n".utf8), maxLineBytes: 5)
        #expect(lines.map(\.overlong) == [false, true])
        #expect(lines[1].text == Array("123456".utf8))
    }

    @Test func truncatesLinesPastTheRetainLimitAndGoesOn() throws {
        let huge = [UInt8](repeating: 0x78, count: 1000)
        let lines = try readLines(Array("a\n".utf8) + huge + Array("\nlast\n".utf8), maxLineBytes: 10, retainLimit: 64, bufferSize: 16)
        #expect(texts(lines).first == "a")
        #expect(lines[1].truncated && lines[1].overlong)
        #expect(lines[1].text == [UInt8](repeating: 0x78, count: 64))
        #expect(lines[1].length == 1000)
        #expect(texts(lines).last == "last")
        #expect(lines.map(\.number) == [1, 2, 3])
    }

    @Test func blankMeansSpacesAndTabsOnly() throws {
        let lines = try readLines(Array(" \t\n x\n".utf8))
        #expect(lines.count == 2)
        let reader = try readLines(Array(" \t".utf8))
        #expect(reader.count == 1)
    }
}
