/// The shape every stage has (miller's verbs, xsv's commands): usage text, options parsed into
/// the command's own properties, `run`, and an accounting line at the end. The shared entry
/// point `Stage.main` does everything else: help, errors, exit codes, flushing.
public protocol StageCommand {
    static var usage: Usage { get }
    /// Reads and checks the stage's own options; a bad one throws a usage failure.
    init(arguments: ParsedArguments) throws(StageFailure)
    /// Does the work, writing records to `context.output` and counting them in
    /// `context.accounting`.
    mutating func run(_ context: StageContext) throws
    /// Whether the stage, run with `arguments`, writes records to stdout (all but `sluice-load`
    /// do, and it with `--export`); a stage that does refuses to start when stdout is closed.
    static func writesRecords(_ arguments: ParsedArguments) -> Bool
    /// Whether the stage, run with `arguments`, reads all its input before it writes a record
    /// (`sluice-dedupe` but for `--block-keys`), so that its stdout may append to an input
    /// (`>> input`); otherwise that is refused (`refuseStandardOutputOverInputs`).
    static func readsInputsBeforeWriting(_ arguments: ParsedArguments) -> Bool
    /// The member the stage adds to every record and its fields, or what it writes instead
    /// (`--describe-output`), built from the constants it writes with.
    static var output: OutputDescription { get }
}

extension StageCommand {
    public static func writesRecords(_ arguments: ParsedArguments) -> Bool { true }
    public static func readsInputsBeforeWriting(_ arguments: ParsedArguments) -> Bool { false }
}
