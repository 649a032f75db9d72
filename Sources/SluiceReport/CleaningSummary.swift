/// "The cleaning at a glance": everything the report counts over the records, one record at a
/// time, in bounded memory (see each part).
///
///     var summary = CleaningSummary()
///     summary.add(facts)                  // for every record
///     summary.precisions.top(10)          // address 707, place 392, …
struct CleaningSummary {
    var records = 0
    var withAddress = 0
    var withGeo = 0
    /// Records with a point: a precision other than `none` and both coordinates in range.
    var placed = 0
    /// Records with a precision other than `none` whose coordinates are missing or out of range.
    var withoutPoint = 0
    /// `address.kind` of records with an address (`(no kind)` when it has none).
    var kinds = Tally(capacity: 1000)
    /// `geo.precision` of records with a `geo`, `none` included.
    var precisions = Tally(capacity: 1000)
    /// Scores of placed records in tenths: [0, 0.1), …, [0.9, 1.0] (1.0 counts in the last).
    var scoreBins = [Int](repeating: 0, count: 10)
    var unscored = 0
    /// Texts the geocoder could not place (`none`), with the first reason given for each.
    var unmatched = Tally(capacity: CleaningSummary.unmatchedCapacity)
    var lowest = LowestAnswers(limit: 20)
    var clusters = LargestClusters(limit: 10)

    /// Distinct unmatched texts counted one by one; any beyond are only counted in total.
    static let unmatchedCapacity = 100_000

    mutating func add(_ facts: ReportRecord) {
        records += 1
        if facts.hasAddress {
            withAddress += 1
            kinds.add(facts.kind ?? "(no kind)")
        }
        if let geo = facts.geo {
            withGeo += 1
            precisions.add(geo.precision)
            if geo.point != nil {
                placed += 1
                if let score = geo.score, score.isFinite {
                    // A hair added so that 0.3 (0.29999… × 10) falls in its own tenth; clamped
                    // before the conversion, as a score of 1e300 would not fit an Int.
                    scoreBins[Int(min(9, max(0, (score * 10 + 1e-9).rounded(.down))))] += 1
                } else {
                    unscored += 1
                }
            } else if geo.precision == "none" {
                unmatched.add(facts.text ?? "(no location text)", note: geo.reason)
            } else {
                withoutPoint += 1
            }
        }
        lowest.add(facts)
        clusters.add(facts)
    }
}
