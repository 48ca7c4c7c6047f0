import Testing
@testable import TactusCore

@Suite struct SpeedTrainerTests {
    let sixtyByFive = SpeedTrainer(
        start: Tempo(milliBPM: 60_000), step: Tempo(milliBPM: 5_000), target: Tempo(milliBPM: 75_000), barsPerStep: 2)

    @Test func fixedScheduleStepsEveryNBarsUpToTheTarget() throws {
        try sixtyByFive.validate()
        #expect(sixtyByFive.stepCount == 3)
        #expect(sixtyByFive.tempoChanges() == [
            TempoChange(bar: 3, tempo: Tempo(milliBPM: 65_000)),
            TempoChange(bar: 5, tempo: Tempo(milliBPM: 70_000)),
            TempoChange(bar: 7, tempo: Tempo(milliBPM: 75_000)),
        ])
        #expect(sixtyByFive.tempoChanges(startBar: 9).map(\.bar) == [11, 13, 15])
        #expect(sixtyByFive.lastBar() == nil)
    }

    @Test func theLastStepStopsAtTheTarget() {
        let trainer = SpeedTrainer(
            start: Tempo(milliBPM: 60_000), step: Tempo(milliBPM: 7_000), target: Tempo(milliBPM: 75_000),
            barsPerStep: 4, atTarget: .stop)
        #expect(trainer.tempoChanges().map(\.tempo) == [67_000, 74_000, 75_000].map { Tempo(milliBPM: $0) })
        #expect(trainer.tempoChanges().map(\.bar) == [5, 9, 13])
        // Bars 13–16 at the target, then stop.
        #expect(trainer.lastBar() == 16)
        let flat = SpeedTrainer(start: Tempo(milliBPM: 90_000), step: Tempo(milliBPM: 5_000), target: Tempo(milliBPM: 90_000), barsPerStep: 8, atTarget: .stop)
        #expect(flat.tempoChanges().isEmpty)
        #expect(flat.lastBar(startBar: 3) == 10)
    }

    @Test func timelineGivesTheExactFramesOfTheSteps() throws {
        let spec = TimelineSpec(tempo: sixtyByFive.start, changes: sixtyByFive.tempoChanges())
        let timeline = try Timeline(spec: spec)
        // Two bars of 4/4 at 60 BPM: 8 beats of 48000 frames.
        #expect(timeline.frame(ofBar: 3) == 384_000)
        // + 8 beats at 65: 8 · 48000 · 60/65 = 23040000/65 = 354461.54 → ideal 738461.54.
        #expect(timeline.frame(ofBar: 5) == 738_462)
        // + 23040000/70 = 329142.86 → ideal 1067604.40 (rounded once, not per bar).
        #expect(timeline.frame(ofBar: 7) == 1_067_604)
        // + 23040000/75 = 307200 → 1374804.40.
        #expect(timeline.frame(ofBar: 9) == 1_374_804)
        #expect(timeline.tempo(atBar: 6) == Tempo(milliBPM: 70_000))
        #expect(timeline.tempo(atBar: 100) == Tempo(milliBPM: 75_000))
    }

    @Test func validationNamesTheField() {
        var trainer = sixtyByFive
        trainer.target = Tempo(milliBPM: 50_000)
        #expect(throws: SettingError(field: "target", message: "50 BPM is below the start tempo 60 BPM")) {
            try trainer.validate()
        }
        trainer = sixtyByFive
        trainer.step = Tempo(milliBPM: 0)
        #expect(throws: SettingError(field: "step", message: "0 BPM must be more than 0 and at most 100 BPM")) {
            try trainer.validate()
        }
        trainer = sixtyByFive
        trainer.barsPerStep = 0
        #expect(throws: SettingError(field: "everyBars", message: "0 is outside 1–1000 bars")) {
            try trainer.validate()
        }
        trainer = sixtyByFive
        trainer.gate = SpeedTrainer.Gate(maxMeanOffsetMs: .nan, maxSdMs: 5)
        #expect(throws: SettingError(field: "gate.maxMeanOffsetMs", message: "must be a number of 0 or more, got nan")) {
            try trainer.validate()
        }
    }
}

/// A bar whose matched hits have these offsets.
private func bar(_ number: Int, _ offsets: [Double]) -> BarSummary {
    var statistics = OffsetStatistics()
    for offset in offsets {
        statistics.addMatched(
            offsetMs: offset, grade: abs(offset) <= 10 ? .perfect : .good, position: GridPosition(bar: number, beat: 1),
            gridTimeS: 0)
    }
    return BarSummary(bar: number, statistics: statistics, muted: false)
}

@Suite struct SpeedTrainerProgressTests {
    let steady = [1.0, -1, 2, -2]
    let gate = SpeedTrainer.Gate(maxMeanOffsetMs: 5, maxSdMs: 8)

    /// Feeds bars from 1 and returns the decisions by bar that ended.
    func run(_ progress: inout SpeedTrainerProgress, _ bars: [[Double]]) -> [Int: SpeedTrainerDecision] {
        var decisions: [Int: SpeedTrainerDecision] = [:]
        for (index, offsets) in bars.enumerated() {
            if let decision = progress.barEnded(bar(index + 1, offsets)) { decisions[index + 1] = decision }
        }
        return decisions
    }

    @Test func ungatedFollowsTheFixedSchedule() throws {
        let trainer = SpeedTrainer(
            start: Tempo(milliBPM: 60_000), step: Tempo(milliBPM: 5_000), target: Tempo(milliBPM: 75_000), barsPerStep: 2,
            atTarget: .stop)
        var progress = try SpeedTrainerProgress(trainer: trainer)
        // Timing does not matter: bar 2 is wildly off.
        let decisions = run(&progress, [steady, [80, -90], [], steady, steady, steady, steady, steady, steady, steady])
        #expect(decisions.values.compactMap(\.tempoChange).sorted { $0.bar < $1.bar } == trainer.tempoChanges())
        #expect(decisions[2]?.reason == "bars 1–2 played at 60 BPM: 65 BPM from bar 3")
        #expect(decisions[8] == SpeedTrainerDecision(bar: 9, action: .stop, reason: "bars 7–8 played at 75 BPM (the target): stop after bar 8"))
        #expect(trainer.lastBar() == 8)
        #expect(progress.isFinished)
        #expect(decisions.count == 4)
    }

    @Test func gatedStepsUpOnlyWhenTheBarsWereSteady() throws {
        let trainer = SpeedTrainer(
            start: Tempo(milliBPM: 60_000), step: Tempo(milliBPM: 5_000), target: Tempo(milliBPM: 70_000), barsPerStep: 2,
            gate: gate)
        var progress = try SpeedTrainerProgress(trainer: trainer)
        let loose = [12.0, -12, 10, -10]
        // Pooled sample SDs: bars 1–2 √(20/7) = 1.69; bars 3–4 √(498/7) = 8.43;
        // bars 7–8 (1, -1, 2, -2, 6, 7, 8) mean 3, √(96/6) = 4.
        let decisions = run(&progress, [
            steady, steady,  // → 65
            steady, loose,  // sd too high → back to 60
            loose, loose,  // at the start: stays
            steady, [6.0, 7, 8],  // mean +3 within 5 → 65
            [9.0, 9], [8.0, 8],  // mean +8.5 → back to 60
        ])
        #expect(decisions.keys.sorted() == [2, 4, 8, 10])
        #expect(decisions[2]?.reason == "bars 1–2 at 60 BPM: mean 0.0 ms, sd 1.7 ms within ±5.0 / 8.0 ms: 65 BPM from bar 3")
        #expect(decisions[2]?.tempoChange == TempoChange(bar: 3, tempo: Tempo(milliBPM: 65_000)))
        #expect(decisions[4]?.reason == "bars 3–4 at 65 BPM: mean 0.0 ms, sd 8.4 ms outside ±5.0 / 8.0 ms: back to 60 BPM from bar 5")
        #expect(decisions[8]?.reason == "bars 7–8 at 60 BPM: mean +3.0 ms, sd 4.0 ms within ±5.0 / 8.0 ms: 65 BPM from bar 9")
        #expect(decisions[10]?.reason == "bars 9–10 at 65 BPM: mean +8.5 ms, sd 0.6 ms outside ±5.0 / 8.0 ms: back to 60 BPM from bar 11")
        #expect(progress.tempo == Tempo(milliBPM: 60_000))
    }

    @Test func tooFewHitsStepDownAndTheTargetHolds() throws {
        let trainer = SpeedTrainer(
            start: Tempo(milliBPM: 100_000), step: Tempo(milliBPM: 10_000), target: Tempo(milliBPM: 110_000), barsPerStep: 1,
            atTarget: .hold, gate: gate)
        var progress = try SpeedTrainerProgress(trainer: trainer)
        let decisions = run(&progress, [steady, [3], steady, steady, steady, [], steady])
        #expect(decisions[1]?.action == .setTempo(Tempo(milliBPM: 110_000)))
        #expect(decisions[2]?.reason == "bar 2 at 110 BPM: 1 hit, too few to judge: back to 100 BPM from bar 3")
        #expect(decisions[3]?.action == .setTempo(Tempo(milliBPM: 110_000)))
        #expect(decisions[4] == nil)  // at the target and steady: hold
        #expect(decisions[5] == nil)
        #expect(decisions[6]?.reason == "bar 6 at 110 BPM: 0 hits, too few to judge: back to 100 BPM from bar 7")
        #expect(!progress.isFinished)
    }

    @Test func poolingMatchesTheStatisticsOfAllHitsTogether() {
        let bars = [[1.0, 4, -2], [7.5], [], [0.25, -3, 9, 2]]
        var pooled = PooledOffsets()
        for (index, offsets) in bars.enumerated() {
            let summary = bar(index + 1, offsets)
            pooled.add(count: summary.matched, mean: summary.meanOffsetMs ?? 0, sd: summary.sdOffsetMs ?? 0)
        }
        let all = bars.flatMap { $0 }
        let mean = all.reduce(0, +) / Double(all.count)
        let sd = (all.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(all.count - 1)).squareRoot()
        #expect(pooled.count == 8)
        #expect(abs((pooled.mean ?? .nan) - mean) < 1e-12)
        #expect(abs((pooled.sampleStandardDeviation ?? .nan) - sd) < 1e-12)
    }

    @Test func invalidTrainersAreRejected() {
        let trainer = SpeedTrainer(start: Tempo(milliBPM: 60_000), step: Tempo(milliBPM: 5_000), target: Tempo(milliBPM: 500_000), barsPerStep: 2)
        #expect(throws: SettingError(field: "target", message: "500 BPM is outside 20–400 BPM")) {
            try SpeedTrainerProgress(trainer: trainer)
        }
    }
}
