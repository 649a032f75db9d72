import Testing

@testable import SluiceCore

@Suite struct ProgressTests {
    /// A phase after the input (dedupe comparing, writing) says what it counts and how fast.
    @Test func aPhaseLineNamesItsCountTotalAndRate() {
        #expect(
            Progress.phaseLine(stage: "sluice-dedupe", phase: "comparing", count: 41_000_000, of: nil, unit: "pairs", seconds: 20)
                == "sluice-dedupe: comparing: 41000000 pairs, 2050000 pairs/s")
        #expect(
            Progress.phaseLine(stage: "sluice-dedupe", phase: "writing", count: 4096, of: 10_000, unit: "records", seconds: 2)
                == "sluice-dedupe: writing: 4096 of 10000 records, 2048 records/s")
    }

    /// Off a terminal nothing is drawn, so nothing needs clearing.
    @Test func aDisabledProgressDrawsNothing() {
        let progress = Progress(stage: "sluice-dedupe", enabled: false)
        progress.phase("comparing", count: 1, unit: "pairs")
        #expect(!progress.drawn && progress.currentPhase == nil)
    }
}
