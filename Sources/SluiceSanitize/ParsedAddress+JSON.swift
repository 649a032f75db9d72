import SluiceCore

/// The `address` object the stage writes: only the components found, in a fixed order.
extension ParsedAddress {
    /// The members an address object may have (`raw` and `kind` always): how the stage knows
    /// its own earlier result when it runs again on its output.
    public static let shape = ResultMember.Shape(
        required: AddressFields.required, optional: AddressFields.all.filter { !AddressFields.required.contains($0) })

    /// The `address` object the stage writes: only the components found, in a fixed order.
    public var json: JSONValue {
        var members: [JSONMember] = []
        func add(_ key: String, _ value: String?) {
            if let value { members.append(JSONMember(key, .string(value))) }
        }
        if let raw { members.append(JSONMember(AddressFields.raw, .string(raw))) } else { members.append(JSONMember(AddressFields.raw, .null)) }
        add(AddressFields.clean, clean)
        add(AddressFields.kind, kind.rawValue)
        add(AddressFields.place, place)
        add(AddressFields.number, number)
        add(AddressFields.numberTo, numberTo)
        add(AddressFields.preDirectional, preDir)
        add(AddressFields.street, street)
        add(AddressFields.suffix, suffix)
        add(AddressFields.postDirectional, postDir)
        add(AddressFields.unit, unit)
        add(AddressFields.crossStreet, crossStreet)
        add(AddressFields.crossStreet2, crossStreet2)
        add(AddressFields.neighborhood, neighborhood)
        add(AddressFields.city, city)
        add(AddressFields.state, state)
        add(AddressFields.zip, zip)
        add(AddressFields.key, key)
        if let part { members.append(JSONMember(AddressFields.part, .int(part))) }
        if let parts { members.append(JSONMember(AddressFields.parts, .int(parts))) }
        if !alternatives.isEmpty {
            members.append(
                JSONMember(
                    AddressFields.alternatives,
                    .array(
                        alternatives.map { alternative in
                            var plain = alternative
                            plain.raw = nil
                            // Alternatives carry their own text in `clean`; `raw` belongs to the whole string.
                            guard case .object(let inner) = plain.json else { return plain.json }
                            return .object(inner.filter { $0.key != AddressFields.raw })
                        })))
        }
        if !notes.isEmpty { members.append(JSONMember(AddressFields.notes, .array(notes.map(JSONValue.string)))) }
        return .object(members)
    }

    /// Writes `json` as `JSONWriter.write(json)` would, byte for byte, without building the
    /// `JSONValue` tree first: the stage writes one of these per record.
    ///
    ///     var out: [UInt8] = []
    ///     AddressParser().parse("766 Vallejo St.").writeJSON(to: &out)
    ///     // {"raw":"766 Vallejo St.","clean":"766 Vallejo St","kind":"street_address",…}
    public func writeJSON(to out: inout [UInt8]) {
        writeJSON(to: &out, withRaw: true)
    }

    /// Alternatives are written without `raw` (it belongs to the whole string).
    func writeJSON(to out: inout [UInt8], withRaw: Bool) {
        out.append(UInt8(ascii: "{"))
        var first = true
        /// `name` is the member's key already quoted, with its colon: `"raw":`.
        func member(_ name: StaticString) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            name.withUTF8Buffer { out.append(contentsOf: $0) }
        }
        func add(_ name: StaticString, _ value: String?) {
            guard let value else { return }
            member(name)
            JSONWriter.writeString(value, to: &out)
        }
        if withRaw {
            if let raw {
                add(#""raw":"#, raw)
            } else {
                member(#""raw":"#)
                out.append(contentsOf: "null".utf8)
            }
        }
        add(#""clean":"#, clean)
        add(#""kind":"#, kind.rawValue)
        add(#""place":"#, place)
        add(#""number":"#, number)
        add(#""number_to":"#, numberTo)
        // One copy of each street, rather than one per component read.
        let main = mainStreet
        add(#""pre_dir":"#, main?.preDirectional)
        add(#""street":"#, main.flatMap { $0.name.isEmpty ? nil : $0.name })
        add(#""suffix":"#, main?.suffix)
        add(#""post_dir":"#, main?.postDirectional)
        add(#""unit":"#, unit)
        add(#""cross_street":"#, cross?.display)
        add(#""cross_street_2":"#, cross2?.display)
        add(#""neighborhood":"#, neighborhood)
        add(#""city":"#, city)
        add(#""state":"#, state)
        add(#""zip":"#, zip)
        add(#""key":"#, self.key)
        if let part {
            member(#""part":"#)
            JSONWriter.writeDecimal(part, to: &out)
        }
        if let parts {
            member(#""parts":"#)
            JSONWriter.writeDecimal(parts, to: &out)
        }
        if !alternatives.isEmpty {
            member(#""alternatives":"#)
            out.append(UInt8(ascii: "["))
            for (index, alternative) in alternatives.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                alternative.writeJSON(to: &out, withRaw: false)
            }
            out.append(UInt8(ascii: "]"))
        }
        if !notes.isEmpty {
            member(#""notes":"#)
            out.append(UInt8(ascii: "["))
            for (index, note) in notes.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONWriter.writeString(note, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
    }
}
