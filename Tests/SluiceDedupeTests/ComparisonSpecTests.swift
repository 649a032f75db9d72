import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct ComparisonSpecTests {
    @Test func parsesMethodsAndParameters() throws {
        #expect(try ComparisonSpec.parse("surname") == ComparisonSpec(path: "surname", method: .jaroWinkler))
        #expect(try ComparisonSpec.parse("address.key:tokens").method == .tokenSet)
        #expect(try ComparisonSpec.parse("geo:geo=100").method == .geo(metres: 100))
        #expect(try ComparisonSpec.parse("date_of_birth:date").method == .date(days: 365))
        #expect(try ComparisonSpec.parse("year:num=2").method == .numeric(tolerance: 2))
        #expect(try ComparisonSpec.parse("geo:geo=100").text == "geo:geo=100")
        #expect(try ComparisonSpec.parse("phone:phone").method == .phone)
        #expect(try ComparisonSpec.parse("street_number:housenumber").method == .houseNumber)
        #expect(try ComparisonSpec.parse("name:name").levelCount == 6)
        #expect(try ComparisonSpec.parse("address.key:address").text == "address.key:address")
    }

    @Test func levelsOfYourOwn() throws {
        let jw = try ComparisonSpec.parse("name:jw=0.95/0.88/0.7")
        #expect(jw.cuts == [0.95, 0.88, 0.7] && jw.text == "name:jw=0.95/0.88/0.7")
        #expect(jw.levelNames == ["missing", "exact", "similarity>=0.95", "similarity>=0.88", "similarity>=0.7", "different"])
        #expect(ComparisonSpec.level(forSimilarity: 0.9, cuts: jw.levelCuts) == 3)
        #expect(ComparisonSpec.level(forSimilarity: 0.1, cuts: jw.levelCuts) == 5)
        let num = try ComparisonSpec.parse("year:num=1/5/20")
        #expect(num.levelNames == ["missing", "exact", "within 1", "within 5", "within 20", "different"])
        #expect(try ComparisonSpec.parse("year:num=2").levelCuts == [2, 6])
        #expect(try ComparisonSpec.parse("dob:date=30/365").levelNames.suffix(3) == ["within 30 days", "within 365 days", "different"])
        #expect(try ComparisonSpec.parse("geo:geo=25/100").levelNames == ["missing", "within 25 m", "within 100 m", "farther"])
        for bad in [
            "a:jw=0.7/0.9", "a:num=5/1", "a:jw=1.5", "a:phone=3", "a:jw=0.9/",
            "a:jw=" + (1...15).map { String(1 - Double($0) / 20) }.joined(separator: "/"),
        ] {
            #expect(throws: StageFailure.self, "\(bad)") { try ComparisonSpec.parse(bad) }
        }
    }

    @Test func rejectsBadSpecs() {
        // date=1e300 trapped converting the days to an Int (issue 33).
        for bad in ["", ":jw", "a..b:jw", "name:soundex", "name:jw=3", "geo:geo=-1", "geo:geo=x", "d:date=1e300", "d:date=1e19", "d:date=400000000"] {
            #expect(throws: StageFailure.self, "\(bad)") { try ComparisonSpec.parse(bad) }
        }
    }

    @Test func everyMethodHasAMissingLevelFirst() throws {
        for text in ["a:exact", "a:jw", "a:lev", "a:tokens", "a:num", "a:date", "a:geo", "a:name", "a:phone", "a:housenumber", "a:address"] {
            let spec = try ComparisonSpec.parse(text)
            #expect(spec.levelNames.first == "missing")
            #expect(spec.levelCount <= 16)
        }
    }
}
