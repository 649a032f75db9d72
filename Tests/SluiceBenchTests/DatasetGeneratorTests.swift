import SluiceCore
import Testing

@testable import SluiceBench

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct DatasetGeneratorTests {
    /// The lines and duplicate pairs of a generated set, in memory.
    func generate(_ records: Int, seed: UInt64) throws -> (lines: [[UInt8]], duplicates: [DatasetGenerator.Duplicate]) {
        var lines: [[UInt8]] = []
        var duplicates: [DatasetGenerator.Duplicate] = []
        try DatasetGenerator(records: records, seed: seed).generate(line: { lines.append($0) }, duplicate: { duplicates.append($0) })
        return (lines, duplicates)
    }

    @Test func theSameSeedGivesTheSameBytes() throws {
        let first = try generate(3_000, seed: 42)
        let second = try generate(3_000, seed: 42)
        #expect(first.lines == second.lines)
        #expect(first.duplicates == second.duplicates)
    }

    @Test func differentSeedsGiveDifferentData() throws {
        let first = try generate(500, seed: 1)
        let second = try generate(500, seed: 2)
        #expect(first.lines != second.lines)
        #expect(first.lines.first != second.lines.first)
    }

    @Test func theFilesWrittenAreByteIdenticalAcrossRuns() throws {
        let directory = "/tmp/sluice-bench-tests-\(getpid())"
        try makeDirectory(directory)
        defer {
            for name in ["a.ndjson", "a.truth.csv", "b.ndjson", "b.truth.csv"] { unlink("\(directory)/\(name)") }
            rmdir(directory)
        }
        let generator = DatasetGenerator(records: 2_000, seed: 7)
        try generator.write(to: "\(directory)/a.ndjson", truth: "\(directory)/a.truth.csv")
        try generator.write(to: "\(directory)/b.ndjson", truth: "\(directory)/b.truth.csv")
        let first = try #require(readFile("\(directory)/a.ndjson"))
        #expect(first == readFile("\(directory)/b.ndjson"))
        #expect(readFile("\(directory)/a.truth.csv") == readFile("\(directory)/b.truth.csv"))
        #expect(first.split(separator: "\n").count == 2_000)
        #expect(readFile("\(directory)/a.truth.csv")?.hasPrefix("row,duplicate_of\n") == true)
    }

    @Test func everyLineIsAnObjectWithTheFieldsOfTheRealData() throws {
        let (lines, _) = try generate(200, seed: 3)
        let keys = [
            "title", "release_year", "locations", "fun_facts", "production_company", "distributor", "director", "writer",
            "actor_1", "actor_2", "actor_3", "sf_find_neighborhoods", "analysis_neighborhoods", "current_supervisor_districts",
        ]
        for line in lines {
            guard case .object(let members) = try JSONParser.parse(line) else {
                Issue.record("not an object")
                return
            }
            #expect(members.map(\.key) == keys)
            #expect(members[1].value.doubleValue != nil)
        }
    }

    @Test func aboutThreePercentOfLocationsAreNull() throws {
        let (lines, _) = try generate(20_000, seed: 11)
        let nulls = try lines.count { try JSONParser.parse($0)["locations"] == .null }
        let share = Double(nulls) / Double(lines.count)
        #expect(share > 0.02 && share < 0.04, "null share \(share)")
    }

    @Test func theDuplicateTruthIsConsistent() throws {
        let (lines, duplicates) = try generate(20_000, seed: 5)
        let share = Double(duplicates.count) / Double(lines.count)
        #expect(share > 0.08 && share < 0.12, "duplicate share \(share)")
        let duplicateRows = Set(duplicates.map(\.row))
        #expect(duplicateRows.count == duplicates.count)
        for pair in duplicates {
            // An earlier line, itself an original, never the same bytes.
            #expect(pair.duplicateOf < pair.row)
            #expect(!duplicateRows.contains(pair.duplicateOf))
            let copy = try JSONParser.parse(lines[pair.row - 1])
            let original = try JSONParser.parse(lines[pair.duplicateOf - 1])
            #expect(lines[pair.row - 1] != lines[pair.duplicateOf - 1])
            // Near, not new: the production company and writer are never changed.
            #expect(copy["production_company"] == original["production_company"])
            #expect(copy["writer"] == original["writer"])
        }
    }

    @Test func noFilmNamesTheSameLocationTwice() throws {
        let film = Film(seed: 9, number: 3)
        let locations = film.records.compactMap { $0.locations?.lowercased() }
        #expect(Set(locations).count == locations.count)
        #expect((1...12).contains(film.records.count))
    }
}
