import SluiceSanitize

/// A street named without the directional that tells the gazetteer's streets of its name apart.
/// Towns laid out on a grid have E and W Liberty St, N and S Main St, numbered from one line
/// outward, so `300 Liberty St` is on either half, about as likely one as the other.
extension Geocoder {
    /// `answers` with the best marked a guess (`+directional_ambiguous`, scored as one of
    /// several towns is) when the text names its street with no directional and another street
    /// of the gazetteer's differs from it only by its directional, in the same town, holds the
    /// number (when the text gives one), and lies more than `GeocodeScore.rightWithin` away:
    /// `300 Liberty St` with 300 E and 300 W Liberty St (was 300 e liberty st at 0.94, the
    /// runner-up 300 w liberty st at 0.94). A street of the gazetteer without a directional is
    /// the one meant (`Van Ness Ave`, not S Van Ness Ave), and a number one half lacks says
    /// which (`600 Liberty St`).
    ///
    /// - Complexity: O(k) in the gazetteer's streets of the best answer's name.
    func markingDirectionalGuess(_ answers: [GeoMatch], query: GeocodeQuery) -> [GeoMatch] {
        // Most streets have no directional, and most names are one street's: those need no
        // normalising (3% of the stage's instructions when every answer was normalised, callgrind
        // on 20k bench records).
        guard let best = answers.first, let id = best.street, let point = best.point, let text = query.street,
            Self.mayHaveDirectional(gazetteer.streetKeys[id]), (gazetteer.streetsByName[gazetteer.streetNameKeys[id]]?.count ?? 0) > 1
        else { return answers }
        let written = gazetteer.normalize(text)
        guard written.preDirectional == nil, written.postDirectional == nil else { return answers }
        let own = gazetteer.normalize(gazetteer.streetKeys[id])
        guard own.preDirectional != nil || own.postDirectional != nil else { return answers }
        // `Buena Vista East`: written as the name's last word, with no type before it.
        if written.name.contains(" "), let last = written.name.split(separator: " ").last,
            let direction = own.postDirectional, USPSTables.directionals[last.lowercased()] == direction
        {
            return answers
        }
        let rivals = (gazetteer.streetsByName[gazetteer.streetNameKeys[id]] ?? []).filter { other in
            guard other != id, gazetteer.streetTowns[other] == gazetteer.streetTowns[id],
                gazetteer.streetSuffixes[other] == gazetteer.streetSuffixes[id]
            else { return false }
            if let number = query.number, gazetteer.numberFits(number, street: other) != true { return false }
            // Where the rival puts the text: its own answer, else (the street alone) its middle.
            let rivalPoint = answers.first { $0.street == other }?.point ?? gazetteer.streetCentres[other]?.point
            return rivalPoint.map { $0.distance(to: point) > GeocodeScore.rightWithin } ?? false
        }
        guard !rivals.isEmpty else { return answers }
        var marked = answers
        let streets = [id] + rivals
        marked[0].score = GeocodeScore.ofSeveralStreets(best.score, streets: streets.count)
        marked[0].method += "+directional_ambiguous"
        let name = [own.name, own.suffix].compactMap { $0 }.joined(separator: " ").lowercased()
        let which =
            query.number.map { "\($0) is on \(streets.count) of the gazetteer's streets named" }
            ?? "\(streets.count) of the gazetteer's streets are named"
        marked[0].note =
            "ambiguous: \(which) '\(name)' (\(GazetteerCoverage.listed(streets.map { gazetteer.streetKeys[$0] })))"
            + " and the text names no direction; kept '\(best.matched)'"
        return marked
    }

    /// Whether a gazetteer's key (`e liberty st`, `broadway n`) may carry a directional: its first
    /// or last word is one or two of the letters n, s, e, w. Read on the bytes, before normalising.
    static func mayHaveDirectional(_ key: String) -> Bool {
        func isDirectional(_ word: Substring.UTF8View) -> Bool {
            (1...2).contains(word.count) && word.allSatisfy { $0 == 0x6E || $0 == 0x73 || $0 == 0x65 || $0 == 0x77 }
        }
        let utf8 = key.utf8
        guard let firstSpace = utf8.firstIndex(of: 0x20), let lastSpace = utf8.lastIndex(of: 0x20) else { return false }
        return isDirectional(key[..<firstSpace].utf8) || isDirectional(key[key.index(after: lastSpace)...].utf8)
    }
}
