import SluiceCore

/// One synthetic film and the records of its locations, a pure function of the seed and the
/// film's number: any film can be regenerated on its own (that is how duplicates are made
/// without keeping the records in memory).
///
///     let film = Film(seed: 42, number: 0)
///     film.records.count    // 1...12 (the real file has 6.2 locations per film)
///     film.title            // a real title, e.g. "Vertigo"; later films add " 2", " - Season 3", …
struct Film: Sendable {
    var title: String
    var releaseYear: Int
    var records: [FilmRecord]

    init(seed: UInt64, number: Int) {
        var random = SplitMix64(seed: seed, stream: 1, item: UInt64(number))
        title = Film.title(number: number)
        // Recent years are more common, as in the real file (1915–2024).
        releaseYear = 2024 - Int(Double(110) * random.unit() * random.unit())
        let company = random.pickSkewed(FilmVocabulary.companies)
        let distributor = random.chance(0.07) ? nil : random.pickSkewed(FilmVocabulary.distributors)
        let director = random.chance(0.003) ? nil : random.pickSkewed(FilmVocabulary.directors)
        let writer = random.chance(0.003) ? nil : random.pickSkewed(FilmVocabulary.writers)
        let actors = [0.002, 0.045, 0.23].map { share in random.chance(share) ? nil : random.pick(FilmVocabulary.actors) }
        let count = random.int(in: 1...12)
        var seen = Set<String>()
        records = []
        records.reserveCapacity(count)
        while records.count < count {
            // The same film at the same place twice would be an unmarked duplicate: draw again.
            let location = LocationGenerator.location(&random)
            if let location, !seen.insert(location.lowercased()).inserted { continue }
            let district = random.chance(0.058) ? nil : random.int(in: 1...11)
            records.append(
                FilmRecord(
                    title: title, releaseYear: releaseYear, locations: location,
                    funFacts: random.chance(0.22) ? random.pick(FilmVocabulary.funFacts) : nil,
                    productionCompany: company, distributor: distributor, director: director, writer: writer,
                    actor1: actors[0], actor2: actors[1], actor3: actors[2],
                    sfFindNeighborhoods: district.map { _ in random.int(in: 1...117) },
                    analysisNeighborhoods: district.map { _ in random.int(in: 1...41) },
                    currentSupervisorDistricts: district))
        }
    }

    /// The film's title: the real titles in turn, then the same with a sequel number or a season,
    /// so that titles repeat only as often as in real catalogues.
    static func title(number: Int) -> String {
        let titles = FilmVocabulary.titles
        let base = titles[number % titles.count]
        let variant = number / titles.count
        switch variant {
        case 0: return base
        case let v where v % 2 == 1: return "\(base) - Season \(v / 2 + 2)"
        case let v: return "\(base) \(v / 2 + 1)"
        }
    }
}
