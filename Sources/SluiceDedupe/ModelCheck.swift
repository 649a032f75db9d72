import Foundation

/// Signs that a learnt model is not a model of "the same record": EM learns whatever sameness
/// dominates the compared pairs, and when the blocks are tight (every compared pair shares a
/// place, a title, a year) it can call nearly all of them matches, or put all of a field's m on
/// one level so that one typo outweighs everything else. Such a model links the wrong pairs
/// without any error; the stage warns (`warning`) and `--explain-model` lists the problems.
///
///     ModelCheck.problems(model: model, specs: specs)
///     // [.mostPairsMatch(0.998), .exactAgainst(field: 0)]
public enum ModelCheck {
    public enum Problem: Equatable, Sendable {
        /// EM called at least `mostPairsShare` of the compared pairs matches.
        case mostPairsMatch(Double)
        /// Agreeing exactly on a field counts against a match (m ≤ u on its exact level).
        case exactAgainst(field: Int)
        /// Matches rarely agree (exactly or closely) on a field a blocking rule reads: EM
        /// learnt some other sameness than the one the blocks were chosen for (blocking films
        /// on title, "the same film").
        case blockedFieldDisagrees(field: Int, agree: Double)
        /// A field's m is (nearly) all on its exact level: a level between exact and the last
        /// (a typo, a close value) costs more than `typoBits`.
        case typoCosts(field: Int, bits: Double)
    }

    /// The share of compared pairs called matches above which the blocks, not the fields, decided.
    /// Chosen on the bench films with Splink's blocks (title+locations, year+locations,
    /// director+locations: 84.6% before the fix); see scripts/eval_dedupe_films_splink.py.
    public static let mostPairsShare = 0.95
    /// Bits a close-but-not-equal level may cost before it reads as "m all on exact"; the
    /// collapsed films model cost 11–20 bits per typo.
    public static let typoBits = 10.0
    /// Bits an exact match may count against a match before it reads as wrong (a value nearly
    /// every record shares, the city of a city's records, weighs about 0 either way).
    public static let againstBits = 1.0
    /// The least share of matches agreeing on a field some rule blocks on. Chosen on the 10k
    /// films of scripts/eval_dedupe_labels.py blocked on loc.key and title (0.03 for loc.key,
    /// when EM weighed the director and year of title blocks against random pairs; with u
    /// within each rule's blocks that model is no longer learnt and the check stays silent
    /// there); on Febrl and the food businesses the least is 0.38.
    public static let blockedAgreeShare = 0.2

    /// Compared pairs EM needs, at the least, per level it weighs (each field's levels but
    /// "missing"): from fewer, its m and u are guesses from a handful of pairs (six business rows,
    /// two pairs compared: no link and no word why).
    public static let pairsPerLevel = 10

    /// The compared pairs EM needs to learn the levels of `specs`, or nil when `compared` are enough.
    public static func pairsNeeded(compared: Int, specs: [ComparisonSpec]) -> Int? {
        let needed = specs.reduce(0) { $0 + $1.levelCount - 1 } * pairsPerLevel
        return compared < needed ? needed : nil
    }

    /// - Parameter blocked: per field, whether some blocking rule reads it (empty: none known).
    public static func problems(model learnt: FellegiSunterModel, specs: [ComparisonSpec], blocked: [Bool] = []) -> [Problem] {
        // What EM learnt: the shifts answers made are lessons (a shared phone that does not
        // make two businesses one), not signs of collapse.
        var model = learnt
        model.shifts = nil
        var found: [Problem] = []
        if model.lambda >= mostPairsShare { found.append(.mostPairsMatch(model.lambda)) }
        for (field, spec) in specs.enumerated() where spec.levelCount > 2 {
            if model.fieldWeight(field, 1) < -againstBits { found.append(.exactAgainst(field: field)) }
            if field < blocked.count, blocked[field] {
                let agree = 1 - model.m[field][spec.levelCount - 1]
                if agree < blockedAgreeShare { found.append(.blockedFieldDisagrees(field: field, agree: agree)) }
            }
            // The levels between exact and the last ("else") are the close ones.
            let close = (2..<(spec.levelCount - 1)).map { model.fieldWeight(field, UInt8($0)) }
            if let worst = close.min(), worst < -typoBits { found.append(.typoCosts(field: field, bits: -worst)) }
        }
        return found
    }

    /// One line per problem, for the warning and `--explain-model`.
    public static func describe(_ problem: Problem, specs: [ComparisonSpec]) -> String {
        switch problem {
        case .mostPairsMatch(let share):
            return String(format: "EM called %.2f%% of compared pairs matches (the blocks, not the fields, decided)", share * 100)
        case .exactAgainst(let field):
            return "\(specs[field].text): an exact match counts against a match"
        case .blockedFieldDisagrees(let field, let agree):
            return "\(specs[field].text): only " + String(format: "%.1f%%", agree * 100)
                + " of matches agree on it though a --block rule reads it (EM learnt another sameness)"
        case .typoCosts(let field, let bits):
            return "\(specs[field].text): a close value costs " + String(format: "%.1f", bits) + " bits (m all on exact)"
        }
    }

    /// The warning: what is wrong and what to do.
    public static func warning(_ problems: [Problem], specs: [ComparisonSpec], labelled: Bool) -> String {
        "the learnt model looks wrong: " + problems.map { describe($0, specs: specs) }.joined(separator: "; ")
            + "; see --explain-model, "
            + (labelled ? "give more answers (--label FILE)" : "give a few answers with --labels FILE or --label FILE (10 to 30 pairs)")
            + ", or block on what duplicates share and compare what tells them apart"
    }
}
