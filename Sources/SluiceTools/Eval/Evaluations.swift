import SluiceCore

/// `sluice-eval`: the quality figures of `make eval`, one subcommand per stage measured. Each
/// evaluation has one shape: a `ToolCommand` named `<What>Eval` that reads labelled data (or
/// builds it), runs the stage's code or executable on it, and writes its tables to stdout;
/// the scoring it needs lives beside it (`Scorecard`, `GeocodeEval`; pairs of clusters by the core's `PairwiseScore`, which
/// `sluice-eval pairs` offers the Python scripts).
public enum Evaluations {
    public static let tool = Subcommands(
        name: "sluice-eval",
        overview: "the stages' accuracy against labelled data (make eval)",
        [
            ("sanitize", SanitizeEval.self),
            ("geocode-reference", GeocodeReferenceEval.self),
            ("geocode-trucks", GeocodeTrucksEval.self),
            ("geocode-films", GeocodeFilmsEval.self),
            ("dedupe", DedupeEval.self),
            ("pairs", PairsEval.self),
        ])
}
