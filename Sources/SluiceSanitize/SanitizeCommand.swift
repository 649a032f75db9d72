import SluiceCore

/// `sluice-sanitize`: adds an `address` object (or `--as NAME`), parsed from one free-text field,
/// to every record.
///
///     sluice-sanitize --field locations --city "San Francisco" --state CA films.ndjson
///     // {"title":"Vertigo",…,"locations":"Mason & California Streets (Nob Hill)",
///     //  "address":{"raw":"Mason & California Streets (Nob Hill)","clean":"Mason St & California St, Nob Hill, …",
///     //  "kind":"intersection",…}}
public struct SanitizeCommand: StageCommand, Sendable {
    /// The member it adds to every record (`--describe-output`).
    public static var output: OutputDescription { AddressFields.output }

    public static let usage = Usage(
        name: "sluice-sanitize",
        overview: "turn free-text locations into clean, structured, matchable addresses",
        synopsis: [
            "sluice-sanitize --field NAME [--as NAME] [--city CITY] [--state ST] [--city-field NAME] [--state-field NAME] [--zip-field NAME] [--split] [--threads N] [FILE ...]"
        ],
        options: [
            .value("field", "NAME", "the text field to parse (required); a dotted path reaches into objects; given again: joined in order")
        ] + AddressParser.cityOptions(recorded: true) + [
            .flag("split", "emit one record per location when a string names several (address.part/parts)"),
            .threads("parse"),
        ] + ResultMember.options(default: AddressFields.member),
        examples: [
            "sluice-fetch --keys snake_case data/Film_Locations_in_San_Francisco.csv | sluice-sanitize --field locations --city \"San Francisco\" --state CA",
            "sluice-sanitize --field locations --split --rejects build/pipeline/02-sanitized.rejects.ndjson build/pipeline/01-fetched.ndjson",
            "sluice-sanitize --field locations --threads 2 build/pipeline/01-fetched.ndjson > build/pipeline/02-sanitized.ndjson",
            "sluice-sanitize --field address --as parsed_address business.ndjson   (the input has its own 'address' field)",
            "sluice-fetch data/chicago-landmarks.csv | sluice-sanitize --field street --city-field city --state-field state --zip-field zip",
            "sluice-fetch --keys snake_case permits.csv | sluice-sanitize --field street_number --field street_name --field street_suffix --zip-field zip",
        ],
        memory:
            "two batches of at most 1024 records (one being parsed, one being read): constant memory whatever the input size; the US town list is in the executable (0.6 MB), its ZIP index (0.4 MB) made when a ZIP is first looked up. The bench's generated records: 33 MB peak resident at 1M, 35 MB at 10M (release build, 2026-11-29).",
        disk: "none: only its output and --rejects FILE.",
        sections: [
            (
                "OUTPUT",
                """
                  Each record is written unchanged with one member added: "address" (see FIELD NAMES), holding
                  raw, clean, kind, the components found (place, number, number_to, pre_dir, street, suffix,
                  post_dir, unit, cross_street, cross_street_2, neighborhood, city, state, zip), key,
                  alternatives (when the text names several locations) and notes. Suffixes, directionals
                  and units use USPS Publication 28 abbreviations; "key" folds case, punctuation, ordinals
                  (Third = 3rd) and street order (Mason & California = California and Mason).
                """
            ),
            ("FIELD NAMES", ResultMember.helpText(default: AddressFields.member)),
            (
                "TOWNS",
                """
                  city, state and zip each come from the first that has one: the record's --city-field,
                  --state-field, --zip-field; the text's own; the town of its ZIP when neither names a city
                  or state; then --city/--state. Any US town is read at the end of a text without --city
                  (29,542 towns and their ZIP codes, GeoNames, CC BY 4.0): after a comma or before its state
                  or ZIP, and after San Francisco's neighbourhoods.
                    100 Main St, Seattle              city Seattle, state WA (the one state with a Seattle)
                    123 Main St, St. Paul, MN 55101   city St Paul, state MN, zip 55101
                    875 N Michigan Ave, 60611         zip 60611, city Chicago, state IL (from the ZIP)
                """
            ),
            (
                "KINDS (real SF Film Locations strings)",
                """
                  street_address  766 Vallejo St.                     Epic Roasthouse (399 Embarcadero)
                  address_range   1158-70 Montgomery Street           (number 1158, number_to 1170)
                  intersection    Mason & California Streets          Hyde St. at Greenwich   Montgomery/Green
                  segment         Montgomery Street between Green and Union   Jackson St. from Mason St. to Powell St.
                  street          Lombard Street                      Balmy Alley
                  place           Golden Gate Bridge                  Pier 39     City Hall
                  none            (empty, null, missing, not a string, or longer than 1000 bytes)
                  unparsed        text with no readable location
                """
            ),
            (
                "NOTES",
                """
                  empty, missing_field, null_field, not_a_string, too_long, no_location   (kind none)
                  town_differs          the text names another city, state or ZIP than --city-field etc.
                  town_without_state    100 Main St, Seattle  (no state written: a place of the name may be meant)
                  town_field_unusable   --city-field etc. held an object, array, boolean or a bad ZIP (ignored)
                  zip_unreadable        Marion, IA 5230  (four digits no ZIP of the state: left out of zip)
                  other_country         100 Main St, London, UK  (another country: left out; a US gazetteer refuses it)
                  po_box                100 Main St, PO Box 5  (RR 2 Box 10 too: mail's, no location; left out)
                  street_side           18TH ST: DOLORES ST to CHURCH ST -- WEST --  (a direction alone: the street's side; left out)
                  dangling_between      Davis Street between
                  range_abbreviated     1158-70 Montgomery Street (70 read as 1170)
                  block_range           1400-1500 blocks of Haight St
                  hyphenated_number     86-12 91 St, Woodhaven, NY  (Queens' block and house: one number, not a range)
                  parenthetical_address Epic Roasthouse (399 Embarcadero)
                  multiple_locations    Vallejo Street Garage; 766 Vallejo St.  (see alternatives, --split)
                  shared_suffix         Mason & California Streets
                  street_list           Sansome, Sacramento, and California  (every pair a corner, in alternatives)
                  near, off             Near Point Lobos, El Camino Del Mar   Balmy Alley off 24th St
                  direction_from_corner Taylor St, north of Jefferson St to end  (place keeps the words)
                  unbalanced_parenthesis, control_characters, extra_location
                """
            ),
        ])

    /// `--field`: where each record's text is (one field, or a street's parts joined).
    let fields: LocationFields
    let parser: AddressParser
    /// `--city-field`/`--state-field`/`--zip-field`: the record's own town.
    let towns: TownFields
    let split: Bool
    let threads: Int
    let inputs: [String]
    /// Where the address goes: `address`, or `--as NAME`.
    let member: ResultMember

    public init(arguments: ParsedArguments) throws(StageFailure) {
        guard let fields = try LocationFields(arguments: arguments) else { throw .usage("missing --field NAME (the text field to parse)") }
        self.fields = fields
        parser = AddressParser(arguments: arguments)
        towns = try TownFields(arguments: arguments)
        // The whole text as the town (`--field a --city-field a`: city "100 Main St, Seattle").
        for (option, name) in [("city-field", towns.city), ("state-field", towns.state), ("zip-field", towns.zip)] {
            if let name, fields.paths.contains(name) { throw .usage("--\(option) names '\(name)', a field --field reads: give the town's own field") }
        }
        split = arguments.has("split")
        threads = try StageContext.threads(arguments)
        inputs = arguments.positionals
        member = try ResultMember(arguments: arguments, default: AddressFields.member, shape: ParsedAddress.shape)
    }

    /// The address for one record's field value (nil when the record has no such field), in the
    /// record's own town when it has one (`TownFields`).
    public func address(for value: JSONValue?, town: RecordTown = RecordTown()) -> ParsedAddress {
        var address: ParsedAddress
        switch value {
        case .string(let text)?:
            return parser.parse(text, town: town)
        case nil:
            address = ParsedAddress(raw: nil)
            address.note(Note.missingField)
        case .null?:
            address = ParsedAddress(raw: nil)
            address.note(Note.nullField)
        default:
            address = ParsedAddress(raw: nil)
            address.note(Note.notAString)
        }
        if town.unusable { address.note(Note.unusableTownField) }
        return address
    }

    /// Distinct strings in each of the two generations of addresses each worker remembers
    /// (`AddressMemo`: a few MB at most).
    static let memoCapacity = 4096

    public mutating func run(_ context: StageContext) throws {
        context.namedFields = NamedFields(fields.named + towns.named)
        try context.process(inputs, threads: threads, member: member, makeWorker: { SanitizeWorker(command: self) }) { lines in
            context.accounting.recordsOut += lines
            context.accounting.split += lines - 1
        }
    }

    /// The address objects to write: the address itself, or with `--split` one per location,
    /// each with `part`/`parts` and the whole input as `raw`.
    func parts(of address: ParsedAddress) -> [ParsedAddress] {
        guard split, address.alternatives.count > 1 else { return [address] }
        let count = address.alternatives.count
        return address.alternatives.enumerated().map { index, alternative in
            var part = alternative
            part.raw = address.raw
            part.part = index + 1
            part.parts = count
            return part
        }
    }
}
