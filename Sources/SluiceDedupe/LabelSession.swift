import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `--label` asks: the controlling terminal (`/dev/tty`), not stdin and stdout, which
/// carry the records. Tests hand it any pair of descriptors.
public final class Terminal {
    let reader: LineReader
    let output: Int32
    let ownedDescriptor: Int32?
    public let colour: Bool
    public let width: Int

    public init(input: Int32, output: Int32, colour: Bool, width: Int, owning: Int32? = nil) {
        reader = LineReader(fd: input, maxLineBytes: 4096, bufferSize: 4096)
        self.output = output
        self.colour = colour
        self.width = width
        ownedDescriptor = owning
    }

    deinit { if let ownedDescriptor { close(ownedDescriptor) } }

    /// Opens `/dev/tty` for both; colour unless `TERM` is `dumb` or `NO_COLOR` is set.
    public static func open() throws(StageFailure) -> Terminal {
        let fd = Glibc.open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            throw StageFailure(
                .noInput,
                "/dev/tty: cannot open: \(String(cString: strerror(errno))): --label asks in a terminal; without one, use --suggest N and add the answers to the labels file"
            )
        }
        var size = winsize()
        let columns = ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 100
        let term = getenv("TERM").map { String(cString: $0) } ?? "dumb"
        return Terminal(input: fd, output: fd, colour: term != "dumb" && getenv("NO_COLOR") == nil, width: columns, owning: fd)
    }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(output, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// The next line typed, or nil at the end (Ctrl-D).
    public func readLine() -> String? {
        guard let line = try? reader.nextLine() else { return nil }
        return String(decoding: line.bytes, as: UTF8.self)
    }
}

/// The labelling loop of `--label FILE`: shows the pair the model is least sure of, asks
/// y/n/u/f, appends the answer to FILE at once (synced to disk, so Ctrl-C loses nothing
/// answered), learns from it and chooses again, until `f`, the end of input or no pair is left.
///
///     Same thing? [y]es / [n]o / [u]nsure / [f]inish:
public struct LabelSession {
    public let terminal: Terminal
    public let path: String

    public init(terminal: Terminal, path: String) {
        self.terminal = terminal
        self.path = path
    }

    public static let prompt = "Same thing? [y]es / [n]o / [u]nsure / [f]inish: "

    /// Reads answers until one is understood: nil to finish.
    func ask() -> Labels.Answer? {
        while true {
            terminal.write(Self.prompt)
            guard let line = terminal.readLine() else {
                terminal.write("\n")
                return nil
            }
            switch line.trimmingSpaces().lowercased() {
            case "y", "yes": return .match
            case "n", "no": return .distinct
            case "u", "unsure": return .unsure
            case "f", "finish", "q", "quit": return nil
            default: terminal.write("Please answer y, n, u or f.\n")
            }
        }
    }

    /// Runs the loop; returns how many answers were given.
    public func run(matcher: inout FuzzyMatcher, facts: RecordFacts, spool: Spool, maxLineBytes: Int) throws -> Int {
        var labels = matcher.labels
        var given = 0
        let view = PairView(width: terminal.width, colour: terminal.colour)
        terminal.write("sluice-dedupe: labelling; answers go to \(TerminalText.escaped(path)) as they are given\n")
        while let next = try matcher.suggestions(1).first {
            let records = try Self.records(next.a, next.b, in: spool, maxLineBytes: maxLineBytes)
            let levels = Pattern.unpack(next.pattern, fields: matcher.specs.count)
            let block = matcher.model?.block(of: next.pattern)
            let compared = matcher.specs.indices.map { field in
                (
                    matcher.specs[field].path, matcher.specs[field].levelNames[Int(levels[field])],
                    matcher.model?.fieldWeight(field, levels[field], termFrequency: nil, block: block) ?? 0
                )
            }
            terminal.write(
                view.render(
                    number: given + 1, a: records.a, b: records.b, referenceA: facts.reference(next.a), referenceB: facts.reference(next.b),
                    suggestion: next, compared: compared, answers: (labels.matches, labels.distinct)))
            guard let answer = ask() else { return given }
            try Labels.append(Labels.line(a: facts.reference(next.a), b: facts.reference(next.b), answer: answer), to: path)
            given += 1
            labels.record(next.a, next.b, answer, line: 0)
            matcher.learn(labels: labels)
        }
        terminal.write("sluice-dedupe: no pair left to ask about\n")
        return given
    }

    /// Records `a` and `b` as they were read, from the spool.
    static func records(_ a: Int, _ b: Int, in spool: Spool, maxLineBytes: Int) throws -> (a: JSONValue, b: JSONValue) {
        var found: (a: JSONValue, b: JSONValue) = (.null, .null)
        try spool.forEachRecord(maxLineBytes: maxLineBytes) { index, record in
            guard index == a || index == b else { return }
            let value = try JSONParser.parse(record.bytes)
            if index == a { found.a = value } else { found.b = value }
        }
        return found
    }
}
