import Testing

@testable import SluiceCore

@Suite struct NamedFieldsTests {
    /// Looks at each line as a record, as a record loop does.
    func looked(_ fields: NamedFields, at lines: [String]) throws -> NamedFields {
        var fields = fields
        for line in lines {
            var bytes = Array(line.utf8)
            try bytes.withUnsafeMutableBufferPointer { buffer throws(RecordError) in
                fields.look(at: try NDJSONRecord(UnsafeBufferPointer(buffer)))
            }
        }
        return fields
    }

    static let films = [
        #"{"title":"Vertigo","locations":"Mason & California","address":{"raw":"Mason & California","key":"california st & mason st"}}"#,
        #"{"title":"Bullitt","locations":null,"address":{"raw":null}}"#,
    ]

    @Test func nothingWatchedOrEveryFieldHeldSaysNothing() throws {
        #expect(try looked(NamedFields(), at: Self.films).warnings == [])
        let held = NamedFields([("field", "locations"), ("key", "address.key"), ("key", "title")])
        #expect(try looked(held, at: Self.films).warnings == [])
        #expect(!(try looked(held, at: Self.films).isWatching))
    }

    @Test func aNullValueIsHeld() throws {
        #expect(try looked(NamedFields([("field", "locations")]), at: [Self.films[1]]).warnings == [])
    }

    @Test func aFieldNoRecordHoldsIsOneWarningWithTheNamesAndTheNearest() throws {
        let fields = try looked(NamedFields([("field", "location"), ("key", "adress.key"), ("key", "address.kye"), ("id", "zzz")]), at: Self.films)
        #expect(
            fields.warnings == [
                "--field location: no record has this field; the records have title, locations, address (did you mean 'locations'?)",
                "--key adress.key: no record has this field; the records have title, locations, address (did you mean 'address.key'?)",
                // The first part is right: only top-level names are known, so no guess.
                "--key address.kye: no record has this field; the records have title, locations, address",
                "--id zzz: no record has this field; the records have title, locations, address",
            ])
    }

    /// `--field a,b`, as `--compare` lists fields, names one field with a comma in its name.
    @Test func aListOfFieldsTheRecordsHaveSaysToNameEach() throws {
        let fields = try looked(NamedFields([("field", "title,address.raw"), ("field", "title,zzz")]), at: Self.films)
        #expect(
            fields.warnings == [
                "--field title,address.raw: no record has this field; the records have title, locations, address"
                    + " (one field each time: --field title --field address.raw)",
                "--field title,zzz: no record has this field; the records have title, locations, address",
            ])
    }

    @Test func pathsReachOnlyIntoObjects() throws {
        let fields = try looked(NamedFields([("key", "title.raw"), ("key", "address.raw.x")]), at: Self.films)
        #expect(fields.warnings.count == 2)
    }

    @Test func noRecordReadIsNoWarning() throws {
        #expect(try looked(NamedFields([("field", "locations")]), at: []).warnings == [])
        #expect(
            try looked(NamedFields([("field", "locations")]), at: ["{}"]).warnings == [
                "--field locations: no record has this field; the records have no fields"
            ])
    }

    @Test func atMostADozenNamesAreShown() throws {
        let wide = "{" + (1...20).map { "\"f\($0)\":\($0)" }.joined(separator: ",") + "}"
        let warning = try looked(NamedFields([("key", "g")]), at: [wide]).warnings.first ?? ""
        #expect(warning == "--key g: no record has this field; the records have f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, …")
    }

    @Test func namesComeFromTheFirstRecordsOnly() throws {
        let early = Array(repeating: #"{"a":1}"#, count: NamedFields.sampledRecords)
        let fields = try looked(NamedFields([("key", "c")]), at: early + [#"{"b":2}"#])
        #expect(fields.names == ["a"])
        #expect(fields.isWatching)
    }

    @Test func mergedThreadsSeeWhatEitherSaw() throws {
        let watched = NamedFields([("key", "title"), ("key", "locations"), ("key", "nope")])
        var first = try looked(watched, at: [#"{"title":"Vertigo"}"#])
        let second = try looked(watched, at: [#"{"locations":"Mason St","year":1958}"#])
        first.merge(second)
        #expect(first.warnings == ["--key nope: no record has this field; the records have title, locations, year"])
    }
}
