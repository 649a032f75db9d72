#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a path on the command line names: declared with its option (`OptionSpec.input`,
/// `OptionSpec.output`) or by the command's operands (`Usage.operands`), so that the entry point
/// can refuse a run that would write over one of its own inputs before anything is opened for
/// writing. Opening an output truncates it, and an input it names would then be read empty:
///
///     sluice-sanitize --field x --rejects in.ndjson in.ndjson
///     sluice-sanitize: --rejects 'in.ndjson' is the same file as the input 'in.ndjson': …
public enum FileRole: Sendable {
    /// A file that is read.
    case input
    /// A folder whose files are read (`sluice-gazetteer build --sources DIR`).
    case inputFolder
    /// A file that is written: created, truncated or appended to.
    case output
}

/// One path given on the command line, with its role and how a message names it.
struct NamedFile {
    var role: FileRole
    /// `--rejects`, `the input`, `standard input`.
    var given: String
    var path: String

    /// How a message names it: `--rejects 'r.ndjson'`, `the input 'in.ndjson'`, `standard input`.
    var described: String { given == "standard input" ? given : "\(given) '\(path)'" }

    /// The file as the system knows it, for comparing two paths: an existing regular file by
    /// device and inode (a symbolic or hard link is the same file), a folder by its real path, a
    /// path that does not exist yet by its normalised absolute path. Nil for what writing cannot
    /// empty or reading cannot lose (a device such as /dev/null, a pipe): those never conflict.
    enum Identity: Equatable {
        case file(device: UInt64, inode: UInt64)
        case folder(String)
        case notYet(String)
    }

    var identity: Identity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return .notYet(NamedFile.normalised(path)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            let file = FileStatus(status)
            return .file(device: file.device, inode: file.inode)
        case S_IFDIR: return .folder(NamedFile.normalised(path))
        default: return nil
        }
    }

    /// The absolute path with `.`, `..`, repeated slashes and the links of the longest existing
    /// leading folder resolved (`realpath`), the rest kept as written.
    static func normalised(_ path: String) -> String {
        var components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var base = path.hasPrefix("/") ? "/" : currentDirectory()
        // The longest prefix of folders that exists, resolved by the system.
        var resolvedCount = components.count
        while resolvedCount >= 0 {
            let prefix = base + (base.hasSuffix("/") ? "" : "/") + components.prefix(resolvedCount).joined(separator: "/")
            if let real = realPath(prefix) {
                base = real
                components.removeFirst(resolvedCount)
                break
            }
            resolvedCount -= 1
        }
        var parts = base.split(separator: "/").map(String.init)
        for component in components {
            switch component {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(component)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The file whose bytes a reader would get, by device and inode: a regular file, or a pipe
    /// or socket (`/dev/stdin` on a pipe is the pipe standard input is); nil for anything else
    /// (a device, a folder, a path that does not exist). What `refuseInputReadTwice` compares.
    var readIdentity: Identity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG, S_IFIFO, S_IFSOCK: return .file(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        default: return nil
        }
    }

    /// Whether byte `size - 1` of the file at `path` is a newline (true when it cannot be read:
    /// nothing is refused on a guess).
    static func endsLine(_ path: String, size: Int64) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return true }
        defer { close(fd) }
        var last: UInt8 = 0
        return pread(fd, &last, 1, off_t(size - 1)) != 1 || last == 0x0A
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func currentDirectory() -> String {
        guard let directory = getcwd(nil, 0) else { return "/" }
        defer { free(directory) }
        return String(cString: directory)
    }
}

extension ParsedArguments {
    /// The paths of the command line with their roles: the options declared `input`,
    /// `inputFolder` or `output`, the operands as `operands` says, and standard input when the
    /// command reads it (`standardInput`) and no operand names an input file. `-` (stdin or
    /// stdout) is not a path.
    func namedFiles(_ usage: Usage, standardInput: Bool) -> [NamedFile] {
        var files: [NamedFile] = []
        for option in usage.allOptions {
            guard let role = option.file else { continue }
            for value in all(option.name) where !value.isEmpty && value != "-" {
                files.append(NamedFile(role: role, given: "--\(option.name)", path: value))
                // The index the stage writes beside it (renamed over whatever is there): an
                // output, so that no other output or standard output is that file.
                if option.indexed, !has("no-index") {
                    files.append(NamedFile(role: .output, given: "the index of --\(option.name)", path: SidecarIndex.path(for: value)))
                }
            }
        }
        var inputOperands: [String] = []
        for (index, operand) in positionals.enumerated() where !usage.operands.isEmpty {
            let role = usage.operands[min(index, usage.operands.count - 1)]
            if role == .input { inputOperands.append(operand) }
            guard operand != "-", !operand.isEmpty else { continue }
            files.append(NamedFile(role: role, given: role == .output ? "the output" : "the input", path: operand))
        }
        if standardInput, usage.operands.contains(.input), inputOperands.isEmpty || inputOperands.contains("-") {
            files.append(NamedFile(role: .input, given: "standard input", path: "/dev/stdin"))
        }
        return files
    }

    /// Refuses (usage error, exit 64) a run whose standard output (`output`, a descriptor) is the
    /// same file as one of its inputs: by `>` the shell emptied the input before the run (the
    /// stage would read nothing and write that over it, exit 0), and by `>>` a stage that writes
    /// as it reads would read its own output without end (`cat f >> f`; `sluice-sanitize --field
    /// x f >> f` filled the disk). `mayAppend`: the stage reads all its input before it writes
    /// (`sluice-dedupe` but for `--block-keys`; its `--against KNOWN >> KNOWN` adds a run's
    /// output to what is known).
    ///
    /// Also refused, whatever `mayAppend`: a named output (`--rejects`, `--pairs`) that is
    /// standard output's file or pipe. Two writers of one file write over each other (`--rejects
    /// out > out` wrote the reject over the first record and cut the next short; with `>>` the
    /// output's opening emptied the file first), and of one pipe mix their 64 KiB buffers mid-line.
    public func refuseStandardOutputOverInputs(_ usage: Usage, standardInput: Bool, mayAppend: Bool, output: Int32 = 1) throws(StageFailure) {
        var status = stat()
        guard fstat(output, &status) == 0 else { return }
        let (kind, file) = (status.st_mode & S_IFMT, FileStatus(status))
        if kind == S_IFREG || kind == S_IFIFO || kind == S_IFSOCK {
            let standardOutput = NamedFile.Identity.file(device: file.device, inode: file.inode)
            for named in namedFiles(usage, standardInput: standardInput) where named.role == .output && named.readIdentity == standardOutput {
                throw .usage(
                    kind == S_IFREG
                        ? "\(named.described) is the same file as standard output: the records and what it writes would overwrite each other; give each its own file"
                        : "\(named.described) is the pipe standard output writes to: the records and what it writes would mix mid-line; give each its own file"
                )
            }
        }
        guard kind == S_IFREG else { return }
        // Appending: `>>`, or a descriptor placed at the end of the file (a program's own).
        let (size, offset) = (Int64(status.st_size), Int64(lseek(output, 0, SEEK_CUR)))
        let appends = fcntl(output, F_GETFL) & O_APPEND != 0 || (size > 0 && offset >= size)
        if appends && mayAppend {
            // `--against KNOWN >> KNOWN` onto a last line without its newline: the first record
            // would be joined to it, one line that is no JSON (the next run stops there, 65).
            for input in namedFiles(usage, standardInput: standardInput) where input.role == .input && size > 0 {
                guard input.identity == .file(device: file.device, inode: file.inode), !NamedFile.endsLine(input.path, size: size) else { continue }
                throw .usage(
                    "standard output appends to \(input.described) (>>), whose last line has no newline: the first record would be joined "
                        + "to it; end the file with a newline first")
            }
            return
        }
        for input in namedFiles(usage, standardInput: standardInput) where input.role == .input {
            guard input.identity == .file(device: file.device, inode: file.inode) else { continue }
            let why =
                appends
                ? "standard output appends to \(input.described) (>>): this stage writes as it reads, and would read its own output without end"
                : size == 0
                    ? "standard output is the same file as \(input.described): the shell emptied it before the run (>), so there is nothing to read"
                    : "standard output writes over \(input.described) as it is read"
            throw .usage(why + "; write to another file")
        }
    }

    /// Refuses (usage error, exit 64) a command line on which the file of `option` is also another
    /// of its inputs — the same file by any path, or standard input (a pipe by `/dev/stdin`) —
    /// where reading it in both roles would answer wrongly without an error: `sluice-dedupe
    /// --against KNOWN` given KNOWN as its input too links every record to itself. `why` ends the
    /// message.
    public func refuseInputReadTwice(_ option: String, _ usage: Usage, standardInput: Bool, why: String) throws(StageFailure) {
        let inputs = namedFiles(usage, standardInput: standardInput).filter { $0.role == .input }
        for own in inputs where own.given == "--\(option)" {
            guard let identity = own.readIdentity else { continue }
            for other in inputs where other.given != own.given && other.readIdentity == identity {
                throw .usage("\(own.described) is the same file as \(other.described): \(why)")
            }
        }
    }

    /// Refuses (usage error, exit 64) a command line on which an output is the same file as an
    /// input, lies inside an input folder, or is the same file as another output: run, it would
    /// empty what it was about to read, or write two things into one file. Called by the entry
    /// point before the command opens anything.
    public func refuseOutputsOverInputs(_ usage: Usage, standardInput: Bool) throws(StageFailure) {
        let files = namedFiles(usage, standardInput: standardInput).map { ($0, $0.identity) }
        let outputs = files.filter { $0.0.role == .output }
        for (index, (output, outputIdentity)) in outputs.enumerated() {
            guard let outputIdentity else { continue }
            for (other, identity) in files where other.role != .output {
                switch (other.role, identity) {
                case (.input, outputIdentity?):
                    throw .usage(
                        "\(output.described) is the same file as \(other.described): writing it would empty the input before it is read; write to another file"
                    )
                case (.inputFolder, .folder(let folder)?) where NamedFile.normalised(output.path).hasPrefix(folder == "/" ? "/" : folder + "/"):
                    throw .usage("\(output.described) is inside \(other.described), whose files are read: write it outside that folder")
                default:
                    continue
                }
            }
            for (other, identity) in outputs[(index + 1)...] where identity == outputIdentity {
                throw .usage("\(output.described) and \(other.described) are the same file: one would write over the other; give each its own file")
            }
        }
    }
}
