import SluiceCore
import Testing

@testable import SluiceDedupe

/// The `dedupe` object is written with `DedupeFields`' names, in their order; the stage's shape is theirs.
@Suite struct DedupeFieldsTests {
    @Test func everyWrittenFieldIsNamedInOrder() throws {
        let lines = [#"{"t":"a"}"#, #"{"t":"a"}"#, #"{"t":"b"}"#]
        var table = try ClusterTable(labels: [0, 0, 2], facts: try facts(lines), keyHashes: [1, 0, 2])
        table.clusters[0].weak = true
        table.scores[0] = 0.9
        let writer = DedupeWriter(mode: .mark, table: table)
        for record in lines.indices {
            guard case .object(let members) = writer.mark(record, members: record == 0 ? [.int(1)] : nil) else {
                Issue.record("not an object")
                continue
            }
            let keys = members.map(\.key)
            #expect(keys == DedupeFields.all.filter(keys.contains), "\(keys)")
            #expect(DedupeFields.required.allSatisfy(keys.contains))
        }
    }

    @Test func theShapeAndDefaultMemberAreTheContracts() throws {
        #expect(DedupeWriter.shape.required == DedupeFields.required)
        #expect(DedupeWriter.shape.allowed == Set(DedupeFields.all))
        let table = try ClusterTable(labels: [], facts: RecordFacts(keepProvenance: false), keyHashes: [])
        #expect(DedupeWriter(mode: .mark, table: table).memberKey == DedupeFields.member)
    }
}
