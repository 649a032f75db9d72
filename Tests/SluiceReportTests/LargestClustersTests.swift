import Testing

@testable import SluiceReport

@Suite struct LargestClustersTests {
    static func member(_ title: String, cluster: String, size: Int, canonical: Bool) -> ReportRecord {
        Facts.of(
            #"{"title":"\#(title)","address":{"raw":"at \#(cluster)"},"dedupe":{"cluster":"\#(cluster)","size":\#(size),"canonical":\#(canonical)}}"#)
    }

    @Test func keepsTheLargestClustersWithTheirMembers() {
        var clusters = LargestClusters(limit: 2)
        let records = [
            Self.member("A", cluster: "c3", size: 3, canonical: true), Self.member("B", cluster: "c2", size: 2, canonical: true),
            Self.member("C", cluster: "c3", size: 3, canonical: false), Self.member("D", cluster: "c1", size: 1, canonical: true),
            Self.member("E", cluster: "c4", size: 4, canonical: true), Self.member("F", cluster: "c2", size: 2, canonical: false),
            Self.member("G", cluster: "c3", size: 3, canonical: false),
        ]
        for facts in records { clusters.add(facts) }
        #expect(clusters.largest.map(\.id) == ["c4", "c3"])
        #expect(clusters.largest[1].members.map(\.label) == ["A", "C", "G"])
        #expect(clusters.largest[1].members.map(\.canonical) == [true, false, false])
        #expect(clusters.largest[1].members[0].text == "at c3")
        #expect(clusters.clustersBySize == [1: 1, 2: 1, 3: 1, 4: 1])
        #expect(clusters.clusters == 4 && clusters.withDuplicates == 3 && clusters.records == 7)
    }

    @Test func showsAtMostTwelveMembersButCountsThemAll() {
        var clusters = LargestClusters(limit: 1)
        for index in 0..<20 { clusters.add(Self.member("M\(index)", cluster: "big", size: 20, canonical: index == 0)) }
        #expect(clusters.largest[0].members.count == LargestClusters.membersShown)
        #expect(clusters.largest[0].seen == 20)
    }

    @Test func tiesGoToTheSmallerIdWhateverTheOrder() {
        var forwards = LargestClusters(limit: 1)
        var backwards = LargestClusters(limit: 1)
        let records = ["b", "a", "c"].map { Self.member($0, cluster: $0, size: 2, canonical: true) }
        for facts in records { forwards.add(facts) }
        for facts in records.reversed() { backwards.add(facts) }
        #expect(forwards.largest.map(\.id) == ["a"] && backwards.largest.map(\.id) == ["a"])
    }
}
