/// The one musical timeline: where every bar, beat, subdivision and MIDI clock
/// tick falls, in absolute frames. The click, the MIDI clock, the song position
/// and the scoring grid all read it.
///
/// Frames are exact: each is computed in closed form from its segment's exact
/// start and rounded once, so the error against the ideal grid is at most half a
/// frame at any tempo and after any number of hours. Lookups are O(log segments).
public struct Timeline: Sendable, Hashable {
    public internal(set) var spec: TimelineSpec
    public let sampleRate: Int
    /// Frame of the first count-in downbeat (== `originFrame` without count-in).
    public internal(set) var startFrame: Int64
    /// Frame of bar 1, beat 1.
    public internal(set) var originFrame: Int64
    /// Segments in order; the last is open-ended.
    /// Set directly only by timelines built from a tempo map (`Timeline+TempoMap`)
    /// and by a grid continuing another (`Timeline+Continuing`).
    public internal(set) var segments: [TimelineSegment]

    /// Builds the timeline, checking every setting.
    public init(spec: TimelineSpec, startFrame: Int64 = 0) throws(SettingError) {
        try Timeline.validate(spec)
        self.spec = spec
        self.sampleRate = spec.sampleRate
        self.startFrame = startFrame
        self.segments = Timeline.buildSegments(spec, startFrame: startFrame)
        let origin = segments.first { $0.firstBar == 1 } ?? segments[0]
        self.originFrame = origin.frame(beatNumerator: 0, denominator: 1)
    }

    /// Sample rates tactus renders and runs at.
    public static let allowedSampleRates = 8_000...384_000

    static func validate(_ spec: TimelineSpec) throws(SettingError) {
        guard allowedSampleRates.contains(spec.sampleRate) else {
            throw SettingError(field: "sampleRate", message: "\(spec.sampleRate) is outside \(OptionHelp.range(allowedSampleRates)) Hz")
        }
        try validateTempo(spec.tempo, field: "bpm")
        try validateMeter(spec.meter, beatUnit: spec.beatUnit, field: "meter")
        try validateSubdivision(spec.subdivision)
        if let accents = spec.accents, accents.levels.count > AccentCode.capacity {
            throw SettingError(field: "accents", message: "\(accents.levels.count) pulses is more than \(AccentCode.capacity)")
        }
        try ClickLayer.validate(spec.layers, volumes: false)
        try validateCountIn(spec.countInBars)
        if let gap = spec.gap {
            guard GapPattern.allowedBars.contains(gap.playBars), GapPattern.allowedBars.contains(gap.muteBars) else {
                throw SettingError(field: "gap", message: "play \(gap.playBars), mute \(gap.muteBars): each must be \(OptionHelp.range(GapPattern.allowedBars)) bars")
            }
        }
        var earliest = 1
        for (index, change) in spec.changes.enumerated() {
            let field = "changes[\(index)]"
            guard change.bar >= earliest else {
                throw SettingError(
                    field: "\(field).bar",
                    message: index == 0 || change.bar < 1 ? "\(change.bar) must be 1 or later" : "\(change.bar) must be at or after bar \(earliest), where the previous change ends")
            }
            guard change.bar <= 1_000_000 else {
                throw SettingError(field: "\(field).bar", message: "\(change.bar) is past bar 1000000")
            }
            guard TempoChange.allowedRampBars.contains(change.rampBars) else {
                throw SettingError(field: "\(field).rampBars", message: "\(change.rampBars) is outside \(OptionHelp.range(TempoChange.allowedRampBars))")
            }
            if let tempo = change.tempo { try validateTempo(tempo, field: "\(field).bpm") }
            if let accents = change.accents, accents.levels.count > AccentCode.capacity {
                throw SettingError(field: "\(field).accents", message: "\(accents.levels.count) pulses is more than \(AccentCode.capacity)")
            }
            if change.rampBars > 0 && change.tempo == nil {
                throw SettingError(field: "\(field).bpm", message: "a ramp needs the tempo it ramps to")
            }
            if change.meter != nil || change.beatUnit != nil {
                try validateMeter(change.meter ?? spec.meter, beatUnit: change.beatUnit, field: "\(field).meter")
            }
            earliest = change.bar + max(change.rampBars, 1)
        }
    }

    static func validateTempo(_ tempo: Tempo, field: String) throws(SettingError) {
        guard Tempo.allowed.contains(tempo) else {
            throw SettingError(field: field, message: "\(tempo) is outside \(OptionHelp.range(Tempo.allowed)) BPM")
        }
    }

    static func validateSubdivision(_ subdivision: Int) throws(SettingError) {
        guard TimelineSpec.allowedSubdivisions.contains(subdivision) else {
            throw SettingError(
                field: "subdivision", message: "must be \(TimelineSpec.subdivisionChoices), got \(subdivision)")
        }
    }

    /// Bars of count-in tactus plays.
    public static let allowedCountIn = 0...64

    static func validateCountIn(_ bars: Int) throws(SettingError) {
        guard allowedCountIn.contains(bars) else {
            throw SettingError(field: "countIn", message: "\(bars) bars is outside \(OptionHelp.range(allowedCountIn))")
        }
    }

    @discardableResult
    static func validateMeter(_ meter: Meter, beatUnit: BeatUnit?, field: String) throws(SettingError) -> BeatUnit {
        guard meter.isPlayable else {
            throw SettingError(field: field, message: "\(meter) is not a meter tactus can play (\(Meter.playable))")
        }
        let unit = beatUnit ?? meter.defaultBeatUnit
        guard meter.beatsPerBar(in: unit) != nil else {
            throw SettingError(field: field, message: "a bar of \(meter) does not hold a whole number of \(unit) beats")
        }
        guard unit.clockTicksPerBeat != nil else {
            throw SettingError(field: field, message: "a \(unit) beat is not a whole number of MIDI clock ticks")
        }
        return unit
    }

    static func buildSegments(_ spec: TimelineSpec, startFrame: Int64) -> [TimelineSegment] {
        var accents = AccentCode.pack(spec.accents?.levels ?? [])
        var accentCount = spec.accents?.levels.count ?? 0
        var meter = spec.meter
        var unit = spec.beatUnit ?? meter.defaultBeatUnit
        var tempo = spec.tempo.milliBPM
        var segments: [TimelineSegment] = []
        var startWhole = startFrame
        var startFraction = 0.0

        func append(firstBar: Int, bars: Int, from: Int64, to: Int64) {
            let beatsPerBar = meter.beatsPerBar(in: unit) ?? meter.beats
            let segment = TimelineSegment(
                firstBar: firstBar, beatCount: bars == Int.max ? Int64.max : Int64(bars) * Int64(beatsPerBar),
                beatsPerBar: beatsPerBar,
                clockTicksPerBeat: unit.clockTicksPerBeat ?? 24, subdivision: spec.subdivision,
                sampleRate: Int64(spec.sampleRate), startWhole: startWhole, startFraction: startFraction,
                startMilliBPM: from, endMilliBPM: to,
                accentCount: accentCount,
                accentPerPulse: accentCount > beatsPerBar && accentCount == beatsPerBar * spec.subdivision,
                accentLow: accents.low, accentHigh: accents.high,
                gapPlay: spec.gap?.playBars ?? 0, gapMute: spec.gap?.muteBars ?? 0, meterNoteValue: meter.noteValue)
            segments.append(segment)
            guard bars != Int.max else { return }
            let length = segment.exactLength
            let whole = length.numerator / length.denominator
            let fraction = startFraction + Double(length.numerator % length.denominator) / Double(length.denominator)
            let carry = floorToInt64(fraction)
            startWhole += whole + carry
            startFraction = fraction - Double(carry)
        }

        if spec.countInBars > 0 {
            append(firstBar: 1 - spec.countInBars, bars: spec.countInBars, from: tempo, to: tempo)
        }
        var bar = 1
        for change in spec.changes {
            if change.bar > bar {
                append(firstBar: bar, bars: change.bar - bar, from: tempo, to: tempo)
                bar = change.bar
            }
            if let newMeter = change.meter { meter = newMeter }
            if let pattern = change.accents {
                accents = AccentCode.pack(pattern.levels)
                accentCount = pattern.levels.count
            }
            if change.meter != nil || change.beatUnit != nil {
                unit = change.beatUnit ?? meter.defaultBeatUnit
            }
            let target = change.tempo?.milliBPM ?? tempo
            if change.rampBars > 0 {
                append(firstBar: bar, bars: change.rampBars, from: tempo, to: target)
                bar += change.rampBars
            }
            tempo = target
        }
        append(firstBar: bar, bars: Int.max, from: tempo, to: tempo)
        return segments
    }
}

extension Timeline {
    /// The timeline with `segment` taking over from the segment in force at its
    /// start: that one is cut short there and any later planned ones are dropped.
    /// This is how the control side follows a change the engine applied.
    public func replacingTail(with segment: TimelineSegment) -> Timeline {
        var copy = self
        var kept = Array(segments.prefix { ($0.firstBar, $0.firstBeatInBar) < (segment.firstBar, segment.firstBeatInBar) })
        if var last = kept.popLast() {
            last.beatCount = Int64(segment.firstBar - last.firstBar) * Int64(last.beatsPerBar)
                + Int64(segment.firstBeatInBar - last.firstBeatInBar)
            kept.append(last)
        }
        kept.append(segment)
        if !segment.isOpenEnded {
            var steady = segment.continuation(
                afterBeats: segment.beatCount, fromMilliBPM: segment.endMilliBPM, toMilliBPM: segment.endMilliBPM, rampBeats: 0)
            steady.beatCount = Int64.max
            kept.append(steady)
        }
        copy.segments = kept
        return copy
    }
}

extension Timeline {
    /// This grid with click layers `layers` over it (a grid read from a MIDI
    /// file's tempo map, say, and the layers a command adds).
    public func withLayers(_ layers: [ClickLayer]) -> Timeline {
        var copy = self
        copy.spec.layers = layers
        return copy
    }

    /// The same timeline `frames` later: how the control side follows the
    /// engine resuming after a stop (the whole grid moves; bar numbers stay).
    public func shifted(by frames: Int64) -> Timeline {
        var copy = self
        copy.segments = segments.map { segment in
            var moved = segment
            moved.startWhole += frames
            return moved
        }
        copy.startFrame += frames
        copy.originFrame += frames
        return copy
    }
}
