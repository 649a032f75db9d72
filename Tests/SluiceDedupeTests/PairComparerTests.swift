import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct PairComparerTests {
    @Test func parallelPatternsEqualSerialOnes() throws {
        let name = FieldColumn(spec: try ComparisonSpec.parse("name:jw"))
        let year = FieldColumn(spec: try ComparisonSpec.parse("year:num=1"))
        let names = ["smith", "smyth", "jones", "johns", "brown", "braun", "", "smith"]
        for (index, text) in names.enumerated() {
            name.append(.string(text))
            year.append(index % 3 == 0 ? nil : .int(1950 + index % 2))
        }
        let pairs: [(Int32, Int32)] = (0..<5000).map { k in (Int32(k % 8), Int32((k / 8) % 8)) }
        let parallel = PairComparer(columns: [name, year], threads: 2).patterns(of: pairs)
        let serial = PairComparer(columns: [name, year], threads: 1)
        #expect(parallel == pairs.map { serial.pattern(Int($0.0), Int($0.1)) })
        #expect(Pattern.unpack(serial.pattern(0, 7), fields: 2) == [1, 0])
        #expect(Pattern.unpack(serial.pattern(1, 2), fields: 2) == [4, 2])
        // Started on other threads, waited for: the same patterns, and on one thread too.
        for threads in [1, 2] {
            let pending = PairComparer(columns: [name, year], threads: threads).startPatterns(of: pairs)
            #expect(Array(pending.wait()) == parallel)
            #expect(pending.pairs.elementsEqual(pairs) { $0 == $1 })
        }
    }

    /// Levels looked up from the memo of pairs met before are the levels computed: over more
    /// pairs of distinct values than fit the memo without sharing a slot (so pairs are evicted
    /// and met again), in two batches on one comparer, in both orders of each pair, on one thread
    /// and on two.
    @Test func rememberedLevelsAreTheComputedOnes() throws {
        var state: UInt64 = 3
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let words = ["mission", "misson", "valencia", "valenica", "street", "st", "pier", "39", "golden", "gate"]
        let title = FieldColumn(spec: try ComparisonSpec.parse("title:jw"))
        let place = FieldColumn(spec: try ComparisonSpec.parse("place:tokens"))
        for k in 0..<400 {
            let text = (0..<(1 + k % 3)).map { _ in words[next(words.count)] }.joined(separator: " ") + (k % 5 == 0 ? "" : " \(k % 97)")
            title.append(k % 50 == 0 ? nil : .string(text))
            place.append(.string(text))
        }
        try title.finish()
        try place.finish()
        let pairs: [(Int32, Int32)] = (0..<40_000).map { _ in (Int32(next(400)), Int32(next(400))) }
        for threads in [1, 2] {
            let comparer = PairComparer(columns: [title, place], threads: threads)
            for batch in [pairs, pairs.map { ($0.1, $0.0) }] {
                let expected = batch.map { UInt64(title.level(Int($0.0), Int($0.1))) | UInt64(place.level(Int($0.0), Int($0.1))) << 4 }
                #expect(comparer.patterns(of: batch) == expected, "threads \(threads)")
            }
        }
    }
}
