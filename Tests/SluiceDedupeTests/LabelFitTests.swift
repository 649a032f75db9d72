import Testing

@testable import SluiceDedupe

@Suite struct LabelFitTests {
    @Test func answersMoveTheWeightsOfTheLevelsTheyShare() {
        // Field 0 a name (levels 1 exact … 4 different), field 1 an address (1 exact, 2 different).
        // The model links every pair sharing an address; the answers say a different name is not the same.
        let levels: [[UInt8]] = [[4, 1], [4, 1], [4, 1], [1, 1], [1, 1], [1, 2], [4, 2]]
        let offsets = [4.0, 4.0, 4.0, 12.0, 12.0, 1.0, -8.0]
        let matches = [false, false, false, true, true, true, false]
        let fit = LabelFit.fit(offsets: offsets, levels: levels, matches: matches, levelCounts: [5, 3])
        #expect(fit.shifts[0][4] < -2)
        #expect(fit.shifts[0][0] == 0 && fit.shifts[1][0] == 0)
        #expect(fit.shifts[0][2] == 0)  // no answer lands there
        #expect(abs(fit.shifts[0][4]) < 4 * LabelFit.spread)  // held by the prior
    }

    @Test func aLevelEveryAnswerSharesDoesNotMove() {
        let fit = LabelFit.fit(offsets: [5, 5, 5], levels: [[1, 1], [1, 2], [1, 2]], matches: [true, false, false], levelCounts: [3, 3])
        #expect(fit.shifts[0][1] == 0)
        #expect(fit.shifts[1][2] < 0)
    }

    @Test func noAnswersNoShifts() {
        #expect(LabelFit.fit(offsets: [], levels: [], matches: [], levelCounts: [3]).shifts == [[0, 0, 0]])
    }

    @Test func choleskySolves() {
        let x = LabelFit.solve([4, 2, 2, 3], [2, 1], 2)
        #expect(x.map { abs($0[0] - 0.5) < 1e-12 && abs($0[1]) < 1e-12 } == true)
        #expect(LabelFit.solve([0, 0, 0, 1], [1, 1], 2) == nil)
    }
}
