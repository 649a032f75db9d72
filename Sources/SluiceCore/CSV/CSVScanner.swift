/// The loop of `CSVReader`: one record's fields found in the bytes at hand. It works on a plain
/// buffer and its own copy of the position, so the loops touch nothing else (the gazetteer's
/// 15 MB are read at every `sluice-geocode` start).
struct CSVScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let delimiter: UInt8
    let strict: Bool
    /// Whether the input ends with these bytes (else a record reaching their end needs more).
    let atEnd: Bool
    /// Where the record starts, and where the scan stands.
    let start: Int
    var index: Int
    var nextLine: Int
    /// Where the record ends, without its line end.
    var recordEnd = 0
    /// Lenient: the record ends inside a quoted field, at the end of the input.
    var unterminated = false

    enum Outcome {
        case record, needMore
        /// Strict mode: what could not be read; `index` is where.
        case failed(CSVReader.Failure)
    }

    /// Reads one record from `start`, which must be inside the bytes.
    mutating func record(into fields: inout [CSVReader.Field]) -> Outcome {
        let count = bytes.count
        while true {
            guard index < count, bytes[index] == 0x22 else {
                // Unquoted, to the delimiter or the line feed.
                var stop = index
                while stop < count, bytes[stop] != delimiter, bytes[stop] != 0x0A { stop += 1 }
                if stop < count, bytes[stop] == delimiter {
                    fields.append(CSVReader.Field(range: index..<stop, quoted: false))
                    index = stop + 1
                    continue
                }
                guard stop < count || atEnd else { return .needMore }
                fields.append(CSVReader.Field(range: index..<withoutCarriageReturn(index, stop), quoted: false))
                endRecord(lineEnd: stop)
                return .record
            }
            index += 1
            let contentStart = index
            // To the closing quote: a quote not followed by another.
            while true {
                guard index < count else {
                    guard atEnd else { return .needMore }
                    if strict { return .failed(.unterminatedQuote) }
                    unterminated = true
                    fields.append(CSVReader.Field(range: contentStart..<count, quoted: true))
                    endRecord(lineEnd: count)
                    return .record
                }
                let byte = bytes[index]
                index += 1
                if byte == 0x0A { nextLine += 1 }
                guard byte == 0x22 else { continue }
                if index < count {
                    guard bytes[index] == 0x22 else { break }
                    index += 1
                } else if atEnd {
                    break
                } else {
                    return .needMore
                }
            }
            let content = contentStart..<(index - 1)
            if index < count, bytes[index] == delimiter {
                fields.append(CSVReader.Field(range: content, quoted: true))
                index += 1
                continue
            }
            if index == count || bytes[index] == 0x0A {
                fields.append(CSVReader.Field(range: content, quoted: true))
                endRecord(lineEnd: index)
                return .record
            }
            if bytes[index] == 0x0D, index + 1 == count || bytes[index + 1] == 0x0A {
                guard index + 1 < count || atEnd else { return .needMore }
                fields.append(CSVReader.Field(range: content, quoted: true))
                endRecord(lineEnd: index + 1)
                return .record
            }
            // Text after the closing quote: lenient mode keeps it, to the delimiter or line feed.
            if strict { return .failed(.textAfterQuote) }
            var stop = index
            while stop < count, bytes[stop] != delimiter, bytes[stop] != 0x0A { stop += 1 }
            guard stop < count || atEnd else { return .needMore }
            let last = stop == count || bytes[stop] == 0x0A
            fields.append(CSVReader.Field(range: contentStart..<(last ? withoutCarriageReturn(index, stop) : stop), quoted: true, tailed: true))
            guard last else {
                index = stop + 1
                continue
            }
            endRecord(lineEnd: stop)
            return .record
        }
    }

    /// The end of a record's last field ending at `stop`, without the carriage return of its
    /// CR LF (or of a CR at the end of the input).
    @inline(__always)
    func withoutCarriageReturn(_ start: Int, _ stop: Int) -> Int {
        stop > start && bytes[stop - 1] == 0x0D ? stop - 1 : stop
    }

    /// Ends the record at the line feed (or the end of the input) at `lineEnd`.
    mutating func endRecord(lineEnd: Int) {
        recordEnd = lineEnd
        if recordEnd > start, bytes[recordEnd - 1] == 0x0D { recordEnd -= 1 }
        if lineEnd < bytes.count {
            nextLine += 1
            index = lineEnd + 1
        } else {
            index = bytes.count
        }
    }
}
