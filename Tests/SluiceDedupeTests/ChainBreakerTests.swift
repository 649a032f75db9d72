import Testing

@testable import SluiceDedupe

@Suite struct ChainBreakerTests {
    let breaker = ChainBreaker(threshold: 0.9, minDensity: 0.5, maxCheck: 10)

    @Test func denseClustersAreKept() {
        #expect(breaker.split([0, 1, 2]) { a, b in (a, b) == (0, 2) ? 0 : 0.95 } == .kept)
        #expect(breaker.split([3, 4]) { _, _ in 0 } == .kept)
    }

    @Test func chainsAreSplitByAverageLinkage() {
        // Two tight triples joined by one link 2–3: density 7/15 < 0.5.
        let strong: Set<[Int]> = [[0, 1], [0, 2], [1, 2], [3, 4], [3, 5], [4, 5], [2, 3]]
        let outcome = breaker.split([0, 1, 2, 3, 4, 5]) { a, b in strong.contains([a, b]) ? 0.99 : 0.01 }
        #expect(outcome == .split([[0, 1, 2], [3, 4, 5]]))
    }

    @Test func largeComponentsAreFlagged() {
        #expect(breaker.split(Array(0..<11)) { _, _ in 0 } == .flagged)
    }
}
