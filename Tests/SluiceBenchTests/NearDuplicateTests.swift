import SluiceCore
import Testing

@testable import SluiceBench

@Suite struct NearDuplicateTests {
    let record = FilmRecord(
        title: "Vertigo", releaseYear: 1958, locations: "Mason & California Streets", funFacts: nil,
        productionCompany: "Alfred J. Hitchcock Productions", distributor: "Paramount Pictures", director: "Alfred Hitchcock",
        writer: "Alec Coppel", actor1: "James Stewart", actor2: "Kim Novak", actor3: "Barbara Bel Geddes",
        sfFindNeighborhoods: 106, analysisNeighborhoods: 21, currentSupervisorDistricts: 3)

    @Test func aDuplicateAlwaysDiffersButKeepsTheFilm() {
        var random = SplitMix64(seed: 1)
        for _ in 0..<500 {
            let copy = NearDuplicate.make(of: record, &random)
            #expect(copy != record)
            #expect(copy.releaseYear == record.releaseYear)
            #expect(copy.productionCompany == record.productionCompany)
        }
    }

    @Test func aTypoChangesOneLetterOrTheCase() {
        var random = SplitMix64(seed: 2)
        for _ in 0..<200 {
            let typo = NearDuplicate.typo("Vertigo", &random)
            #expect(typo == "VERTIGO" || abs(typo.count - 7) <= 1)
            #expect(typo.first == "V")
        }
    }

    @Test func replacingFirstReplacesOnlyTheFirst() {
        #expect("Mason & California & Powell".replacingFirst(" & ", with: " and ") == "Mason and California & Powell")
        #expect("Lombard".replacingFirst("St.", with: "Street") == "Lombard")
    }
}
