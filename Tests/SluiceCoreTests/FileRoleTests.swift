import Foundation
import SluiceTestSupport
import Testing

@testable import SluiceCore

/// The entry point's refusal of an output that is also an input (issue 33: `--rejects in.ndjson
/// in.ndjson` emptied the input and reported "0 in, 0 out").
@Suite struct FileRoleTests {
    static let usage = Usage(
        name: "sluice-test", overview: "", synopsis: [],
        options: [.input("gazetteer", "FILE", ""), .output("pairs", "FILE", ""), .inputFolder("sources", "DIR", "")], examples: [],
        memory: "")

    /// Nil when the command line is accepted, else the usage error's message.
    func refusal(_ arguments: [String], usage: Usage = FileRoleTests.usage, in scratch: ScratchDirectory, standardInput: Bool = false) throws
        -> String?
    {
        let parsed = try ParsedArguments(arguments.map { $0.replacingOccurrences(of: "$D", with: scratch.path) }, options: usage.allOptions)
        do {
            try parsed.refuseOutputsOverInputs(usage, standardInput: standardInput)
            return nil
        } catch {
            #expect(error.exitCode == .usage)
            return error.message.replacingOccurrences(of: scratch.path, with: "$D")
        }
    }

    @Test func anOutputNamingAnInputIsRefused() throws {
        let scratch = try ScratchDirectory()
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: scratch.file("in.ndjson")))
        #expect(
            try refusal(["--rejects", "$D/in.ndjson", "$D/in.ndjson"], in: scratch)
                == "--rejects '$D/in.ndjson' is the same file as the input '$D/in.ndjson': writing it would empty the input before it is read; write to another file"
        )
        #expect(
            try refusal(["--pairs", "$D/in.ndjson", "--gazetteer", "$D/in.ndjson"], in: scratch)
                == "--pairs '$D/in.ndjson' is the same file as --gazetteer '$D/in.ndjson': writing it would empty the input before it is read; write to another file"
        )
        #expect(try refusal(["--rejects", "$D/out.ndjson", "$D/in.ndjson"], in: scratch) == nil)
    }

    /// An input that must not be another input too (`sluice-dedupe --against KNOWN`): by any
    /// path, or as standard input. Before, `sluice-dedupe … --against known.ndjson known.ndjson`
    /// joined every record to itself (sizes doubled, exit 0).
    @Test func anInputReadTwiceIsRefused() throws {
        let scratch = try ScratchDirectory()
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: scratch.file("in.ndjson")))
        try FileManager.default.createSymbolicLink(atPath: scratch.file("link.ndjson"), withDestinationPath: scratch.file("in.ndjson"))
        func refusal(_ arguments: [String], standardInput: Bool = false) throws -> String? {
            let parsed = try ParsedArguments(arguments.map { $0.replacingOccurrences(of: "$D", with: scratch.path) }, options: Self.usage.allOptions)
            do {
                try parsed.refuseInputReadTwice("gazetteer", Self.usage, standardInput: standardInput, why: "reasons")
                return nil
            } catch {
                #expect(error.exitCode == .usage)
                return error.message.replacingOccurrences(of: scratch.path, with: "$D")
            }
        }
        #expect(
            try refusal(["--gazetteer", "$D/link.ndjson", "$D/in.ndjson"])
                == "--gazetteer '$D/link.ndjson' is the same file as the input '$D/in.ndjson': reasons")
        #expect(try refusal(["--gazetteer", "$D/in.ndjson", "$D/other.ndjson"]) == nil)
        #expect(try refusal(["--gazetteer", "/dev/null", "/dev/null"]) == nil)
        // Standard input is /dev/stdin when no input is named (a pipe: `DataLossTests`).
        #expect(try refusal(["--gazetteer", "/dev/stdin", "$D/in.ndjson"], standardInput: true) == nil)
    }

    /// Standard output on an input. Before, `sluice-sanitize --field x f >> f` read its own
    /// output without end (1.3 GB in 20 s from a 9 MB file), and `… f > f` read the file the
    /// shell had emptied (0 in, exit 0).
    @Test func standardOutputOverAnInputIsRefused() throws {
        let scratch = try ScratchDirectory()
        let input = scratch.file("in.ndjson")
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: input))
        func refusal(_ output: String, _ flags: Int32, mayAppend: Bool = false, standardInput: Bool = false, _ arguments: [String] = ["$D/in.ndjson"])
            throws
            -> String?
        {
            let fd = open(output, O_WRONLY | flags)
            defer { close(fd) }
            if flags & O_APPEND == 0, flags & O_TRUNC == 0 { lseek(fd, 0, SEEK_END) }
            let parsed = try ParsedArguments(arguments.map { $0.replacingOccurrences(of: "$D", with: scratch.path) }, options: Self.usage.allOptions)
            do {
                try parsed.refuseStandardOutputOverInputs(Self.usage, standardInput: standardInput, mayAppend: mayAppend, output: fd)
                return nil
            } catch {
                #expect(error.exitCode == .usage)
                return error.message.replacingOccurrences(of: scratch.path, with: "$D")
            }
        }
        #expect(
            try refusal(input, O_APPEND)
                == "standard output appends to the input '$D/in.ndjson' (>>): this stage writes as it reads, and would read its own output without end; write to another file"
        )
        // A descriptor at the end of the file appends as well (a program's own, not the shell's).
        let atTheEnd = try refusal(input, 0)
        #expect(atTheEnd == (try refusal(input, O_APPEND)))
        #expect(try refusal(input, O_APPEND, mayAppend: true) == nil)
        #expect(
            try refusal(input, O_TRUNC, mayAppend: true)
                == "standard output is the same file as the input '$D/in.ndjson': the shell emptied it before the run (>), so there is nothing to read; write to another file"
        )
        #expect(try refusal(scratch.file("out.ndjson"), O_CREAT | O_APPEND) == nil)
        #expect(try refusal("/dev/null", 0) == nil)
    }

    /// A named output on standard output's file or pipe: two writers of one file write over each
    /// other, and of one pipe mix their buffers mid-line; refused even where standard output may
    /// append to an input (`>>`: the output's opening would empty the file).
    @Test func anOutputOnStandardOutputIsRefused() throws {
        let scratch = try ScratchDirectory()
        let out = scratch.file("out.ndjson")
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: out))
        func refusal(_ arguments: [String], output fd: Int32) throws -> String? {
            let parsed = try ParsedArguments(arguments.map { $0.replacingOccurrences(of: "$D", with: scratch.path) }, options: Self.usage.allOptions)
            do {
                try parsed.refuseStandardOutputOverInputs(Self.usage, standardInput: false, mayAppend: true, output: fd)
                return nil
            } catch {
                #expect(error.exitCode == .usage)
                return error.message.replacingOccurrences(of: scratch.path, with: "$D")
            }
        }
        for flags in [O_TRUNC, O_APPEND] {
            let fd = open(out, O_WRONLY | flags)
            defer { close(fd) }
            #expect(
                try refusal(["--rejects", "$D/out.ndjson", "$D/in.ndjson"], output: fd)
                    == "--rejects '$D/out.ndjson' is the same file as standard output: the records and what it writes would overwrite each other; give each its own file"
            )
            #expect(
                try refusal(["--pairs", "$D/out.ndjson", "$D/in.ndjson"], output: fd)?.hasPrefix("--pairs '$D/out.ndjson' is the same file") == true)
            #expect(try refusal(["--rejects", "$D/other.ndjson", "$D/in.ndjson"], output: fd) == nil)
        }
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { (close(ends[0]), close(ends[1])) }
        let viaDescriptor = "/proc/self/fd/\(ends[1])"
        #expect(
            try refusal(["--rejects", viaDescriptor, "$D/in.ndjson"], output: ends[1])
                == "--rejects '\(viaDescriptor)' is the pipe standard output writes to: the records and what it writes would mix mid-line; give each its own file"
        )
        #expect(try refusal(["--rejects", "/dev/null", "$D/in.ndjson"], output: ends[1]) == nil)
    }

    @Test func theSameFileByAnotherPathIsTheSameFile() throws {
        let scratch = try ScratchDirectory()
        let input = scratch.file("in.ndjson")
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: input))
        try FileManager.default.createSymbolicLink(atPath: scratch.file("link.ndjson"), withDestinationPath: input)
        #expect(link(input, scratch.file("hard.ndjson")) == 0)
        try FileManager.default.createDirectory(atPath: scratch.file("sub"), withIntermediateDirectories: false)
        for output in ["$D/link.ndjson", "$D/hard.ndjson", "$D/sub/../in.ndjson", "$D//./in.ndjson"] {
            #expect(try refusal(["--rejects", output, "$D/in.ndjson"], in: scratch) != nil, "\(output)")
        }
    }

    /// An input that does not exist yet would be created empty by the output's opening.
    @Test func aPathThatDoesNotExistYetIsComparedNormalised() throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: scratch.file("sub"), withIntermediateDirectories: false)
        #expect(try refusal(["--rejects", "$D/new.ndjson", "$D/sub/../new.ndjson"], in: scratch) != nil)
        #expect(try refusal(["--rejects", "$D/no/such/x", "$D/no/such/../such/x"], in: scratch) != nil)
        #expect(try refusal(["--rejects", "$D/new.ndjson", "$D/other.ndjson"], in: scratch) == nil)
    }

    /// Writing a device or a pipe empties nothing: `--rejects /dev/null /dev/null` is fine.
    @Test func devicesNeverConflict() throws {
        let scratch = try ScratchDirectory()
        #expect(try refusal(["--rejects", "/dev/null", "/dev/null"], in: scratch) == nil)
        #expect(try refusal(["--rejects", "-", "-"], in: scratch) == nil)
    }

    @Test func twoOutputsInOneFileAreRefused() throws {
        let scratch = try ScratchDirectory()
        #expect(
            try refusal(["--rejects", "$D/x", "--pairs", "$D/x"], in: scratch)
                == "--pairs '$D/x' and --rejects '$D/x' are the same file: one would write over the other; give each its own file")
    }

    /// A stage that may append to its input (`sluice-dedupe --against KNOWN >> KNOWN`) onto a
    /// last line without its newline: the first record would be joined to it, and KNOWN's next
    /// reader stop at that line (before: exit 0, KNOWN damaged).
    @Test func appendingOntoALineWithoutItsNewlineIsRefused() throws {
        let scratch = try ScratchDirectory()
        let known = scratch.file("k.ndjson")
        func refusal(_ content: String) throws -> String? {
            try Data(content.utf8).write(to: URL(fileURLWithPath: known))
            let fd = open(known, O_WRONLY | O_APPEND)
            defer { close(fd) }
            let parsed = try ParsedArguments(["--gazetteer", known], options: Self.usage.allOptions)
            do {
                try parsed.refuseStandardOutputOverInputs(Self.usage, standardInput: false, mayAppend: true, output: fd)
                return nil
            } catch {
                #expect(error.exitCode == .usage)
                return error.message.replacingOccurrences(of: scratch.path, with: "$D")
            }
        }
        #expect(
            try refusal("{}\n{}")
                == "standard output appends to --gazetteer '$D/k.ndjson' (>>), whose last line has no newline: the first record would be joined to it; end the file with a newline first"
        )
        #expect(try refusal("{}\n") == nil)
        #expect(try refusal("{}\r\n") == nil)
        #expect(try refusal("") == nil)
    }

    /// The compiled index a stage writes beside an input (`FILE.sluice-index`, renamed over
    /// whatever is there at the end) is an output: `--rejects g.csv.sluice-index` lost the
    /// rejects, and `> KNOWN.sluice-index` the records, to the index (exit 0). Not with
    /// `--no-index`, which writes none.
    @Test func theIndexBesideAnIndexedInputIsAnOutput() throws {
        let usage = Usage(
            name: "sluice-test", overview: "", synopsis: [], options: [.indexedInput("against", "KNOWN", ""), .flag("no-index", "")], examples: [],
            memory: "")
        let scratch = try ScratchDirectory()
        #expect(
            try refusal(["--against", "$D/k.ndjson", "--rejects", "$D/k.ndjson.sluice-index"], usage: usage, in: scratch)
                == "the index of --against '$D/k.ndjson.sluice-index' and --rejects '$D/k.ndjson.sluice-index' are the same file: one would write over the other; give each its own file"
        )
        #expect(try refusal(["--against", "$D/k.ndjson", "--rejects", "$D/k.ndjson.sluice-index", "--no-index"], usage: usage, in: scratch) == nil)
        #expect(try refusal(["--against", "$D/k.ndjson", "--rejects", "$D/r.ndjson"], usage: usage, in: scratch) == nil)

        let index = scratch.file("k.ndjson.sluice-index")
        try Data().write(to: URL(fileURLWithPath: index))
        let fd = open(index, O_WRONLY | O_TRUNC)
        defer { close(fd) }
        func standardOutputRefusal(_ arguments: [String]) throws -> String? {
            let parsed = try ParsedArguments(arguments.map { $0.replacingOccurrences(of: "$D", with: scratch.path) }, options: usage.allOptions)
            do {
                try parsed.refuseStandardOutputOverInputs(usage, standardInput: false, mayAppend: true, output: fd)
                return nil
            } catch {
                return error.message.replacingOccurrences(of: scratch.path, with: "$D")
            }
        }
        #expect(
            try standardOutputRefusal(["--against", "$D/k.ndjson"])
                == "the index of --against '$D/k.ndjson.sluice-index' is the same file as standard output: the records and what it writes would overwrite each other; give each its own file"
        )
        #expect(try standardOutputRefusal(["--against", "$D/k.ndjson", "--no-index"]) == nil)
    }

    @Test func anOutputInsideAnInputFolderIsRefused() throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: scratch.file("sources"), withIntermediateDirectories: false)
        #expect(
            try refusal(["--sources", "$D/sources", "--pairs", "$D/sources/x.csv"], in: scratch)
                == "--pairs '$D/sources/x.csv' is inside --sources '$D/sources', whose files are read: write it outside that folder")
        #expect(try refusal(["--sources", "$D/sources", "--pairs", "$D/sources-x.csv"], in: scratch) == nil)
    }

    /// `sluice-load DATABASE INPUT…`: the first operand is written, the rest read.
    @Test func operandsHaveTheRolesTheUsageGives() throws {
        let scratch = try ScratchDirectory()
        var usage = FileRoleTests.usage
        usage.operands = [.output, .input]
        #expect(
            try refusal(["$D/a", "$D/b", "$D/a"], usage: usage, in: scratch)
                == "the output '$D/a' is the same file as the input '$D/a': writing it would empty the input before it is read; write to another file"
        )
        usage.operands = []
        #expect(try refusal(["--rejects", "$D/a", "$D/a"], usage: usage, in: scratch) == nil)
    }

    /// `sluice-sanitize --rejects in.ndjson < in.ndjson` would empty its own standard input.
    @Test func standardInputCountsWhenNoInputIsNamed() throws {
        let scratch = try ScratchDirectory()
        let parsed = try ParsedArguments(["--rejects", "r"], options: FileRoleTests.usage.allOptions)
        #expect(parsed.namedFiles(FileRoleTests.usage, standardInput: true).map(\.path) == ["r", "/dev/stdin"])
        #expect(parsed.namedFiles(FileRoleTests.usage, standardInput: false).map(\.path) == ["r"])
        let named = try ParsedArguments(["--rejects", "r", "in"], options: FileRoleTests.usage.allOptions)
        #expect(named.namedFiles(FileRoleTests.usage, standardInput: true).map(\.path) == ["r", "in"])
        let dash = try ParsedArguments(["--rejects", "r", "in", "-"], options: FileRoleTests.usage.allOptions)
        #expect(dash.namedFiles(FileRoleTests.usage, standardInput: true).map(\.path) == ["r", "in", "/dev/stdin"])
        _ = scratch
    }
}
