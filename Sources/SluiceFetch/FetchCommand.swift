import Foundation
import SluiceCore

/// `sluice-fetch`: reads records from files, stdin or HTTP(S) in JSON, NDJSON or CSV and writes
/// them as NDJSON, one record per line, fields in source order plus `provenance`.
public struct FetchCommand: StageCommand {
    public static let usage = Usage(
        name: "sluice-fetch",
        overview: "read records from files, stdin or HTTP(S) as JSON, NDJSON or CSV; write NDJSON with provenance",
        synopsis: ["sluice-fetch [options] [SOURCE ...]   (SOURCE: a path, -, file://…, http://…, https://…; default stdin)"],
        options: [
            .value("format", "FORMAT", "json, ndjson or csv (default: from the content type, extension, then content)"),
            .value("records-at", "PATH", "JSON: the records are the array at this dotted path (results, data.items)"),
            .value("delimiter", "CHAR", "CSV: field delimiter, one character or 'tab' (default ',', tab for .tsv)"),
            .value("keys", "STYLE", "CSV: header keys as-is (default) or snake_case (Release Year → release_year)"),
            .flag("infer-types", "CSV: plain integers and decimals become numbers, empty cells null (default: all text)"),
            .value("header", "'NAME: VALUE'", "HTTP: send this request header (repeatable; values are never printed)"),
            .value("timeout", "SECONDS", "HTTP: give up on a request idle this long (default 30)"),
            .value("retries", "N", "HTTP: retry connection errors, 429 and 5xx N times with backoff (default 3)"),
            .value("source-name", "NAME", "the source name written in provenance (default: the path or URL; <stdin>)"),
        ],
        examples: [
            "sluice-fetch data/Film_Locations_in_San_Francisco.csv --keys snake_case | head -3",
            "sluice-fetch --keys snake_case --infer-types data/Film_Locations_in_San_Francisco.csv > films.ndjson",
            "sluice-fetch https://example.org/api/items.json --records-at data.items --header \"Authorization: Bearer $TOKEN\"",
            "cat export.ndjson | sluice-fetch --source-name export.ndjson --rejects bad.ndjson > clean.ndjson",
        ],
        memory: "one record at a time for NDJSON, CSV and top-level JSON arrays (streamed); the whole document for a JSON object read with --records-at. HTTP bodies are spooled to a temporary file, not memory.",
        sections: [
            (title: "OUTPUT", body: """
                  One JSON object per line: the source's fields in source order, then
                    "provenance":{"source":"<path or URL>","row":N}
                  where row is the record's line (NDJSON), data row (CSV, header excluded) or element
                  number (JSON). Credentials and secret-looking query values are removed from URLs.
                """),
            (title: "FETCH REJECTS", body: """
                  field_count     a CSV row with more or fewer fields than the header
                  invalid_csv     an unterminated quoted field
                """),
        ])

    var sources: [String]
    var format: InputFormat?
    var recordsAt: String?
    var delimiter: UInt8?
    var keyStyle: KeyStyle
    var typing: CellTyping
    var downloader: HTTPDownloader
    var sourceName: String?

    public init(arguments: ParsedArguments) throws(StageFailure) {
        sources = arguments.positionals
        format = try arguments.choice("format", from: InputFormat.allCases.map(\.rawValue)).flatMap(InputFormat.init(rawValue:))
        recordsAt = arguments["records-at"]
        if let text = arguments["delimiter"] {
            let resolved = text == "tab" || text == "\\t" ? "\t" : text
            guard resolved.utf8.count == 1, let byte = resolved.utf8.first, byte != UInt8(ascii: "\""), byte != 0x0A, byte != 0x0D else {
                throw .usage("option '--delimiter' needs one ASCII character other than a quote or newline, got '\(text)'")
            }
            delimiter = byte
        }
        keyStyle = try arguments.choice("keys", from: KeyStyle.allCases.map(\.rawValue)).flatMap(KeyStyle.init(rawValue:)) ?? .asIs
        typing = arguments.has("infer-types") ? .infer : .text
        downloader = HTTPDownloader()
        downloader.timeout = try arguments.double("timeout", default: 30, range: 0.1...86_400)
        downloader.retries = try arguments.int("retries", default: 3, range: 0...20)
        downloader.headers = try arguments.all("header").map { header throws(StageFailure) in
            guard let colon = header.firstIndex(of: ":"), colon != header.startIndex else {
                throw .usage("option '--header' needs 'Name: value', got a value without a name")
            }
            return (String(header[..<colon]).trimmingSpaces(), String(header[header.index(after: colon)...]).trimmingSpaces())
        }
        sourceName = arguments["source-name"]
        if sourceName != nil, sources.count > 1 { throw .usage("option '--source-name' names one source, but \(sources.count) were given") }
    }

    public mutating func run(_ context: StageContext) throws {
        downloader.warn = { [context] in context.warn($0) }
        for argument in sources.isEmpty ? ["-"] : sources {
            let source = try InputSource(argument)
            let opened = try open(source)
            defer { opened.close() }
            let name = sourceName ?? source.name
            let prefix = try Sniffer.readPrefix(opened.fd)
            let format = self.format ?? InputFormat.detect(name: name, contentType: opened.contentType, firstBytes: prefix)
            if let type = opened.contentType?.lowercased(), type.contains("text/html") {
                throw StageFailure(.dataError, "\(name): the server sent an HTML page, not \(format.rawValue.uppercased()) records")
            }
            var emitter = RecordEmitter(context: context, source: name)
            switch format {
            case .ndjson:
                try emitter.emitNDJSON(LineReader(fd: opened.fd, maxLineBytes: context.maxLineBytes, prefix: prefix))
            case .csv:
                let byte = delimiter ?? (name.lowercased().hasSuffix(".tsv") ? 0x09 : UInt8(ascii: ","))
                try emitter.emitCSV(CSVReader(fd: opened.fd, delimiter: byte, prefix: prefix), keyStyle: keyStyle, typing: typing)
            case .json:
                if recordsAt != nil || Sniffer.firstSignificantByte(prefix) == UInt8(ascii: "{") {
                    try emitter.emitDocument(Sniffer.readAll(opened.fd, after: prefix), recordsAt: recordsAt)
                } else {
                    try emitter.emitArray(JSONArrayReader(fd: opened.fd, prefix: prefix))
                }
            }
        }
    }

    /// An open input and how to let it go (a downloaded body is a temporary file).
    struct OpenedInput {
        var fd: Int32
        var contentType: String?
        var close: () -> Void
    }

    func open(_ source: InputSource) throws(StageFailure) -> OpenedInput {
        switch source {
        case .standardInput:
            return OpenedInput(fd: 0, contentType: nil, close: {})
        case .file(let path):
            let (fd, _) = try StageContext.openInput(path)
            return OpenedInput(fd: fd, contentType: nil, close: { _ = Foundation.close(fd) })
        case .web(let url):
            let download = try downloader.download(url, name: source.name)
            let (fd, _) = try StageContext.openInput(download.file.path)
            // Unlinked at once: the open descriptor keeps the data until it is closed.
            try? FileManager.default.removeItem(at: download.file)
            return OpenedInput(fd: fd, contentType: download.contentType, close: { _ = Foundation.close(fd) })
        }
    }
}
