import Testing

@testable import SluiceDedupe

@Suite struct ClusterTableTests {
    let lines = [
        #"{"title":"Vertigo","provenance":{"source":"f.csv","row":1}}"#,
        #"{"title":"Vertigo","year":1958,"provenance":{"source":"f.csv","row":2}}"#,
        #"{"title":"Bullitt","provenance":{"source":"f.csv","row":3}}"#,
    ]

    @Test func canonicalIsTheMostCompleteMember() throws {
        let table = try ClusterTable(labels: [7, 7, 9], facts: try facts(lines), keyHashes: nil)
        #expect(table.clusterCount == 2)
        #expect(table.clusters.map(\.size) == [2])
        #expect(table.isCanonical(1) && !table.isCanonical(0) && table.isCanonical(2))
        #expect(table.foldedRecords == 1)
    }

    /// Fuzzy mode holds no cluster for a record alone: it is marked, and its cluster made when
    /// asked for, with its own identity as id; two such records are not in one cluster.
    @Test func recordsAloneHoldNoCluster() throws {
        let facts = try facts(lines)
        let table = try ClusterTable(labels: [2, 1, 2], facts: facts, keyHashes: nil)
        #expect(table.clusterOf == [0, ClusterTable.alone, 0] && table.aloneCount == 1)
        let alone = table.cluster(of: 1)
        let identity = try facts.identities()
        #expect(alone.id == identity[1] && alone.size == 1 && alone.canonical == 1 && !alone.weak)
        #expect(table.score(of: 1).isNaN && table.isCanonical(1))
        let two = try ClusterTable(labels: [0, 1, 2], facts: facts, keyHashes: nil)
        #expect(two.clusters.isEmpty && two.clusterCount == 3 && !two.inOneCluster(0, 1) && two.inOneCluster(0, 0))
        #expect(table.inOneCluster(0, 2) && !table.inOneCluster(0, 1))
    }

    /// The table holding every record numbers clusters by their first records, as exact mode's.
    @Test func holdingEveryRecordNumbersEachCluster() throws {
        let facts = try facts(lines)
        let table = try ClusterTable(labels: [2, 1, 2], facts: facts, keyHashes: nil).holdingEveryRecord()
        #expect(table.clusterOf == [0, 1, 0] && table.aloneCount == 0)
        let identity = try facts.identities()
        #expect(table.clusters.map(\.size) == [2, 1] && table.clusters[1].id == identity[1])
    }

    @Test func fuzzyIdsDoNotDependOnOrderOrOtherRecords() throws {
        let first = try ClusterTable(labels: [0, 0, 1], facts: try facts(lines), keyHashes: nil)
        // The same records in another order, with an unrelated record added in front.
        let more = [#"{"title":"Alcatraz","provenance":{"source":"g.csv","row":9}}"#, lines[2], lines[1], lines[0]]
        let second = try ClusterTable(labels: [5, 1, 0, 0], facts: try facts(more), keyHashes: nil)
        #expect(first.cluster(of: 0).id == second.cluster(of: 3).id)
        #expect(first.cluster(of: 2).id == second.cluster(of: 1).id)
    }

    @Test func exactIdsAreTheKeyHash() throws {
        let table = try ClusterTable(labels: [0, 0, -3], facts: try facts(lines), keyHashes: [42])
        let identity = try facts(lines).identities()
        #expect(table.clusters.map(\.id) == [42, identity[2]])
    }
}
