import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct FieldColumnTests {
    func column(_ spec: String, _ values: [JSONValue?]) throws -> FieldColumn {
        let column = FieldColumn(spec: try ComparisonSpec.parse(spec))
        for value in values { column.append(value) }
        return column
    }

    @Test func textLevels() throws {
        let c = try column("surname:jw", [.string("Smith"), .string("smith."), .string("Smyth"), .string("Jones"), nil, .string("Smithe")])
        #expect(c.level(0, 1) == 1)  // equal after normalising
        #expect(c.level(0, 5) == 2)  // 0.97
        #expect(c.level(0, 2) == 3)  // 0.89
        #expect(c.level(0, 3) == 4)
        #expect(c.level(0, 4) == 0)
    }

    @Test func missingNullEmptyAndNonStringsAreMissing() throws {
        let c = try column("name:jw", [.null, .string(""), .array([]), .object([]), .number("12"), .string("12")])
        #expect(c.level(0, 1) == 0)
        #expect(c.level(2, 3) == 0)
        #expect(c.level(4, 5) == 1)  // a number compares as its text
    }

    @Test func termFrequencyIsTheShareOfPresentValues() throws {
        let c = try column("state:exact", [.string("nsw"), .string("nsw"), .string("vic"), nil])
        #expect(c.termFrequency(0) == 2.0 / 3)
        #expect(c.termFrequency(3) == nil)
    }

    @Test func numericDateAndGeoLevels() throws {
        let n = try column("year:num=2", [.number("1958"), .string("1959"), .number("1970"), .string("n/a")])
        #expect(n.level(0, 1) == 2)
        #expect(n.level(0, 2) == 4)
        #expect(n.level(0, 3) == 0)
        let d = try column("dob:date", [.string("19081209"), .string("1908-12-09"), .string("19081290"), .string("19090101"), .string("bad")])
        #expect(d.level(0, 1) == 1)
        #expect(d.level(0, 2) == 0)  // 1908-12-90 is no date
        #expect(d.level(0, 3) == 3)
        #expect(d.level(0, 4) == 0)
        let point = { (lat: String, lon: String) in JSONValue.object([JSONMember("lat", .number(lat)), JSONMember("lon", .number(lon))]) }
        let g = try column("geo:geo=50", [point("37.79155", "-122.41098"), point("37.79178", "-122.40946"), point("37.8", "-122.5"), .object([])])
        #expect(g.level(0, 0) == 1)
        #expect(g.level(0, 1) == 2)  // ~130 m: within 250 m
        #expect(g.level(0, 2) == 4)
        #expect(g.level(0, 3) == 0)
    }
}

extension FieldColumnTests {
    @Test func appendCopyRepeatsAnEarlierRecordsValue() throws {
        let spec = "locations:tokens"
        let copied = try column(spec, [.string("Ferry Building"), nil, .string("Pier 39")])
        copied.appendCopy(of: 0)
        copied.appendCopy(of: 1)
        let parsed = try column(spec, [.string("Ferry Building"), nil, .string("Pier 39"), .string("Ferry Building"), nil])
        #expect(copied.ids == parsed.ids && copied.counts == parsed.counts && copied.presentCount == parsed.presentCount)
        #expect(copied.level(0, 3) == 1 && copied.level(1, 4) == 0)
        let year = try column("year:num", [.number("1958")])
        year.appendCopy(of: 0)
        #expect(year.level(0, 1) == 1)
        let dob = try column("dob:date", [.string("1908-12-09")])
        dob.appendCopy(of: 0)
        #expect(dob.level(0, 1) == 1 && dob.second == [19_081_209, 19_081_209])
    }
}
