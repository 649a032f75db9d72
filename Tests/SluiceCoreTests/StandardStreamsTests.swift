import Foundation
import Testing

@testable import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct StandardStreamsTests {
    @Test func aPipeIsAPipeAndAFileIsNot() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        #expect(StandardStreams.isPipe(ends[0]) && StandardStreams.isPipe(ends[1]))
        let file = open("/dev/null", O_WRONLY)
        defer { close(file) }
        #expect(!StandardStreams.isPipe(file))
        #expect(!StandardStreams.isPipe(-1))
    }

    @Test func aPipeIsWidenedAndAFileIsLeftAlone() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        #if os(Linux)
            let maximum =
                (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8))
                .flatMap { Int32($0.trimmingSpaces().filter(\.isNumber)) } ?? 0
            // Where the system allows pipes that wide (it usually does: 1 MiB is the default limit).
            if maximum >= StandardStreams.pipeBytes {
                #expect(StandardStreams.widenPipe(ends[1]))
                #expect(fcntl(ends[0], 1032) >= StandardStreams.pipeBytes)
                // Already wide enough: nothing to do, and still true.
                #expect(StandardStreams.widenPipe(ends[0]))
            }
        #endif
        let file = open("/dev/null", O_WRONLY)
        defer { close(file) }
        #expect(!StandardStreams.widenPipe(file))
    }
}
