extension ParsedAddress {
    /// The fields of a `ParsedAddress`, shared between copies until one of them changes
    /// (`uniqueStorage()` copies it first), so values never see each other's changes. That
    /// discipline, not the compiler, makes it safe to send: hence `@unchecked Sendable`.
    final class Storage: @unchecked Sendable {
        var raw: String? = nil
        var clean: String = ""
        var kind: Kind = .none
        var place: String? = nil
        var number: String? = nil
        var numberTo: String? = nil
        var mainStreet: NormalizedStreet? = nil
        var unit: String? = nil
        var cross: NormalizedStreet? = nil
        var cross2: NormalizedStreet? = nil
        var neighborhood: String? = nil
        var city: String? = nil
        var state: String? = nil
        var zip: String? = nil
        var alternatives: [ParsedAddress] = []
        var notes: [String] = []
        var part: Int? = nil
        var parts: Int? = nil

        init(raw: String?) { self.raw = raw }

        /// Shared by every new address without raw text; never changed, because a shared
        /// storage is always copied before a change.
        static let empty = Storage(raw: nil)

        func copy() -> Storage {
            let other = Storage(raw: raw)
            other.clean = clean
            other.kind = kind
            other.place = place
            other.number = number
            other.numberTo = numberTo
            other.mainStreet = mainStreet
            other.unit = unit
            other.cross = cross
            other.cross2 = cross2
            other.neighborhood = neighborhood
            other.city = city
            other.state = state
            other.zip = zip
            other.alternatives = alternatives
            other.notes = notes
            other.part = part
            other.parts = parts
            return other
        }

        func hasSameFields(as other: Storage) -> Bool {
            raw == other.raw && clean == other.clean && kind == other.kind && place == other.place && number == other.number
                && numberTo == other.numberTo && mainStreet == other.mainStreet && unit == other.unit && cross == other.cross
                && cross2 == other.cross2 && neighborhood == other.neighborhood && city == other.city && state == other.state && zip == other.zip
                && alternatives == other.alternatives && notes == other.notes && part == other.part && parts == other.parts
        }
    }
}
