extension Timeline {
    /// The grid through given beats: each beat at its own frame, the
    /// subdivisions between two beats spaced evenly, in `meter` from bar
    /// `firstBar`, beat `firstBeat` (from 1) on. A grid for a pulse found
    /// in a take (`Pulse`) or a performance given a tempo curve on purpose.
    ///
    /// One segment a beat, at the tempo that reaches the next beat; its
    /// start is the beat's exact frame, so every beat lands where it was
    /// given, to a frame. The last beat's tempo runs on.
    public static func throughBeats(
        _ frames: [Double], firstBar: Int, firstBeat: Int = 1, meter: Meter, subdivision: Int = 1, sampleRate: Int
    ) throws(SettingError) -> Timeline {
        guard frames.count >= 2 else {
            throw SettingError(field: "beats", message: "a grid through beats needs at least two beats, got \(frames.count)")
        }
        let unit = try validateMeter(meter, beatUnit: nil, field: "meter")
        let perBar = meter.beatsPerBar(in: unit) ?? meter.beats
        guard (1...perBar).contains(firstBeat) else {
            throw SettingError(field: "beats", message: "beat \(firstBeat) is not a beat of \(meter)")
        }
        var segments: [TimelineSegment] = []
        for index in frames.indices {
            let interval = index + 1 < frames.count ? frames[index + 1] - frames[index] : frames[index] - frames[index - 1]
            guard interval > 0 else {
                throw SettingError(field: "beats", message: "beat \(index + 1 < frames.count ? index + 2 : index + 1) is not after the one before it")
            }
            let milliBPM = Int64((60_000 * Double(sampleRate) / interval).rounded())
            guard Tempo.allowed.contains(Tempo(milliBPM: milliBPM)) else {
                throw SettingError(field: "beats", message: "beat \(index + 1) is at \(Tempo(milliBPM: milliBPM)) BPM, outside \(OptionHelp.range(Tempo.allowed))")
            }
            let counted = firstBeat - 1 + index
            let whole = frames[index].rounded(.down)
            segments.append(TimelineSegment(
                firstBar: firstBar + counted / perBar, firstBeatInBar: counted % perBar,
                beatCount: index + 1 < frames.count ? 1 : Int64.max, beatsPerBar: perBar,
                clockTicksPerBeat: unit.clockTicksPerBeat ?? 24, subdivision: subdivision, sampleRate: Int64(sampleRate),
                startWhole: Int64(whole), startFraction: frames[index] - whole, startMilliBPM: milliBPM, endMilliBPM: milliBPM,
                meterNoteValue: meter.noteValue))
        }
        let spec = TimelineSpec(
            sampleRate: sampleRate, tempo: Tempo(milliBPM: segments[0].startMilliBPM), meter: meter, subdivision: subdivision)
        var timeline = try Timeline(spec: spec, startFrame: segments[0].frame(beatNumerator: 0, denominator: 1))
        timeline.segments = segments
        let origin = segments.first { $0.firstBar == 1 && $0.firstBeatInBar == 0 } ?? segments[0]
        timeline.originFrame = origin.frame(beatNumerator: 0, denominator: 1)
        return timeline
    }
}
