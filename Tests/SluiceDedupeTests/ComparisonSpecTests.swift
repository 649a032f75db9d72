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
    }

    @Test func rejectsBadSpecs() {
        for bad in ["", ":jw", "a..b:jw", "name:soundex", "name:jw=3", "geo:geo=-1", "geo:geo=x"] {
            #expect(throws: StageFailure.self, "\(bad)") { try ComparisonSpec.parse(bad) }
        }
    }

    @Test func everyMethodHasAMissingLevelFirst() throws {
        for text in ["a:exact", "a:jw", "a:lev", "a:tokens", "a:num", "a:date", "a:geo"] {
            let spec = try ComparisonSpec.parse(text)
            #expect(spec.levelNames.first == "missing")
            #expect(spec.levelCount <= 16)
        }
    }
}
