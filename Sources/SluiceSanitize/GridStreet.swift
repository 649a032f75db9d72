/// A grid town's numbered street: a number and one direction, N, S, E or W (Salt Lake City's
/// `200 South`, `E 300 W`; Provo's `2230 N`). The direction ends the name where other streets
/// end in a suffix, and is abbreviated as directionals are, so that `455 East 200 South` is the
/// `455 E 200 S` of the town's address points. The parser, the normaliser and `--field`'s
/// columns each meet such names; this is the one reading of them.
///
///     GridStreet.direction(number: "200", "south")    // "S"
///     GridStreet.direction(number: "200", "ne")       // nil: a quadrant ends no grid street
///     GridStreet.isLikely(number: "2606", "north")    // false: house 2606 on a street North
enum GridStreet {
    /// The one-letter direction ending the grid street `number direction` (lower-case words),
    /// or nil when the two words name none.
    static func direction(number: String, _ direction: String) -> String? {
        guard Highways.isNumber(number), let letter = USPSTables.directionalTable[direction], letter.utf8.count == 1 else { return nil }
        return letter
    }

    /// Whether the words name a grid street in free text, where they might instead be a house
    /// number on a street whose type was left off (`2606 North`): grid streets lie at round
    /// numbers (`200 W`, `2230 N`), house numbers anywhere.
    static func isLikely(number: String, _ direction: String) -> Bool {
        number.hasSuffix("0") && self.direction(number: number, direction) != nil
    }
}
