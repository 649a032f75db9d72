import Foundation
import Sluice
import SluiceTestSupport
import Testing

@Suite struct DedupeTests {
    /// Seven people, three of them twice with a typo: the shape of Febrl's records.
    static let records = [
        #"{"id":1,"name":"anna smith","town":"perth","born":"19700101"}"#,
        #"{"id":2,"name":"anna smyth","town":"perth","born":"19700101"}"#,
        #"{"id":3,"name":"bob jones","town":"albany","born":"19651212"}"#,
        #"{"id":4,"name":"bob jones","town":"albnay","born":"19651212"}"#,
        #"{"id":5,"name":"carol white","town":"perth","born":"19800505"}"#,
        #"{"id":6,"name":"dan brown","town":"broome","born":"19900909"}"#,
        #"{"id":7,"name":"erin black","town":"albany","born":"19751111"}"#,
        #"{"id":8,"name":"erin black","town":"albany","born":"19751111"}"#,
        #"{"id":9,"name":"fay green","town":"perth","born":"19850303"}"#,
        #"{"id":10,"name":"gus grey","town":"broome","born":"19600606"}"#,
    ]

    @Test func aModelWrittenAndReadBackIsTheSame() throws {
        let scratch = try ScratchDirectory()
        let model = try DedupeModel.learn(from: Self.records, compare: ["name", "town", "born:date"], block: ["born"])
        #expect(model.compare == ["name:jw", "town:jw", "born:date=365"] && model.block == ["born"])
        try model.write(to: scratch.file("model.json"))
        #expect(try DedupeModel(contentsOf: scratch.file("model.json")) == model)
        #expect(throws: StageFailure.self) { try DedupeModel(contentsOf: scratch.file("missing.json")) }
    }

    @Test func recordsAreMarkedDroppedOrMergedWithTheModel() throws {
        let model = try DedupeModel.learn(from: Self.records, compare: ["name", "town", "born:date"], block: ["born"])
        let marked = try dedupe(Self.records, with: model)
        #expect(marked.count == Self.records.count)
        #expect(marked.allSatisfy { $0.contains(#","dedupe":{"cluster":"#) })
        let kept = try dedupe(Self.records, with: model, mode: .drop)
        #expect(kept.count < Self.records.count && kept.count >= 7)
        #expect(try dedupe(Self.records, with: model, mode: .merge).count == kept.count)
    }

    @Test func equalKeysAreOneCluster() throws {
        let kept = try dedupe(Self.records, keys: ["name", "born"], mode: .drop)
        #expect(kept.count == 8)
        #expect(try dedupe(Self.records, keys: ["town"], fold: true, mode: .drop).count == 4)
    }

    @Test func aRecordThatHasTheMemberAlreadyIsRefused() {
        #expect { try dedupe([#"{"a":1,"dedupe":2}"#], keys: ["a"]) } throws: { error in
            (error as? StageFailure)?.exitCode == .dataError
        }
    }
}
