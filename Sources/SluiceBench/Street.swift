import SluiceCore

/// A real San Francisco street: its name and type, and the ways people write the type.
///
///     var random = SplitMix64(seed: 1)
///     Street("Vallejo", .street).written(&random)   // "Vallejo St." or "Vallejo Street" or …
struct Street: Sendable {
    /// The street types in the city's list, with the spellings seen in the film data.
    enum Suffix: Sendable {
        case street, avenue, boulevard, circle, court, drive, lane, loop, place, plaza, road, terrace, way

        /// Written forms, the full word first; the generator prefers the first two.
        var spellings: [String] {
            switch self {
            case .street: ["Street", "St.", "St", "street"]
            case .avenue: ["Avenue", "Ave.", "Ave", "Av."]
            case .boulevard: ["Boulevard", "Blvd.", "Blvd"]
            case .circle: ["Circle", "Cir."]
            case .court: ["Court", "Ct."]
            case .drive: ["Drive", "Dr."]
            case .lane: ["Lane", "Ln."]
            case .loop: ["Loop"]
            case .place: ["Place", "Pl."]
            case .plaza: ["Plaza"]
            case .road: ["Road", "Rd."]
            case .terrace: ["Terrace", "Ter."]
            case .way: ["Way"]
            }
        }

        /// The plural used after two names: `Mason & California Streets`.
        var plural: String {
            switch self {
            case .street: "Streets"
            case .avenue: "Avenues"
            case .boulevard: "Boulevards"
            default: spellings[0] + "s"
            }
        }
    }

    var name: String
    var suffix: Suffix

    init(_ name: String, _ suffix: Suffix) {
        self.name = name
        self.suffix = suffix
    }

    /// The name with its type spelt one of the usual ways, or (one time in four) left out.
    func written(_ random: inout SplitMix64) -> String {
        if random.chance(0.25) { return name }
        let spellings = suffix.spellings
        let index = random.chance(0.8) ? random.int(below: min(2, spellings.count)) : random.int(below: spellings.count)
        return name + " " + spellings[index]
    }
}
