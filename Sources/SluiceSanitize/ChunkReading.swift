/// What the chunks of one location have said so far, read one chunk at a time: the most
/// precise location (and whether it was in parentheses), the first location outside them, the
/// place names, the neighbourhood, whether a city has been read. `location(completing:)` then
/// makes the one answer: the location with the places, neighbourhood, town and unit around it,
/// or a place when no chunk was a location.
struct ChunkReading {
    var location: ParsedAddress?
    var locationInParens = false
    var outsideLocation: ParsedAddress?
    var places: [String] = []
    var neighborhoodText: String?
    var neighborhoodInParens = false
    var sawCity = false

    /// Takes one classified chunk; town, unit, neighbourhood and notes go on `result`.
    mutating func take(
        _ classified: AddressParser.Chunk, of chunk: (tokens: ArraySlice<Token>, inParens: Bool), into result: inout ParsedAddress,
        parser: AddressParser
    ) {
        switch classified {
        case .empty:
            break
        case .neighborhood(let name, let text):
            // One in parentheses wins: `McLaren Park (Visitacion Valley)` is a park in a district.
            if result.neighborhood == nil || (chunk.inParens && !neighborhoodInParens) {
                if let previous = neighborhoodText { places.append(previous) }
                result.neighborhood = name
                neighborhoodText = text
                neighborhoodInParens = chunk.inParens
            } else if !chunk.inParens {
                places.append(text)
            }
        case .city(let city, let state, let zip, let stateUnwritten):
            sawCity = true
            if stateUnwritten, result.city == nil, result.state == nil { result.note(Note.townWithoutState) }
            result.city = result.city ?? city
            result.state = result.state ?? state
            result.zip = result.zip ?? zip
        case .zip(let zip):
            result.zip = result.zip ?? zip
        case .unit(let unit):
            result.unit = result.unit ?? unit
        case .poBox:
            result.note(Note.poBox)
        case .streetSide:
            result.note(Note.streetSide)
        case .place(let place, let notes, let unit):
            if let unit { result.unit = result.unit ?? unit }
            // `1421 Kenilworth Avenue, NE`, `412 H Street, NE, Suite 300`, `1800 M St., NW Ste. 700`
            // (Washington's quadrants, as Maryland's MBE directory writes them): a quadrant alone
            // after the street, perhaps with its suite, is its directional (it was a place `NE`,
            // and the key lost it).
            let name = place.lowercased()
            if !chunk.inParens, name.utf8.count == 2, let quadrant = USPSTables.directionals[name],
                var current = location, current.kind == .streetAddress || current.kind == .addressRange || current.kind == .street,
                var street = current.mainStreet, street.suffix != nil, street.postDirectional == nil
            {
                street.postDirectional = quadrant
                current.mainStreet = street
                location = current
                if outsideLocation?.mainStreet?.nameKey == street.nameKey { outsideLocation = current }
                break
            }
            places.append(place)
            for note in notes { result.note(note) }
        case .location(let parsed):
            take(parsed, of: chunk, into: &result, parser: parser)
        }
    }

    /// A chunk that is a location: kept when more precise than the one so far, joined to it when
    /// it finishes it (`Bush Street (between Grant & Kearny Streets)`), else its names are places.
    mutating func take(
        _ parsed: ParsedAddress, of chunk: (tokens: ArraySlice<Token>, inParens: Bool), into result: inout ParsedAddress,
        parser: AddressParser
    ) {
        if parsed.kind == .intersection, parsed.mainStreet == nil {
            // `Van Ness Ave, at Market`, `Taylor St, north of Jefferson St`: the street is in
            // the chunk before; without one the words are a place (`Pier 9, at Autodesk`).
            if let current = location, let joined = parser.joined(current, parsed) {
                location = joined
                if let place = parsed.place { places.append(place) }
            } else {
                places.append(AddressTokenizer.text(chunk.tokens))
            }
            return
        }
        if let place = parsed.place { places.append(place) }
        if !chunk.inParens, outsideLocation == nil { outsideLocation = parsed }
        if let current = location, parsed.kind == .segment, parsed.mainStreet == nil, let joined = parser.joined(current, parsed) {
            // `Bush Street (between Grant & Kearny Streets)`: the street is outside.
            location = joined
        } else if let current = location {
            if parser.rank(parsed.kind) > parser.rank(current.kind) {
                // `Postcard Row` before `722 Steiner Street`: a displaced street of another
                // name is the venue's name.
                if current.kind == .street, current.place == nil, current.mainStreet?.nameKey != parsed.mainStreet?.nameKey,
                    let name = current.mainStreet?.display
                {
                    places.append(name)
                }
                location = parsed
                locationInParens = chunk.inParens
            } else if parser.rank(parsed.kind) == parser.rank(current.kind), parser.rank(parsed.kind) >= 4 {
                result.note(Note.extraLocation)
            } else if parsed.kind == .street, parsed.place == nil, parsed.mainStreet?.nameKey != current.mainStreet?.nameKey,
                let name = parsed.mainStreet?.display
            {
                // `722 Steiner Street (Postcard Row, …)`: a lesser street of another name names the place.
                places.append(name)
            }
        } else {
            location = parsed
            locationInParens = chunk.inParens
        }
    }

    /// The answer once every chunk is read; `result` holds what the chunks said around the location.
    mutating func location(completing result: consuming ParsedAddress) -> ParsedAddress {
        // Taken out of `location` so the address is changed in place rather than copied.
        guard var found = location.take() else {
            if !places.isEmpty {
                result.kind = .place
                result.place = places.joined(separator: ", ")
            } else if let neighborhoodText {
                result.kind = .place
                result.place = neighborhoodText
            } else if result.city != nil {
                result.kind = .place
            } else {
                result.kind = .unparsed
            }
            return result
        }
        // Read from the outside location and dropped before `found` changes: it is often `found`
        // itself, and a change to a shared address copies all its fields first.
        let hadOutsideLocation = outsideLocation != nil
        let outsideCorner = outsideLocation.flatMap { $0.kind == .intersection ? (main: $0.mainStreet, cross: $0.cross) : nil }
        outsideLocation = nil
        if locationInParens, !places.isEmpty || hadOutsideLocation {
            found.note(Note.parentheticalAddress)
        }
        // `20th St and Church (3885 20th St)`: keep the other street of the outside corner.
        if let corner = outsideCorner, found.cross == nil, found.kind == .streetAddress || found.kind == .addressRange,
            let main = found.mainStreet
        {
            if corner.main?.nameKey == main.nameKey {
                found.cross = corner.cross
            } else if corner.cross?.nameKey == main.nameKey {
                found.cross = corner.main
            }
        }
        found.place = places.isEmpty ? nil : places.joined(separator: ", ")
        found.neighborhood = result.neighborhood ?? found.neighborhood
        found.city = result.city ?? found.city
        found.state = result.state ?? found.state
        found.zip = result.zip ?? found.zip
        found.unit = found.unit ?? result.unit
        if !result.notes.isEmpty { found.notes = result.notes + found.notes.filter { !result.notes.contains($0) } }
        return found
    }
}
