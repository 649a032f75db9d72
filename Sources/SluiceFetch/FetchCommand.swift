import Foundation
import SluiceCore

/// `sluice-fetch`: reads records from files, stdin or HTTP(S) in JSON, NDJSON or CSV and writes
/// them as NDJSON, one record per line, fields in source order plus `provenance`.
public struct FetchCommand: StageCommand {
    /// The member it adds to every record (`--describe-output`).
    public static var output: OutputDescription { Provenance.output }

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
            .value(
                "html-table", "N|SELECTOR",
                "HTML: read the Nth table, or the first matching 'table.wikitable', '#episodes table' (:N for the Nth match)"),
            .value(
                "dates", "FIELD[,FIELD][:FORMAT]",
                "rewrite these fields' dates as ISO 8601 (2019-03-04), parsed in UTC; FORMAT as in Unicode TR35 (default: common forms) (repeatable)"),
            .value("header", "'NAME: VALUE'", "HTTP: send this request header (repeatable; values are never printed; @env:NAME reads a variable)"),
            .value("query", "NAME=VALUE", "HTTP: add this query parameter to every request (repeatable; VALUE may be @env:NAME, masked in output)"),
            .value("page-param", "NAME", "HTTP: page through NAME=1,2,… until a page has no records or total_pages is reached"),
            .value("start", "N", "with --page-param: the first page number (default 1)"),
            .value("total-pages-at", "PATH", "with --page-param: where the body gives the page count (default total_pages)"),
            .value("next-at", "PATH", "HTTP: follow the next page's URL found at this dotted path in each body (links.next) until it is null"),
            .flag("link-next", "HTTP: follow RFC 8288 'Link: <URL>; rel=\"next\"' response headers"),
            .value("max-pages", "N", "HTTP: read at most N pages (default 1000); a warning says when more remained"),
            .value("delay", "SECONDS", "HTTP: wait this long between page requests (default 0)"),
            .value("cache", "DIR", "HTTP: keep bodies with their ETag/Last-Modified in DIR; re-runs ask if changed and reuse them on 304"),
            .flag("offline", "with --cache: make no requests; read every URL from the cache (an uncached URL is an error)"),
            .flag("allow-insecure-redirect", "HTTP: follow a redirect from https to plain http (refused by default)"),
            .value("timeout", "SECONDS", "HTTP: give up on a request idle this long (default 30)"),
            .value("retries", "N", "HTTP: retry connection errors, 429 and 5xx N times with backoff (default 3)"),
            .value(
                "set", "NAME=VALUE", "add the text field NAME=VALUE to every record, before provenance (repeatable): --set show='The Garden Hour'"),
            .value("source-name", "NAME", "the source name written in provenance (default: the path or URL; <stdin>)"),
        ] + ResultMember.options(default: Provenance.key),
        examples: [
            "sluice-fetch data/Film_Locations_in_San_Francisco.csv --keys snake_case | head -3",
            "sluice-fetch --keys snake_case --infer-types data/Film_Locations_in_San_Francisco.csv > films.ndjson",
            "sluice-fetch https://example.org/api/items.json --records-at data.items --header \"Authorization: Bearer $TOKEN\"",
            "cat export.ndjson | sluice-fetch --source-name export.ndjson --rejects bad.ndjson > clean.ndjson",
            "sluice-fetch https://api.example.org/ads --page-param page --records-at ads --delay 0.2 > ads.ndjson",
            "sluice-fetch https://api.themoviedb.org/3/discover/movie --query api_key=@env:TMDB_KEY --page-param page --records-at results --max-pages 5 --cache build/cache",
            "sluice-fetch https://api.themoviedb.org/3/discover/movie --query api_key=@env:TMDB_KEY --page-param page --records-at results --max-pages 5 --cache build/cache --offline",
            "sluice-fetch https://api.github.com/repos/swiftlang/swift/issues --link-next --max-pages 3 --header 'Authorization: Bearer @env:GITHUB_TOKEN'",
            "sluice-fetch examples/episodes/site/shows/garden-hour.html --html-table table.wikitable --keys snake_case --infer-types --dates original_air_date",
        ],
        memory:
            "one record at a time for NDJSON, CSV and top-level JSON arrays (streamed, also page by page); the whole document for a JSON object read with --records-at or paged with --next-at, and for an HTML page. HTTP bodies are spooled to a temporary file (or the cache), not memory. Flat: 26 MB peak resident for the bench's 1M and 10M generated records (NDJSON on stdin, release build, 2026-11-29).",
        disk:
            "files and stdin: none. Each HTTP body is spooled to $TMPDIR (default /tmp) while it is read, one page at a time (about the body's size), and removed when read, on an error and on SIGINT, SIGTERM or SIGHUP (SIGKILL can leave it); with --cache DIR the bodies are kept there instead.",
        sections: [
            (
                title: "OUTPUT",
                body: """
                  One JSON object per line: the source's fields in source order, then
                    "provenance":{"source":"<path or URL>","row":N}
                  where row is the record's line (NDJSON), data row (CSV, header excluded) or element
                  number (JSON) or table row (HTML). Credentials and secret-looking query values are
                  removed from URLs. When paging, the source is the first page's URL, "page":N is added
                  and row counts on across pages:
                    "provenance":{"source":"http://h/ads?page=1","page":2,"row":21}
                """
            ),
            (
                title: "FIELD NAMES",
                body: ResultMember.helpText(default: Provenance.key) + """

                      A record that has a field named like a --set NAME, with another value, stops the run the
                      same way: choose another NAME, or replace the field with --overwrite-field.
                    """
            ),
            (
                title: "SECRETS",
                body: """
                  --header and --query values may contain @env:NAME, replaced by the environment
                  variable NAME (read only when named; unset is a usage error). Those values are masked as
                  REDACTED in messages, provenance and the cache (whose file names hash the masked URL).
                """
            ),
            (
                title: "CACHE AND OFFLINE",
                body: """
                  With --cache DIR each body is stored (once complete) with its validators; the next run
                  sends If-None-Match / If-Modified-Since and reuses the stored body on 304 Not Modified.
                  A run that fails on page N reports the page; pages already stored are not downloaded
                  again by the re-run. --offline reads only the cache and fails (exit 66) on a miss.
                """
            ),
            (
                title: "REDIRECTS",
                body: """
                  Only http and https are followed; never from https to http unless
                  --allow-insecure-redirect; at most 10 hops; a redirect back to a visited URL is a loop.
                """
            ),
        ],
        rejects: RejectReason.fetch,
        rejectsNote: "(--dates never rejects: values that are not dates are kept and counted in a warning)")

    var sources: [String]
    var format: InputFormat?
    var recordsAt: String?
    var delimiter: UInt8?
    var keyStyle: KeyStyle
    var typing: CellTyping
    var client: WebClient
    var query: QueryParameters
    var paginator: Paginator
    var delay: Double
    var htmlTable: (selector: HTMLTableSelector, spec: String)?
    var dates: DateNormalizer?
    var constants: [JSONMember]
    /// Pages read over all sources, for the accounting line.
    var pagesRead = 0
    var sourceName: String?
    /// `--as`, `--overwrite-field`: where provenance goes.
    let member: ResultMember

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
        var secrets = Secrets()
        var downloader = HTTPDownloader()
        downloader.timeout = try arguments.double("timeout", default: 30, range: 0.1...86_400)
        downloader.retries = try arguments.int("retries", default: 3, range: 0...20)
        downloader.allowInsecureRedirect = arguments.has("allow-insecure-redirect")
        for header in arguments.all("header") {
            guard let colon = header.firstIndex(of: ":"), colon != header.startIndex else {
                throw .usage("option '--header' needs 'Name: value', got a value without a name")
            }
            let value = try secrets.expand(String(header[header.index(after: colon)...]).trimmingSpaces())
            downloader.headers.append((String(header[..<colon]).trimmingSpaces(), value))
        }
        query = try QueryParameters(arguments: arguments.all("query"), secrets: &secrets)
        client = WebClient(downloader: downloader, secrets: secrets)
        if let directory = arguments["cache"] { client.cache = try HTTPCache(directory: directory) }
        client.offline = arguments.has("offline")
        if client.offline, client.cache == nil { throw .usage("option '--offline' needs --cache DIR: it reads only from the cache") }
        paginator = Paginator(
            mode: try FetchCommand.pagination(arguments), maxPages: try arguments.int("max-pages", default: 1000, range: 1...1_000_000))
        delay = try arguments.double("delay", default: 0, range: 0...3600)
        if let spec = arguments["html-table"] { htmlTable = (try HTMLTableSelector(spec), spec) }
        let dateSpecs = arguments.all("dates")
        if !dateSpecs.isEmpty { dates = try DateNormalizer(dateSpecs) }
        constants = try arguments.all("set").map { pair throws(StageFailure) in
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw .usage("option '--set' needs NAME=VALUE, got '\(pair)'")
            }
            return JSONMember(String(pair[..<equals]), .string(String(pair[pair.index(after: equals)...])))
        }
        member = try ResultMember(arguments: arguments, default: Provenance.key, shape: RecordEmitter.provenanceShape)
        if let clash = constants.first(where: { $0.key == member.name }) {
            throw .usage("option '--set' names '\(clash.key)', where provenance goes: choose another name, or put provenance elsewhere with --as")
        }
        sourceName = arguments["source-name"]
        if sourceName != nil, sources.count > 1 { throw .usage("option '--source-name' names one source, but \(sources.count) were given") }
    }

    /// The one pagination the options ask for.
    static func pagination(_ arguments: ParsedArguments) throws(StageFailure) -> Paginator.Mode {
        let chosen = ["page-param", "next-at", "link-next"].filter(arguments.has)
        guard chosen.count <= 1 else {
            throw .usage("options \(chosen.map { "'--\($0)'" }.joined(separator: " and ")) cannot be combined: choose one way to page")
        }
        for dependent in ["start", "total-pages-at"] where arguments.has(dependent) && !arguments.has("page-param") {
            throw .usage("option '--\(dependent)' needs --page-param")
        }
        if let parameter = arguments["page-param"] {
            return .pageNumber(
                parameter: parameter, start: try arguments.int("start", default: 1, range: 0...Int(Int32.max)),
                totalAt: arguments["total-pages-at"] ?? "total_pages")
        }
        if let path = arguments["next-at"] { return .nextAt(path) }
        return arguments.has("link-next") ? .linkHeader : .single
    }

    public mutating func run(_ context: StageContext) throws {
        client.downloader.warn = { [context] in context.warn($0) }
        for argument in sources.isEmpty ? ["-"] : sources {
            let source = try InputSource(argument)
            switch source {
            case .web(let url):
                try fetchPages(from: url, context)
            case .standardInput, .file:
                guard !paginator.isPaging, !client.offline, client.cache == nil, query.items.isEmpty else {
                    throw StageFailure.usage("'\(argument)' is not a URL: paging, --query, --cache and --offline apply to http(s) sources only")
                }
                // The core's opening: a closed stdin (<&-) is an error (66), not an empty input.
                let (fd, _) = try StageContext.openInput(source == .standardInput ? "-" : source.name)
                defer { if fd != 0 { _ = Foundation.close(fd) } }
                var emitter = RecordEmitter(context: context, source: sourceName ?? source.name)
                emitter.dates = dates
                emitter.constants = constants
                emitter.member = member
                _ = try emit(fd: fd, contentType: nil, base: nil, emitter)
            }
        }
        for warning in dates?.warnings ?? [] { context.warn(warning) }
        if paginator.isPaging || client.cache != nil {
            context.accounting.details = ["\(pagesRead) page\(pagesRead == 1 ? "" : "s")", "\(client.reused) from the cache"]
        }
    }

    /// Reads one body (a file, stdin or a downloaded page) in its format; returns the parsed
    /// document when it was read whole, for pagination to look in.
    func emit(fd: Int32, contentType: String?, base: URL?, _ emitter: RecordEmitter) throws -> JSONValue? {
        let name = emitter.source
        let prefix = try Sniffer.readPrefix(fd)
        if let htmlTable {
            let html = String(decoding: try FileInput.readAll(fd, after: prefix), as: UTF8.self)
            try emitter.emitHTMLTable(html, selector: htmlTable.selector, spec: htmlTable.spec, base: base, keyStyle: keyStyle, typing: typing)
            return nil
        }
        let format = self.format ?? InputFormat.detect(name: name, contentType: contentType, firstBytes: prefix)
        if let type = contentType?.lowercased(), type.contains("text/html") {
            throw StageFailure(
                .dataError,
                "\(name): the server sent an HTML page, not \(format.rawValue.uppercased()) records (--html-table reads a table from a page)")
        }
        switch format {
        case .ndjson:
            try emitter.emitNDJSON(LineReader(fd: fd, maxLineBytes: emitter.context.maxLineBytes, prefix: prefix))
        case .csv:
            let byte = delimiter ?? (name.lowercased().hasSuffix(".tsv") ? 0x09 : UInt8(ascii: ","))
            try emitter.emitCSV(CSVReader(fd: fd, prefix: prefix, delimiter: byte, mode: .lenient), keyStyle: keyStyle, typing: typing)
        case .json:
            if recordsAt != nil || Sniffer.firstSignificantByte(prefix) == UInt8(ascii: "{") {
                return try emitter.emitDocument(FileInput.readAll(fd, after: prefix), recordsAt: recordsAt)
            }
            try emitter.emitArray(JSONArrayReader(fd: fd, prefix: prefix))
        }
        return nil
    }
}
