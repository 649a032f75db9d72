import Foundation
import Testing

@testable import SluiceTools

@Suite struct FileWindowTests {
    @Test func bytesAcrossWindowsAndPastTheEnd() throws {
        let directory = try TemporaryDirectory()
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: directory.path + "/f"))
        // A window of 64 bytes: reads forward, backward, across windows and larger than one.
        let file = try FileWindow(path: directory.path + "/f", windowSize: 64)
        #expect(file.size == 1000)
        #expect(try file.bytes(at: 0, count: 10).map(Array.init) == Array(bytes[0..<10]))
        #expect(try file.bytes(at: 60, count: 10).map(Array.init) == Array(bytes[60..<70]))
        #expect(try file.bytes(at: 5, count: 3).map(Array.init) == Array(bytes[5..<8]))
        #expect(try file.bytes(at: 100, count: 500).map(Array.init) == Array(bytes[100..<600]))
        #expect(try file.bytes(at: 990, count: 10).map(Array.init) == Array(bytes[990..<1000]))
        #expect(try file.bytes(at: 995, count: 10) == nil)
        #expect(try file.bytes(at: -1, count: 1) == nil)
        #expect(try file.bytes(at: 1000, count: 0).map(Array.init) == [])
    }

    @Test func numbersInBothByteOrders() {
        let slice: ArraySlice<UInt8> = [0xFF, 0x00, 0x00, 0x27, 0x0A, 0x00, 0x00, 0x00][...]
        #expect(slice.int32(at: 1, bigEndian: true) == 9994)
        #expect(slice.int32(at: 4) == 10)
        #expect(slice.uint16(at: 4) == 10)
        // A slice not starting at 0 is read from its own start.
        let one: [UInt8] = [0xAA, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x3F]
        #expect(one.dropFirst().double(at: 0) == 1.0)
        #expect(([0xFF, 0xFF, 0xFF, 0xFF] as ArraySlice<UInt8>).int32(at: 0) == -1)
    }
}
