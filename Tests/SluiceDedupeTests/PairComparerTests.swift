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
}
