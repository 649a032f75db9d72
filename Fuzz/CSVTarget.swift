@testable import SluiceCore
@testable import SluiceGeocode

// Fuzz target `csv`: the one CSV reader. Lenient (sluice-fetch): streamed through a pipe in
// 3-byte reads after a sniffed prefix, it must read what it reads in memory, and a record's
// bytes are never more than the input. Strict (the gazetteer): every field accessor the loader
// uses (text, integers, decimals, point lists), and the skip after a bad row, must end. Streamed
// holding a record only up to a small limit, both modes read memory's records (those past it as
// their beginning and length) and fail where memory does.
#if canImport(Glibc)
    import Glibc
#endif

struct Read: Equatable {
    var fields: [String]
    var line: Int
    var raw: [UInt8]
    var problem: String?
}

func readAll(_ reader: inout CSVReader) -> [Read] {
    var all: [Read] = []
    var fields: [String] = []
    while (try? reader.next(into: &fields)) == true {
        all.append(Read(fields: fields, line: reader.line, raw: Array(reader.bytes[reader.recordRange]), problem: reader.problem))
    }
    return all
}

func streamed(_ bytes: [UInt8], delimiter: UInt8) -> [Read] {
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0, "no pipe")
    defer { close(ends[0]) }
    let prefix = bytes.count / 3
    let rest = Array(bytes[prefix...])
    // Fuzz inputs are at most 4 KiB: they fit in the pipe's buffer, so one write does.
    precondition(rest.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == rest.count, "short write")
    close(ends[1])
    var reader = CSVReader(fd: ends[0], prefix: Array(bytes[..<prefix]), delimiter: delimiter, mode: .lenient)
    reader.readSize = 3
    return readAll(&reader)
}

/// Each record's line and bytes (without its line end), or the failure that stopped the read;
/// streamed from 3-byte chunks with `limit`, also each record's whole length past it.
func positions(
    _ bytes: [UInt8], delimiter: UInt8, mode: CSVReader.Mode, limit: Int?
) -> (records: [(line: Int, raw: [UInt8], overlong: Int?)], failure: CSVReader.Failure?) {
    var offset = 0
    var reader =
        limit == nil
        ? CSVReader(bytes, delimiter: delimiter, mode: mode)
        : CSVReader(
            chunks: {
                guard offset < bytes.count else { return nil }
                defer { offset += 3 }
                return Array(bytes[offset..<min(offset + 3, bytes.count)])
            }, delimiter: delimiter, mode: mode)
    if let limit { reader.retainLimit = limit }
    var records: [(line: Int, raw: [UInt8], overlong: Int?)] = []
    var fields: [CSVReader.Field] = []
    do {
        while try reader.next(fields: &fields) {
            records.append((reader.line, Array(reader.bytes[reader.recordRange]), reader.overlongLength))
        }
    } catch {
        return (records, error as? CSVReader.Failure)
    }
    return (records, nil)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for delimiter in [UInt8(ascii: ","), UInt8(ascii: ";")] {
        var reader = CSVReader(bytes, delimiter: delimiter, mode: .lenient)
        let records = readAll(&reader)
        precondition(streamed(bytes, delimiter: delimiter) == records, "streaming reads other records than memory")
        precondition(records.reduce(0) { $0 + $1.raw.count } <= size, "records hold more bytes than the input")
        precondition(zip(records, records.dropFirst()).allSatisfy { $0.line < $1.line }, "record lines go backwards")
    }
    // Holding a record only up to a limit (`retainLimit`): the records are memory's, each
    // longer one as its beginning with its whole length; strict mode fails where memory does.
    let limit = 1 + Int(bytes.first ?? 0) % 24
    for mode in [CSVReader.Mode.lenient, .strict] {
        let whole = positions(bytes, delimiter: UInt8(ascii: ","), mode: mode, limit: nil)
        let held = positions(bytes, delimiter: UInt8(ascii: ","), mode: mode, limit: limit)
        precondition(held.records.count == whole.records.count && held.failure == whole.failure, "a limit reads other records")
        for (a, b) in zip(held.records, whole.records) {
            precondition(a.line == b.line, "a limit reads a record on another line")
            if let length = a.overlong {
                precondition(
                    length == b.raw.count && length > limit && a.raw == Array(b.raw.prefix(limit)), "an overlong record is not its beginning")
            } else {
                precondition(a.raw == b.raw, "a limit reads a record's bytes otherwise")
            }
        }
    }
    var reader = CSVReader(bytes)
    var fields: [CSVReader.Field] = []
    var rounds = 0
    while true {
        rounds += 1
        precondition(rounds <= size + 2, "the reader does not advance")
        do {
            guard try reader.next(fields: &fields) else { break }
            for field in fields {
                _ = try? reader.string(field)
                _ = reader.int(field)
                _ = reader.double(field)
                _ = reader.plainPoints(field)
            }
        } catch {
            if case .unterminatedQuote = error as? CSVReader.Failure { break }
            reader.skipToLineEnd()
        }
    }
    return 0
}
