/// Parses free-text location strings (the SF Film Locations `locations` field) into a
/// `ParsedAddress`: landmarks, `Name (123 Street)`, intersections with `&`/`and`/`at`/`@`/`/`,
/// `X between Y and Z`, `from X to Y`, ranges such as `1158-70`, several locations joined by
/// `;` or `and`, empty values and junk.
///
///     let parser = AddressParser(city: "San Francisco", state: "CA")
///     parser.parse("Epic Roasthouse (399 Embarcadero)").kind   // .streetAddress
///     parser.parse("Montgomery Street between Green and Union").kind  // .segment
///     parser.parse("Vallejo Street Garage; 766 Vallejo St.").alternatives.count  // 2
///
/// Pure Swift over UTF-8 bytes: no regular expressions, no model files, no allocation beyond
/// the tokens of the one string.
///
/// - Complexity: O(n) in the length of the text for one location; a string joined by `and`
///   is re-parsed once per `and` to test whether it names several places.
public struct AddressParser: Sendable {
    /// Filled into `city`/`state` of every located result that does not name its own; the city's
    /// name (San Francisco's spellings without one) also ends a location: `1120 SW 5th Ave, Portland`.
    public var city: String? {
        didSet { names = CityNames(city: recordTown.city ?? city, state: recordTown.state ?? state) }
    }
    public var state: String? {
        didSet { names = CityNames(city: recordTown.city ?? city, state: recordTown.state ?? state) }
    }
    /// The record's own city, state and ZIP (`TownFields`; set by `reading(_:)`): they beat the
    /// text's and the defaults, and its city is read as `city` is.
    public private(set) var recordTown = RecordTown()
    /// The names read as the trailing city, from `city` and `state`.
    private(set) var names: CityNames
    /// Longer text is not an address (`kind: none`, note `too_long`); the SF data's longest
    /// location is 160 bytes.
    public static let maxLength = 1000

    public init(city: String? = nil, state: String? = nil) {
        self.city = city
        self.state = state
        names = CityNames(city: city, state: state)
    }

    public func parse(_ text: String) -> ParsedAddress {
        var result = parsed(text)
        if recordTown.unusable { result.note(Note.unusableTownField) }
        return result
    }

    func parsed(_ text: String) -> ParsedAddress {
        guard text.utf8.count <= Self.maxLength else {
            var result = ParsedAddress(raw: text)
            result.note(Note.tooLong)
            return result
        }
        let (written, removedControl) = AddressTokenizer.clean(text)
        // `… AUSTIN, TX 78757 (30.34132, -97.73801)`: the point a location column adds is no location.
        let cleaned = TrailingCoordinates.removed(from: written)
        // `701 S Capital of Texas Hwy NB`: the frontage road's direction of travel is no word of the
        // street's name (it was read as the place `701 S Capital of Texas Hwy NB`).
        let tokens = TravelDirection.removed(from: AddressTokenizer.tokens(cleaned))
        guard tokens.contains(where: \.hasLetterOrDigit) else {
            var result = ParsedAddress(raw: text)
            result.note(cleaned.isEmpty ? Note.empty : Note.noLocation)
            return result
        }
        var pieces = splitLocations(tokens[...])
        var listNote: String?
        if pieces.count == 1, let listed = listedLocations(tokens[...]) {
            pieces = listed.pieces
            listNote = listed.note
        }
        var result: ParsedAddress
        if pieces.count > 1 {
            var located = pieces.map(parseOne)
            sharingTheLastTown(&located)
            let alternatives = zip(located, pieces).map { parsed, piece in
                var parsed = finished(parsed, from: piece)
                parsed.raw = AddressTokenizer.text(piece)
                return parsed
            }
            result = alternatives[0]
            result.raw = text
            result.alternatives = alternatives
            result.clean = alternatives.map(\.clean).joined(separator: "; ")
            result.note(Note.multipleLocations)
            if let listNote { result.note(listNote) }
        } else {
            result = finished(parseOne(tokens[...]), from: tokens[...])
            result.raw = text
        }
        if removedControl { result.note(Note.controlCharacters) }
        return result
    }

    /// A town, state or ZIP after the last of several locations is the list's: the locations
    /// before it that name none are in it too (`300 E Liberty St and 600 E Liberty St,
    /// Ypsilanti, MI`: the first was of no town, so `--city` or another town's gazetteer
    /// placed it). Locations naming their own keep it.
    func sharingTheLastTown(_ located: inout [ParsedAddress]) {
        guard let last = located.last, last.city != nil || last.state != nil || last.zip != nil else { return }
        for index in located.indices.dropLast() where located[index].kind != .none && located[index].kind != .unparsed {
            guard located[index].city == nil, located[index].state == nil, located[index].zip == nil else { continue }
            (located[index].city, located[index].state, located[index].zip) = (last.city, last.state, last.zip)
        }
    }

    /// `parse(_:)` for a record with its own city, state or ZIP (`TownFields.town(of:)`).
    public func parse(_ text: String, town: RecordTown) -> ParsedAddress {
        town.isEmpty ? parse(text) : reading(town).parse(text)
    }

    /// This parser for a record with its own town (`TownParsers` remembers the city names).
    public func reading(_ town: RecordTown) -> AddressParser {
        reading(town, names: CityNames(city: town.city ?? city, state: town.state ?? state))
    }

    func reading(_ town: RecordTown, names: CityNames) -> AddressParser {
        var parser = self
        parser.recordTown = town
        parser.names = names
        return parser
    }

    /// Fills the town (`fillTown`) and renders `clean`.
    func finished(_ parsed: consuming ParsedAddress, from tokens: ArraySlice<Token>) -> ParsedAddress {
        // Consumed, so the result of `parseOne` is changed in place rather than copied.
        var parsed = parsed
        if parsed.kind != .none && parsed.kind != .unparsed { fillTown(&parsed) }
        parsed.clean = parsed.rendered(fallback: { AddressTokenizer.text(tokens) })
        return parsed
    }

    /// The city, state and ZIP of a located address, each from the first that has it: the
    /// record's fields (`recordTown`), the text, the town of the ZIP (`USTowns`, when neither
    /// names a city or state), then `city` and `state`. A text naming another town than the
    /// record's notes `town_differs`.
    func fillTown(_ parsed: inout ParsedAddress) {
        var differs = false
        if let own = recordTown.city {
            if let named = parsed.city, TownName.key(named) != TownName.key(own) { differs = true }
            parsed.city = own
        }
        if let own = recordTown.state {
            let code = USPSTables.knownStateCode(own) ?? own
            if let named = parsed.state, named != code { differs = true }
            parsed.state = code
        }
        if let own = recordTown.zip {
            if let named = parsed.zip, !named.hasPrefix(own) { differs = true }
            parsed.zip = own
        }
        if differs { parsed.note(Note.townDiffers) }
        // The record's own town stands: the text's is not read at all.
        if recordTown.city != nil || recordTown.state != nil { parsed.notes.removeAll { $0 == Note.townWithoutState } }
        // Only when neither the record nor the text names a town: `NORTH WILKESBORO 28659` says
        // no state, and its labels (usaddress's) write none.
        if parsed.city == nil, parsed.state == nil, let zip = parsed.zip, let town = USTowns.town(zip: zip) {
            (parsed.city, parsed.state) = (town.name, town.state)
        }
        if parsed.city == nil { parsed.city = city }
        if parsed.state == nil { parsed.state = state }
    }

    /// Splits a string naming several locations: on `;`, then on an `and` or comma whose every
    /// side is a complete location by itself (`Hyde St. at Greenwich and Hyde St. at Lombard`),
    /// or a `/` between two addresses (`415 Lyon St/355 Lyon St`).
    func splitLocations(_ tokens: ArraySlice<Token>) -> [ArraySlice<Token>] {
        // Most strings have no `;`, `,`, `/` or `and`: one location, and nothing to try.
        if tokens.contains(where: \.isWord),
            !tokens.contains(where: { $0.isPunct(";") || $0.isPunct(",") || $0.isPunct("/") || $0.is("and") })
        {
            return [tokens]
        }
        var pieces: [ArraySlice<Token>] = []
        for piece in split(tokens, at: { $0.isPunct(";") }) where piece.contains(where: { $0.isWord }) {
            pieces.append(contentsOf: splitOnAnd(piece))
        }
        guard pieces.count == 1 else { return pieces }
        let commaPieces = split(tokens, at: { $0.isPunct(",") })
        if commaPieces.count > 1, commaPieces.allSatisfy({ isComplete(parseOne($0)) }) { return commaPieces }
        return pieces
    }

    func splitOnAnd(_ piece: ArraySlice<Token>) -> [ArraySlice<Token>] {
        var depth = 0
        var betweenOpen = false
        for index in piece.indices {
            let token = piece[index]
            if token.isPunct("(") { depth += 1 }
            if token.isPunct(")") { depth = max(0, depth - 1) }
            guard depth == 0 else { continue }
            if token.isWord, token.traits.contains(.betweenWord) || token.is("from") || isSlashBetween(piece, at: index) {
                betweenOpen = true
                continue
            }
            let isAnd = token.is("and")
            // The address after a slash starts with its number, and the one before ends with a
            // word (`2615 1/2 Gary Avenue` is a half number); not the slash of `b/w`.
            let isSlash =
                token.isPunct("/") && index > piece.startIndex && index + 1 < piece.endIndex && piece[index + 1].isNumber
                && !piece[index - 1].isNumber && !isSlashBetween(piece, at: index - 1)
            guard isAnd || isSlash else { continue }
            if betweenOpen {
                // `between Green and Union`: the `and` closes it.
                if isAnd { betweenOpen = false }
                continue
            }
            let left = piece[piece.startIndex..<index]
            let right = piece[(index + 1)...]
            // A slash joins streets far more often than locations: it splits two addresses only.
            func splits(_ parsed: ParsedAddress) -> Bool {
                isSlash ? parsed.kind == .streetAddress || parsed.kind == .addressRange : isComplete(parsed)
            }
            if splits(parseOne(left)), splits(parseOne(right)) {
                return [left] + splitOnAnd(right)
            }
        }
        return [piece]
    }

    func isComplete(_ parsed: ParsedAddress) -> Bool {
        switch parsed.kind {
        case .streetAddress, .addressRange, .intersection, .segment: true
        default: false
        }
    }

    /// Splits at top-level (outside parentheses) separator tokens.
    func split(_ tokens: ArraySlice<Token>, at isSeparator: (Token) -> Bool) -> [ArraySlice<Token>] {
        var pieces: [ArraySlice<Token>] = []
        forEachPiece(of: tokens, at: isSeparator) { if !$0.isEmpty { pieces.append($0) } }
        return pieces
    }

    /// Calls `body` with each piece between top-level separator tokens, empty ones included,
    /// without building an array of them.
    func forEachPiece(of tokens: ArraySlice<Token>, at isSeparator: (Token) -> Bool, _ body: (ArraySlice<Token>) -> Void) {
        var depth = 0
        var start = tokens.startIndex
        for index in tokens.indices {
            let token = tokens[index]
            if token.isPunct("(") || token.isPunct("[") { depth += 1 }
            if token.isPunct(")") || token.isPunct("]") { depth = max(0, depth - 1) }
            if depth == 0, isSeparator(token) {
                body(tokens[start..<index])
                start = index + 1
            }
        }
        body(tokens[start..<tokens.endIndex])
    }
}

/// The `notes` the parser writes, one short machine-readable reason each.
public enum Note {
    /// The field was empty or only whitespace.
    public static let empty = "empty"
    /// The field was absent from the record.
    public static let missingField = "missing_field"
    /// The field was JSON null.
    public static let nullField = "null_field"
    /// The field was a number, boolean, array or object.
    public static let notAString = "not_a_string"
    /// Longer than `AddressParser.maxLength` bytes.
    public static let tooLong = "too_long"
    /// Only punctuation: `-`, `?`, `&`.
    public static let noLocation = "no_location"
    /// `Davis Street between` (nothing after between) or `X between Y` (one end only).
    public static let danglingBetween = "dangling_between"
    /// `1158-70`: the end of the range was written with fewer digits and expanded to 1170.
    public static let rangeAbbreviated = "range_abbreviated"
    /// `86-12 91st St`, `37-04 Roosevelt Ave`: Queens' block and house, one number written with a
    /// hyphen (`HouseNumber`), not a range.
    public static let hyphenatedNumber = "hyphenated_number"
    /// `1400-1500 blocks of Haight St`: a range of blocks rather than of house numbers.
    public static let blockRange = "block_range"
    /// The address came from parentheses after a place or a less precise location.
    public static let parentheticalAddress = "parenthetical_address"
    /// The string names several locations; see `alternatives`.
    public static let multipleLocations = "multiple_locations"
    /// `Mason & California Streets`: one plural suffix given to both streets.
    public static let sharedSuffix = "shared_suffix"
    /// A `(` without `)` or the reverse.
    public static let unbalancedParenthesis = "unbalanced_parenthesis"
    /// Control characters were replaced by spaces.
    public static let controlCharacters = "control_characters"
    /// More than one street address or place was found; the first is kept.
    public static let extraLocation = "extra_location"
    /// `Near Point Lobos, El Camino Del Mar`, `Bayshore Blvd near Cesar Chavez`: the location is
    /// beside what is named, not at it.
    public static let near = "near"
    /// `Balmy Alley off 24th St`: the first street leaves the second there (an alley, a court).
    public static let off = "off"
    /// `Taylor St, north of Jefferson St to end`: a direction from the corner; `place` keeps the words.
    public static let directionFromCorner = "direction_from_corner"
    /// `Sansome, Sacramento, and California`: streets listed without saying which cross; each pair
    /// is one of the `alternatives`.
    public static let streetList = "street_list"
    /// `--city-field`, `--state-field` or `--zip-field` held an object, array, boolean or a ZIP
    /// without five digits: ignored, the next source of the town applies (`TownFields`).
    public static let unusableTownField = "town_field_unusable"
    /// The text names another city, state or ZIP than the record's own field: the field's is kept.
    public static let townDiffers = "town_differs"
    /// `Great Hwy, Ocean Beach`: a town read from the text without a state written for it (its
    /// state, if any, the town list's only one for the name: NY), so the name may as well be a
    /// place's (San Francisco's beach): the geocoder reads it so when its gazetteer has a place
    /// of that name and does not cover the town.
    public static let townWithoutState = "town_without_state"
    /// `Marion, IA 5230`: four digits after the state that are no ZIP of it (its ZIPs do not
    /// begin with 0, so no leading zero was dropped): left out of `zip`.
    public static let zipUnreadable = "zip_unreadable"
    /// `…, London, UK`, `…, Mexico City, Mexico`: the text ends in another country than the United
    /// States (or Canada, whose provinces are read as states); a US gazetteer refuses it.
    public static let otherCountry = "other_country"
    /// `PO Box 123`, `…, RR 2 Box 10`: a post office or rural route box, where mail is collected,
    /// not where the record is: no part of the location (the geocoder says so when nothing else is).
    public static let poBox = "po_box"
    /// `18TH ST: DOLORES ST to CHURCH ST (3700 - 3799) -- WEST --`: a direction alone after the
    /// location, the side of the street it is on: left out (not the town West, TX).
    public static let streetSide = "street_side"
}
