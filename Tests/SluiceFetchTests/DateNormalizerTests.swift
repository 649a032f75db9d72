import SluiceCore
import Testing

@testable import SluiceFetch

@Suite struct DateNormalizerTests {
    @Test func readsTheCommonWrittenForms() throws {
        let dates = try DateNormalizer("aired")
        for text in [
            "March 4, 2019", "2019-03-04", "4 March 2019", "Mar 4, 2019", "4 Mar 2019", "03/04/2019", "Monday, March 4, 2019", "  March  4,  2019 ",
        ] {
            #expect(dates.normalize(.string(text)) == .string("2019-03-04"), "\(text)")
        }
    }

    @Test func keepsTimesInUTC() throws {
        let dates = try DateNormalizer("at")
        #expect(dates.normalize(.string("2019-03-04T23:30:00-08:00")) == .string("2019-03-05T07:30:00Z"))
    }

    @Test func anExplicitFormatIsTheOnlyOneTried() throws {
        let dates = try DateNormalizer("d:dd.MM.yyyy")
        #expect(dates.normalize(.string("04.03.2019")) == .string("2019-03-04"))
        #expect(dates.normalize(.string("2019-03-04")) == nil)
    }

    @Test func valuesThatAreNotDatesAreKeptAndCounted() throws {
        let dates = try DateNormalizer(["aired", "updated"])
        var record = JSONValue.object([
            "title": .string("Pilot"), "aired": .string("TBA"), "updated": .string("4 March 2019"), "other": .string("4 March 2019"),
        ])
        dates.apply(to: &record)
        #expect(JSONWriter.string(record) == #"{"title":"Pilot","aired":"TBA","updated":"2019-03-04","other":"4 March 2019"}"#)
        #expect(dates.warnings == ["--dates: 1 value of 'aired' is not a date and kept as it was"])
    }

    @Test func impossibleDatesAreNotDates() throws {
        let dates = try DateNormalizer("d")
        #expect(dates.normalize(.string("February 30, 2019")) == nil)
        #expect(dates.normalize(.number("20190304")) == nil)
    }

    @Test func needsAField() {
        #expect(throws: (any Error).self) { try DateNormalizer(":yyyy") }
    }
}
