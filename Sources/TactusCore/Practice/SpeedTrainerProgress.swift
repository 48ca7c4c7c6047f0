/// A speed trainer running: fed each bar's timing as the bar ends, it says
/// when to change the tempo (from the next bar) or to stop.
///
/// Every `barsPerStep` bars at one tempo are judged together. Ungated, the
/// tempo then steps up (the same schedule as `SpeedTrainer.tempoChanges`).
/// Gated, it steps up only when the matched hits of those bars, pooled, have
/// |mean offset| and SD within the gate (at least two hits are needed), and
/// steps down one step when not, never below the start. Once the target has
/// been played for `barsPerStep` bars (within the gate, when gated), the
/// trainer holds there or stops.
public struct SpeedTrainerProgress: Hashable, Sendable {
    public let trainer: SpeedTrainer
    /// The tempo being played.
    public private(set) var tempo: Tempo
    /// A stop was decided; later bars are ignored.
    public private(set) var isFinished = false
    /// Bars counted at the current tempo since the last judgement.
    public private(set) var barsCounted = 0
    private var firstCountedBar = 0
    private var pooled = PooledOffsets()

    public init(trainer: SpeedTrainer) throws(SettingError) {
        try trainer.validate()
        self.trainer = trainer
        self.tempo = trainer.start
    }

    /// Counts bar `summary.bar`, which has just ended; returns what to do from
    /// the next bar on, or nil to go on as before.
    public mutating func barEnded(_ summary: BarSummary) -> SpeedTrainerDecision? {
        guard !isFinished else { return nil }
        if barsCounted == 0 { firstCountedBar = summary.bar }
        barsCounted += 1
        pooled.add(count: summary.matched, mean: summary.meanOffsetMs ?? 0, sd: summary.sdOffsetMs ?? 0)
        guard barsCounted >= trainer.barsPerStep else { return nil }

        let bars = firstCountedBar == summary.bar ? "bar \(summary.bar)" : "bars \(firstCountedBar)–\(summary.bar)"
        let next = summary.bar + 1
        let judged = pooled
        barsCounted = 0
        pooled = PooledOffsets()

        var passed = true
        var judgement = "played at \(tempo) BPM"
        if let gate = trainer.gate {
            let limits = "±\(NumberText.fixed(gate.maxMeanOffsetMs, 1)) / \(NumberText.fixed(gate.maxSdMs, 1)) ms"
            if let mean = judged.mean, let sd = judged.sampleStandardDeviation {
                passed = abs(mean) <= gate.maxMeanOffsetMs && sd <= gate.maxSdMs
                judgement = "at \(tempo) BPM: mean \(NumberText.signed(mean, 1)) ms, sd \(NumberText.fixed(sd, 1)) ms "
                    + (passed ? "within" : "outside") + " \(limits)"
            } else {
                passed = false
                judgement = "at \(tempo) BPM: \(judged.count) \(judged.count == 1 ? "hit" : "hits"), too few to judge"
            }
        }

        if passed {
            if tempo == trainer.target {
                guard trainer.atTarget == .stop else { return nil }
                isFinished = true
                return SpeedTrainerDecision(
                    bar: next, action: .stop, reason: "\(bars) \(judgement) (the target): stop after bar \(summary.bar)")
            }
            tempo = trainer.stepUp(from: tempo)
            return SpeedTrainerDecision(
                bar: next, action: .setTempo(tempo), reason: "\(bars) \(judgement): \(tempo) BPM from bar \(next)")
        }
        let lower = trainer.stepDown(from: tempo)
        guard lower != tempo else { return nil }
        tempo = lower
        return SpeedTrainerDecision(
            bar: next, action: .setTempo(tempo), reason: "\(bars) \(judgement): back to \(tempo) BPM from bar \(next)")
    }
}
