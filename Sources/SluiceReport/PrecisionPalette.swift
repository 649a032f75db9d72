/// The colour of each `geo.precision`, from most to least precise (ColorBrewer's Dark2, which
/// stays apart for colour-blind readers and on grey streets). The geocoder may add precisions:
/// any other name is drawn in the fallback grey and listed after the known ones.
///
///     PrecisionPalette.colour(of: "address")   // "#1b9e77"
///     PrecisionPalette.colour(of: "rooftop")   // "#7f7f7f"
enum PrecisionPalette {
    static let known: [(precision: String, colour: String)] = [
        ("address", "#1b9e77"),
        ("interpolated", "#66a61e"),
        ("intersection", "#7570b3"),
        ("segment", "#e7298a"),
        ("place", "#d95f02"),
        ("street", "#e6ab02"),
    ]
    static let fallback = "#7f7f7f"
    /// `none` and a missing precision: no point on the map, but a share of the mix.
    static let unplaced = "#d9d9d9"

    /// The CSS class of a precision's points and swatches: `c0`… for known ones, `cx` else
    /// (never the name itself, which comes from data).
    static func cssClass(of precision: String) -> String {
        known.firstIndex { $0.precision == precision }.map { "c\($0)" } ?? "cx"
    }

    static func colour(of precision: String) -> String {
        if precision == "none" { return unplaced }
        return known.first { $0.precision == precision }?.colour ?? fallback
    }

    /// Precisions in legend order: the known ones, then the others by name, `none` last.
    static func ordered(_ precisions: some Sequence<String>) -> [String] {
        precisions.sorted { a, b in
            let (ra, rb) = (rank(a), rank(b))
            return ra != rb ? ra < rb : a < b
        }
    }

    static func rank(_ precision: String) -> Int {
        if let index = known.firstIndex(where: { $0.precision == precision }) { return index }
        return precision == "none" ? known.count + 1 : known.count
    }

    /// The point and swatch colours as CSS rules.
    static var css: String {
        known.enumerated().map { index, entry in ".c\(index){fill:\(entry.colour);background:\(entry.colour)}" }.joined()
            + ".cx{fill:\(fallback);background:\(fallback)}.cn{background:\(unplaced)}"
    }
}
