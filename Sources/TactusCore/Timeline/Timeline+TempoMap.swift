extension Timeline {
    /// A stretch of bars in one meter, as a MIDI file's time signatures lay them out.
    struct MeterRun {
        var firstBar: Int
        var startTick: TickFraction
        var meter: Meter
        var beatsPerBar: Int
        var clockTicksPerBeat: Int
        var ticksPerBeat: TickFraction

        var ticksPerBar: TickFraction { ticksPerBeat * Int128(beatsPerBar) }
    }

    /// The grid drifts at most this many frames (5 µs at 48 kHz) from the
    /// file's exact tempo map before a segment is anchored afresh.
    static let tempoMapTolerance = 0.25

    /// A timeline whose bar 1 starts at `originTick` and whose beats follow a
    /// MIDI file's tempo map and time signatures (or `meter` throughout).
    ///
    /// Each tempo change starts a constant-tempo segment on the first beat at or
    /// after it (mid-bar when it falls there), at the frame the file's exact
    /// microsecond tempo map gives that beat. A segment's tempo is the file's,
    /// to the nearest thousandth of a BPM; where that rounding would let the
    /// grid drift more than `tempoMapTolerance` frames, segments are anchored
    /// afresh to the exact tempo map every few beats, so beat frames stay
    /// within a frame of the file's own timing however long it runs. A time
    /// signature takes effect at the first bar line at or after its tick (with
    /// a warning when that is not its tick). Segments are built up to `endTick`;
    /// the last runs on.
    static func following(
        _ clock: TempoMapClock, meterChanges: [MIDIMeterChange], meter fixedMeter: Meter?, originTick: TickFraction,
        endTick: Int, subdivision: Int
    ) throws(SettingError) -> (timeline: Timeline, tempoChanges: [ReportTempoChange], warnings: [String]) {
        var warnings: [String] = []
        let runs = try meterRuns(clock, meterChanges: fixedMeter == nil ? meterChanges : [], meter: fixedMeter, originTick: originTick, endTick: endTick, warnings: &warnings)
        let end = TickFraction(max(endTick, 0))
        let changeTicks = clock.changes.map { TickFraction($0.tick) }

        var segments: [TimelineSegment] = []
        var tempoChanges: [ReportTempoChange] = []
        var currentTempo: Tempo?
        for (runIndex, run) in runs.enumerated() {
            let isLastRun = runIndex == runs.count - 1
            let runBeats: Int128 = isLastRun
                ? max(1, (end - run.startTick).steps(of: run.ticksPerBeat, roundingUp: true) + 1)
                : Int128(runs[runIndex + 1].firstBar - run.firstBar) * Int128(run.beatsPerBar)
            let runEnd = run.startTick + run.ticksPerBeat * runBeats
            // The first beat at or after each tempo change inside the run.
            var boundaries: [Int128] = [0]
            for tick in changeTicks where run.startTick < tick && tick < runEnd {
                let beat = (tick - run.startTick).steps(of: run.ticksPerBeat, roundingUp: true)
                if beat < runBeats, beat != boundaries.last { boundaries.append(beat) }
            }
            boundaries.append(runBeats)

            for (index, beat) in boundaries.dropLast().enumerated() {
                let next = boundaries[index + 1]
                let startTick = run.startTick + run.ticksPerBeat * beat
                let microseconds = Int128(clock.microsecondsPerQuarter(atTick: startTick))
                // milliBPM = 60 000 000 000 µs / (µs per quarter × quarters per beat).
                let beatMicroseconds = TickFraction(microseconds * run.ticksPerBeat.numerator, over: clock.ticksPerQuarter * run.ticksPerBeat.denominator)
                let milliBPM = Int64(clamping: TickFraction(60_000_000_000 * beatMicroseconds.denominator * 2 + beatMicroseconds.numerator, over: beatMicroseconds.numerator * 2).floor)
                let tempo = Tempo(milliBPM: milliBPM)
                guard Tempo.allowed.contains(tempo) else {
                    throw SettingError(
                        field: "tempo at tick \(startTick.floor)",
                        message: "\(tempo) BPM is outside \(OptionHelp.range(Tempo.allowed)); give --bpm to score against a steady tempo")
                }
                let exactBeatFrames = Double(beatMicroseconds.numerator * clock.sampleRate) / Double(beatMicroseconds.denominator * 1_000_000)
                let tempoBeatFrames = 60_000 * Double(clock.sampleRate) / Double(milliBPM)
                let drift = abs(exactBeatFrames - tempoBeatFrames)
                let anchorEvery = drift > 0 ? max(1, Int128(tempoMapTolerance / drift)) : next - beat

                if let last = currentTempo, last != tempo {
                    tempoChanges.append(ReportTempoChange(
                        frame: clock.roundedFrame(atTick: startTick), bar: run.firstBar + Int(beat / Int128(run.beatsPerBar)),
                        tempo: tempo, cause: "file"))
                }
                currentTempo = tempo
                var anchor = beat
                while anchor < next {
                    let count = min(anchorEvery, next - anchor)
                    let start = clock.frame(atTick: run.startTick + run.ticksPerBeat * anchor)
                    segments.append(TimelineSegment(
                        firstBar: run.firstBar + Int(anchor / Int128(run.beatsPerBar)),
                        firstBeatInBar: Int(anchor % Int128(run.beatsPerBar)),
                        beatCount: Int64(count), beatsPerBar: run.beatsPerBar, clockTicksPerBeat: run.clockTicksPerBeat,
                        subdivision: subdivision, sampleRate: Int64(clock.sampleRate),
                        startWhole: start.whole, startFraction: start.fraction, startMilliBPM: milliBPM, endMilliBPM: milliBPM,
                        meterNoteValue: run.meter.noteValue))
                    anchor += count
                }
            }
        }
        segments[segments.count - 1].beatCount = Int64.max

        let first = segments[0]
        let spec = TimelineSpec(
            sampleRate: Int(clock.sampleRate), tempo: Tempo(milliBPM: first.startMilliBPM), meter: runs[0].meter, subdivision: subdivision)
        var timeline = try Timeline(spec: spec, startFrame: first.frame(beatNumerator: 0, denominator: 1))
        timeline.segments = segments
        return (timeline, tempoChanges, warnings)
    }

    /// The meters from bar 1 on: the one in force at the origin (or `meter`),
    /// then each later time signature from the first bar line at or after it.
    static func meterRuns(
        _ clock: TempoMapClock, meterChanges: [MIDIMeterChange], meter fixedMeter: Meter?, originTick: TickFraction,
        endTick: Int, warnings: inout [String]
    ) throws(SettingError) -> [MeterRun] {
        func run(_ meter: Meter, tick: Int, firstBar: Int, startTick: TickFraction) throws(SettingError) -> MeterRun {
            let unit = try validateMeter(meter, beatUnit: nil, field: fixedMeter != nil ? "meter" : "time signature at tick \(tick)")
            let beatsPerBar = meter.beatsPerBar(in: unit) ?? meter.beats
            // Ticks per beat = PPQ × 4 × the beat's fraction of a whole note.
            let ticksPerBeat = TickFraction(clock.ticksPerQuarter * 4 * Int128(unit.numerator), over: Int128(unit.denominator))
            return MeterRun(
                firstBar: firstBar, startTick: startTick, meter: meter, beatsPerBar: beatsPerBar,
                clockTicksPerBeat: unit.clockTicksPerBeat ?? 24, ticksPerBeat: ticksPerBeat)
        }
        let atOrigin = meterChanges.last { TickFraction($0.tick) <= originTick }
        var runs = [try run(fixedMeter ?? atOrigin?.timeSignature.meter ?? .fourFour, tick: atOrigin?.tick ?? 0, firstBar: 1, startTick: originTick)]
        for change in meterChanges where originTick < TickFraction(change.tick) && change.tick <= endTick {
            let current = runs[runs.count - 1]
            let bars = (TickFraction(change.tick) - current.startTick).steps(of: current.ticksPerBar, roundingUp: true)
            let startTick = current.startTick + current.ticksPerBar * bars
            let bar = current.firstBar + Int(bars)
            let meter = change.timeSignature.meter
            if startTick != TickFraction(change.tick) {
                warnings.append("time signature \(meter) at tick \(change.tick) falls inside bar \(bar - 1); it starts at bar \(bar)")
            }
            let next = try run(meter, tick: change.tick, firstBar: bar, startTick: startTick)
            if bar == current.firstBar {
                runs[runs.count - 1] = next
            } else if meter != current.meter {
                runs.append(next)
            }
        }
        return runs
    }
}
