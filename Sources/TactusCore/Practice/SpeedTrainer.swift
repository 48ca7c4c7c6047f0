/// A speed-building program: start at `start`, go up by `step` every
/// `barsPerStep` bars until `target`, then hold there or stop.
///
/// Ungated, the program is a fixed schedule (`tempoChanges(startBar:)`), which
/// a `Timeline` plays exactly. Gated, the tempo goes up only after
/// `barsPerStep` bars played within the gate and back down a step after bars
/// that were not (see `SpeedTrainerProgress`).
public struct SpeedTrainer: Hashable, Sendable {
    /// What happens once the target has been played for `barsPerStep` bars.
    public enum AtTarget: String, Hashable, Sendable, Codable {
        /// Keep playing at the target.
        case hold
        /// End the session.
        case stop
    }

    /// The timing the player must show before the tempo goes up: over the
    /// last `barsPerStep` bars, |mean offset| ≤ `maxMeanOffsetMs` and
    /// SD ≤ `maxSdMs` (pooled over every matched hit of those bars).
    public struct Gate: Hashable, Sendable {
        public var maxMeanOffsetMs: Double
        public var maxSdMs: Double

        public init(maxMeanOffsetMs: Double, maxSdMs: Double) {
            self.maxMeanOffsetMs = maxMeanOffsetMs
            self.maxSdMs = maxSdMs
        }
    }

    public var start: Tempo
    /// The tempo added at each step (a difference, not a tempo of its own).
    public var step: Tempo
    public var target: Tempo
    public var barsPerStep: Int
    public var atTarget: AtTarget
    /// nil: step up on schedule whatever the timing.
    public var gate: Gate?

    public init(start: Tempo, step: Tempo, target: Tempo, barsPerStep: Int, atTarget: AtTarget = .hold, gate: Gate? = nil) {
        self.start = start
        self.step = step
        self.target = target
        self.barsPerStep = barsPerStep
        self.atTarget = atTarget
        self.gate = gate
    }

    public func validate() throws(SettingError) {
        guard Tempo.allowed.contains(start) else {
            throw SettingError(field: "start", message: "\(start) BPM is outside \(OptionHelp.range(Tempo.allowed)) BPM")
        }
        guard Tempo.allowed.contains(target) else {
            throw SettingError(field: "target", message: "\(target) BPM is outside \(OptionHelp.range(Tempo.allowed)) BPM")
        }
        guard target >= start else {
            throw SettingError(field: "target", message: "\(target) BPM is below the start tempo \(start) BPM")
        }
        guard step.milliBPM > 0, step.milliBPM <= 100_000 else {
            throw SettingError(field: "step", message: "\(step) BPM must be more than 0 and at most 100 BPM")
        }
        guard (1...1000).contains(barsPerStep) else {
            throw SettingError(field: "everyBars", message: "\(barsPerStep) is outside 1–1000 bars")
        }
        if let gate {
            guard gate.maxMeanOffsetMs.isFinite, gate.maxMeanOffsetMs >= 0 else {
                throw SettingError(field: "gate.maxMeanOffsetMs", message: "must be a number of 0 or more, got \(gate.maxMeanOffsetMs)")
            }
            guard gate.maxSdMs.isFinite, gate.maxSdMs >= 0 else {
                throw SettingError(field: "gate.maxSdMs", message: "must be a number of 0 or more, got \(gate.maxSdMs)")
            }
        }
    }

    /// The tempo one step above `tempo`, never past the target.
    public func stepUp(from tempo: Tempo) -> Tempo {
        Tempo(milliBPM: min(tempo.milliBPM + step.milliBPM, target.milliBPM))
    }

    /// The tempo one step below `tempo`, never below the start.
    public func stepDown(from tempo: Tempo) -> Tempo {
        Tempo(milliBPM: max(tempo.milliBPM - step.milliBPM, start.milliBPM))
    }

    /// Steps from the start to the target (the last one may be shorter).
    public var stepCount: Int {
        guard step.milliBPM > 0, target > start else { return 0 }
        let distance = target.milliBPM - start.milliBPM
        return Int((distance + step.milliBPM - 1) / step.milliBPM)
    }

    /// The ungated schedule when bar `startBar` is the first at `start`: one
    /// stepped change every `barsPerStep` bars up to the target. Put them in a
    /// `TimelineSpec` (with `start` as its tempo) and the timeline gives the
    /// exact frame of every bar.
    public func tempoChanges(startBar: Int = 1) -> [TempoChange] {
        var changes: [TempoChange] = []
        var tempo = start
        guard stepCount > 0 else { return [] }
        for index in 1...stepCount where tempo < target {
            tempo = stepUp(from: tempo)
            changes.append(TempoChange(bar: startBar + index * barsPerStep, tempo: tempo))
        }
        return changes
    }

    /// With `atTarget == .stop`, the last bar of the ungated schedule (the
    /// target played for `barsPerStep` bars); nil when it holds.
    public func lastBar(startBar: Int = 1) -> Int? {
        atTarget == .stop ? startBar + (stepCount + 1) * barsPerStep - 1 : nil
    }
}
