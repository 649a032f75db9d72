import Testing

@testable import SluiceDedupe

@Suite struct ClusterTableTests {
    let lines = [
        #"{"title":"Vertigo","provenance":{"source":"f.csv","row":1}}"#,
        #"{"title":"Vertigo","year":1958,"provenance":{"source":"f.csv","row":2}}"#,
        #"{"title":"Bullitt","provenance":{"source":"f.csv","row":3}}"#,
    ]

    @Test func canonicalIsTheMostCompleteMember() throws {
        let table = ClusterTable(labels: [7, 7, 9], facts: try facts(lines), keyHashes: nil)
        #expect(table.clusterCount == 2)
        #expect(table.clusters.map(\.size) == [2, 1])
        #expect(table.isCanonical(1) && !table.isCanonical(0) && table.isCanonical(2))
        #expect(table.foldedRecords == 1)
    }

    @Test func fuzzyIdsDoNotDependOnOrderOrOtherRecords() throws {
        let first = ClusterTable(labels: [0, 0, 1], facts: try facts(lines), keyHashes: nil)
        // The same records in another order, with an unrelated record added in front.
        let more = [#"{"title":"Alcatraz","provenance":{"source":"g.csv","row":9}}"#, lines[2], lines[1], lines[0]]
        let second = ClusterTable(labels: [5, 1, 0, 0], facts: try facts(more), keyHashes: nil)
        #expect(first.clusters[Int(first.clusterOf[0])].id == second.clusters[Int(second.clusterOf[3])].id)
        #expect(first.clusters[Int(first.clusterOf[2])].id == second.clusters[Int(second.clusterOf[1])].id)
    }

    @Test func exactIdsAreTheKeyHash() throws {
        let table = ClusterTable(labels: [0, 0, -3], facts: try facts(lines), keyHashes: [42])
        #expect(table.clusters.map(\.id) == [42, try facts(lines).identity[2]])
    }
}
