import Testing

@testable import SluiceBench

@Suite struct DataSizeTests {
    @Test func parsesShortSizes() {
        #expect(DataSize("10k")?.records == 10_000)
        #expect(DataSize("1M")?.records == 1_000_000)
        #expect(DataSize("2500")?.records == 2_500)
        #expect(DataSize("") == nil)
        #expect(DataSize("-1k") == nil)
        #expect(DataSize("tenk") == nil)
    }

    @Test func labelsRoundTrip() {
        #expect(DataSize(records: 100_000).label == "100k")
        #expect(DataSize(records: 1_000_000).label == "1M")
        #expect(DataSize(records: 1_234).label == "1234")
    }

    @Test func parsesLists() {
        #expect(DataSize.list("10k,100k,1M")?.map(\.records) == [10_000, 100_000, 1_000_000])
        #expect(DataSize.list("10k,x") == nil)
    }
}
