import SluiceCore
import SluiceGeocode
import Testing

@testable import SluiceTools

@Suite struct GeocodeEvalTests {
    @Test func quantilesByNearestRank() {
        #expect(GeocodeEval.quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.5) == 5)
        #expect(GeocodeEval.quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9) == 9)
        #expect(GeocodeEval.quantile([], 0.5) == 0)
    }

    @Test func errorTableByGroup() {
        let samples = [
            GeocodeEval.Sample(precision: .address, score: 0.98, error: 10),
            GeocodeEval.Sample(precision: .address, score: 0.98, error: 120),
            GeocodeEval.Sample(precision: .none, score: 0, error: nil),
        ]
        let lines = GeocodeEval.errorTable(samples) { $0.precision.rawValue }
        #expect(lines.count == 4)
        #expect(lines[1].hasPrefix("address         2     10 m     120 m    50.0%   50.0%   100.0%"))
        #expect(lines[2].hasPrefix("none            1     -"))
        #expect(lines[3].hasPrefix("all             3"))
        #expect(GeocodeEval.band(0.93) == "score >=0.90" && GeocodeEval.band(0.2) == "score <0.40")
        var far = samples[1]
        far.text = "1650 20TH AVE"
        far.matched = "1650 20th ave"
        #expect(GeocodeEval.worst([samples[0], far, samples[2]], 1) == ["  120 m  1650 20TH AVE → 1650 20th ave"])
    }

    @Test func filmReportCountsAndRanksUnmatched() throws {
        let ndjson = """
            {"locations":"Coit Tower","geo":{"precision":"place","score":0.95}}
            {"locations":"Chinatown","geo":{"precision":"place","score":0.3,"matched":"Chinatown (neighborhood)"}}
            {"locations":"Bay Bridge","geo":{"precision":"none"}}
            {"locations":"Bay Bridge","geo":{"precision":"none"}}
            {"locations":"","geo":{"precision":"none"}}
            {"address":{"raw":"Lombard Street"},"geo":{"precision":"street","score":0.75}}
            """
        let report = try GeocodeEval.films(ndjson: Array(ndjson.utf8), textField: "locations")
        #expect(report.total == 5)
        #expect(report.unmatched == ["Bay Bridge": 2])
        #expect(report.scores == 2.0)
        #expect(report.doubtful == 1)
        #expect(report.neighbourhoods == 1)
        #expect(report.lines().contains("expected within 250 m (the sum of the scores): 2 (40.0%)"))
        #expect(report.lines().contains("  2  Bay Bridge"))
    }

    @Test func filmReportNamesTheLineOfABadRecordOrScore() {
        // A score of 1e300 trapped summing into an Int; a bad line was an internal error, exit 70 (issue 33).
        let cases: [(String, String)] = [
            (#"{"locations":"x","geo":{"precision":"place","score":1e300}}"#, "f.ndjson:2: error: geo.score 1e300 is not a score from 0 to 1"),
            (#"{"locations":"x","geo":{"precision":"place","score":"0.5"}}"#, #"f.ndjson:2: error: geo.score "0.5" is not a score from 0 to 1"#),
            (#"{"locations":"x","geo":{"precision":"place","score":-0.1}}"#, "f.ndjson:2: error: geo.score -0.1 is not a score from 0 to 1"),
            (#"{bad"#, "f.ndjson:2: error: invalid JSON: unexpected 'b', expected a string key at column 2"),
            ("[1]", "f.ndjson:2: error: expected a JSON object, got array"),
        ]
        for (line, message) in cases {
            let ndjson = #"{"locations":"Coit Tower","geo":{"precision":"place","score":0.95}}"# + "\n" + line + "\n"
            do {
                _ = try GeocodeEval.films(ndjson: Array(ndjson.utf8), textField: "locations", source: "f.ndjson")
                Issue.record("no error for \(line)")
            } catch {
                #expect(error.exitCode == .dataError && error.message == message)
            }
        }
        let fine =
            #"{"locations":"x","geo":{"precision":"none","score":null}}"# + "\n\n" + #"{"locations":"y","geo":{"precision":"place","score":-0}}"#
        #expect((try? GeocodeEval.films(ndjson: Array(fine.utf8), textField: "locations"))?.total == 2)
    }

    @Test func distancesTooLargeForAnIntAreWrittenAsTheyAre() {
        #expect(GeocodeEval.metres(12.4) == "12 m")
        #expect(GeocodeEval.metres(1e300) == "1e+300 m")
        #expect(GeocodeEval.metres(.nan) == "nan m")
        let lines = GeocodeEval.errorTable([GeocodeEval.Sample(precision: .address, score: 1, error: .infinity)]) { $0.precision.rawValue }
        #expect(lines.last?.contains("inf m") == true)
    }

    @Test func referenceReportMeasuresWhatUsersCareAbout() {
        var samples: [GeocodeEval.Sample] = []
        for index in 0..<12 {
            samples.append(GeocodeEval.Sample(precision: .address, score: 0.99, error: Double(index), text: "a\(index)", matched: "m"))
        }
        samples.append(GeocodeEval.Sample(precision: .place, score: 0.6, error: 1500, text: "far", matched: "look-alike"))
        samples.append(GeocodeEval.Sample(precision: .none, score: 0, error: nil, text: "lost", matched: ""))
        let lines = GeocodeEval.referenceReport(samples)
        #expect(lines.contains("within 250 m: 92.3% of answers, 85.7% of all strings"))
        #expect(lines.contains("answers more than 1 km off with score >= 0.5: 1"))
        #expect(lines.contains("  lost"))
    }

    @Test func smallCalibrationBucketsArePooledUpwards() {
        let scores = [0.3, 0.6] + Array(repeating: 0.85, count: 9) + Array(repeating: 0.97, count: 12)
        let samples = scores.map { GeocodeEval.Sample(precision: .place, score: $0, error: 10) }
        let buckets = GeocodeEval.calibrationBuckets(samples)
        #expect(buckets.map(\.samples.count) == [11, 12])
        #expect(buckets.map(\.low) == [0, 0.95])
        let (low, high) = GeocodeEval.wilson(10, 10)
        #expect(low > 0.69 && low < 0.73 && high == 1)
    }
}

@Suite struct GeocodeFoldsTests {
    typealias Sample = GeocodeEval.Sample

    @Test func foldsAreDeterministicBalancedAndKeepRepeatsTogether() {
        let texts = (0..<1003).map { "\($0) Market St" } + ["Coit Tower", "Coit Tower"]
        let folds = GeocodeEval.folds(of: texts, count: 5, seed: 0)
        #expect(folds == GeocodeEval.folds(of: texts, count: 5, seed: 0))
        #expect(folds.allSatisfy { (0..<5).contains($0) })
        // 1004 distinct texts dealt out in turn: four folds of 201, one of 200 (plus the repeat).
        let sizes = (0..<5).map { k in Set(zip(texts, folds).filter { $0.1 == k }.map(\.0)).count }
        #expect(sizes.sorted() == [200, 201, 201, 201, 201])
        #expect(folds[1003] == folds[1004])
        // Another seed deals them differently; the fold of a text does not follow its position.
        #expect(folds != GeocodeEval.folds(of: texts, count: 5, seed: 1))
        #expect(folds.prefix(10) != [0, 1, 2, 3, 4, 0, 1, 2, 3, 4])
        #expect(GeocodeEval.folds(of: Array(texts.reversed()), count: 5, seed: 0) == Array(folds.reversed()))
    }

    @Test func refitSetsEachRulesLevelToItsShareRight() {
        // Rule a: 20 answers at 0.9, 10 right. Rule b: 20 at 0.5, all right. Overall: share
        // right 0.75, mean score 0.7; each rule also counts 10 pseudo-answers at that level.
        let a = (0..<20).map { Sample(precision: .place, score: 0.9, error: $0 < 10 ? 10 : 900, method: "a+suffix_added") }
        let b = (0..<20).map { _ in Sample(precision: .street, score: 0.5, error: 100, method: "b") }
        let refit = GeocodeEval.ScoreRefit(training: a + b + [Sample(precision: .none, score: 0, error: nil, method: "none")])
        #expect(abs((refit.factors["a"] ?? 0) - 17.5 / 25) < 1e-12)
        #expect(abs((refit.factors["b"] ?? 0) - 27.5 / 17) < 1e-12)
        #expect(abs(refit.overall - 0.75 / 0.7) < 1e-12)
        // Scores within a rule keep their ratios (a completed name lowers as much as before).
        #expect(abs(refit.apply(Sample(precision: .place, score: 0.45, error: 5, method: "a")).score - 0.45 * 0.7) < 1e-12)
        #expect(abs(refit.apply(Sample(precision: .street, score: 0.5, error: 5, method: "b+trimmed")).score - 0.5 * 27.5 / 17) < 1e-12)
        // A rule never seen in training takes the overall factor; nothing exceeds 0.99.
        #expect(abs(refit.apply(Sample(precision: .street, score: 0.7, error: 5, method: "c")).score - 0.75) < 1e-12)
        #expect(refit.apply(Sample(precision: .street, score: 0.9, error: 5, method: "b")).score == 0.99)
        #expect(refit.apply(Sample(precision: .none, score: 0, error: nil, method: "none")).score == 0)
    }

    @Test func brierScoreIsTheMeanSquaredGapOverAnswers() {
        let samples = [
            Sample(precision: .address, score: 0.9, error: 10), Sample(precision: .place, score: 0.2, error: 2000),
            Sample(precision: .none, score: 0, error: nil),
        ]
        #expect(abs(GeocodeEval.brier(samples) - (0.01 + 0.04) / 2) < 1e-12)
        #expect(GeocodeEval.brier([]) == 0)
    }

    @Test func crossValidationReportsEachFoldPooledAndWholeSet() {
        let samples = (0..<60).map { index in
            Sample(
                precision: .address, score: 0.8, error: index % 5 == 0 ? 400 : 20, text: "\(index) Post St", method: "address_point")
        }
        let lines = GeocodeEval.crossValidationReport(samples, folds: 3, seed: 7)
        #expect(lines.filter { $0.hasPrefix("  fold ") }.count == 3)
        // All 60 answers, 48 right within 250 m and within 50 m; the whole set's shipped scores
        // (0.8, exactly the share right) score a Brier of 0.8 × 0.04 + 0.2 × 0.64 = 0.16.
        #expect(lines.contains { $0.hasPrefix("  pooled    60       80.0%    80.0%") })
        #expect(lines.contains { $0.hasPrefix("  whole set 60       80.0%    80.0%    0.800   0.800   +0.0   0.1600") })
        #expect(lines.contains { $0.hasPrefix("    address_point                     60       0.800   0.682-0.882   0.800   ") })
    }
}
