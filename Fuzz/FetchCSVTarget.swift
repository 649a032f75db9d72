// Fuzz target `csv-fetch`: sluice-fetch's streaming RFC 4180 reader. A record's raw bytes are
// what it was read from, so they must never be longer than the input; the reader must end.
@testable import SluiceFetch

#if canImport(Glibc)
    import Glibc
#endif

let emptyInput = open("/dev/null", O_RDONLY)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFetchCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for delimiter in [UInt8(ascii: ","), UInt8(ascii: ";")] {
        var reader = CSVReader(fd: emptyInput, delimiter: delimiter, prefix: bytes)
        var rawBytes = 0
        var lastLine = 0
        try? reader.forEachRecord { record in
            rawBytes += record.raw.count
            precondition(record.line > lastLine, "record lines go backwards")
            lastLine = record.line
            _ = record.fields.map(\.utf8.count)
        }
        precondition(rawBytes <= bytes.count, "records hold more bytes than the input")
    }
    return 0
}
