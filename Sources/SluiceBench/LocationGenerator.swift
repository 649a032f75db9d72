import SluiceCore

/// Writes `locations` texts like the ones volunteers typed into SF Film Locations: landmarks,
/// `Name (123 Street St.)`, intersections with `&`, `and`, `at` or `/`, `X between Y and Z`,
/// plain addresses, with case and whitespace noise and about 3% nulls.
///
///     var random = SplitMix64(seed: 7)
///     LocationGenerator.location(&random)   // e.g. "Mason & California Streets", or nil
enum LocationGenerator {
    /// The share of null `locations` (the real file has 54 of 2,084 empty: 2.6%).
    static let nullShare = 0.03

    /// The shapes of location text, with their shares (measured on the real file by eye:
    /// about a third landmarks, a quarter addresses, a fifth intersections).
    enum Pattern: CaseIterable, Sendable {
        case landmark, placeWithAddress, intersection, between, address, street

        var share: Double {
            switch self {
            case .landmark: 0.30
            case .placeWithAddress: 0.14
            case .intersection: 0.20
            case .between: 0.06
            case .address: 0.24
            case .street: 0.06
            }
        }

        static func pick(_ random: inout SplitMix64) -> Pattern {
            var u = random.unit()
            for pattern in allCases {
                u -= pattern.share
                if u < 0 { return pattern }
            }
            return .address
        }
    }

    /// One location text, or nil for a null.
    static func location(_ random: inout SplitMix64) -> String? {
        if random.chance(nullShare) { return nil }
        return noisy(clean(Pattern.pick(&random), &random), &random)
    }

    /// The text of one pattern, before noise.
    static func clean(_ pattern: Pattern, _ random: inout SplitMix64) -> String {
        let streets = StreetVocabulary.streets
        switch pattern {
        case .landmark:
            return random.pickSkewed(StreetVocabulary.landmarks)
        case .placeWithAddress:
            return random.pickSkewed(StreetVocabulary.places) + " (" + address(&random) + ")"
        case .intersection:
            let first = random.pickSkewed(streets)
            let second = random.pickSkewed(streets)
            switch random.int(below: 5) {
            case 0: return first.name + " & " + second.name + " " + first.suffix.plural
            case 1: return first.written(&random) + " and " + second.written(&random)
            case 2: return first.written(&random) + " at " + second.written(&random)
            case 3: return first.name + "/" + second.name
            default: return first.written(&random) + " & " + second.written(&random)
            }
        case .between:
            let street = random.pickSkewed(streets)
            let from = random.pickSkewed(streets)
            let to = random.pickSkewed(streets)
            return street.written(&random) + " between " + from.name + " and " + to.written(&random)
        case .address:
            return address(&random)
        case .street:
            return random.pickSkewed(streets).written(&random)
        }
    }

    /// `766 Vallejo St.`, sometimes a range (`1158-70 Montgomery Street`) or with a unit.
    static func address(_ random: inout SplitMix64) -> String {
        let number = random.int(in: 1...4_000)
        let street = random.pickSkewed(StreetVocabulary.streets).written(&random)
        switch random.int(below: 20) {
        case 0: return "\(number)-\(number % 100 + 2) \(street)"
        case 1: return "\(number) \(street), Apt. \(random.int(in: 1...30))"
        default: return "\(number) \(street)"
        }
    }

    /// Case and whitespace noise as in the real data: all capitals, all lower case, a doubled
    /// space, spaces around the text.
    static func noisy(_ text: String, _ random: inout SplitMix64) -> String {
        switch random.int(below: 100) {
        case 0..<3: return text.uppercased()
        case 3..<5: return text.lowercased()
        case 5..<8: return text.replacingFirst(" ", with: "  ")
        case 8..<10: return " " + text + " "
        default: return text
        }
    }
}
