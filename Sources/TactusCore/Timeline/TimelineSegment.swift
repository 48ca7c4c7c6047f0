/// A run of beats with one meter and either one tempo or a linear ramp (tempo
/// rising or falling evenly in time). It starts on a beat — usually a downbeat;
/// a tempo change asked for "on the next beat" starts one mid-bar. Every frame it gives is computed from the
/// segment's exact start in one closed form and rounded once, so positions
/// never drift however long the segment runs.
///
/// Plain values only, so the realtime engine can hold segments in preallocated
/// memory and walk them in the process callback.
public struct TimelineSegment: Hashable, Sendable, BitwiseCopyable {
    /// Bar number of the segment's first beat (bar 1 is the grid origin).
    public var firstBar: Int
    /// Beat of that bar (from 0) on which the segment starts.
    public var firstBeatInBar: Int
    /// Beats in the segment; `Int64.max` for the last, open-ended one.
    public var beatCount: Int64
    public var beatsPerBar: Int
    /// MIDI clock ticks (24 per quarter note) per beat.
    public var clockTicksPerBeat: Int
    /// The meter's denominator (8 for 7/8 and 6/8): the note value of a JACK
    /// transport beat. The numerator follows from the bar's length.
    public var meterNoteValue: Int
    /// Click pulses per beat.
    public var subdivision: Int
    public var sampleRate: Int64
    /// Ideal start frame: `startWhole + startFraction`, `startFraction` in [0, 1).
    public var startWhole: Int64
    public var startFraction: Double
    /// Tempo at the start and at the end; equal for a constant tempo.
    public var startMilliBPM: Int64
    public var endMilliBPM: Int64
    /// Accent pattern: `accentCount` levels of 2 bits (AccentCode), beat by
    /// beat, or pulse by pulse when `accentPerPulse`.
    public var accentCount: Int
    public var accentPerPulse: Bool
    public var accentLow: UInt64
    public var accentHigh: UInt64
    /// Gap click: bars played then bars muted, counted from `gapFirstBar`; 0 muted = none.
    public var gapPlay: Int
    public var gapMute: Int
    /// The bar the gap pattern counts from: 1, or the first bar of a setlist
    /// preset that took over later.
    public var gapFirstBar: Int
    /// Which set of four click sounds the engine plays for this segment (a
    /// setlist preset may have its own sound; 0 is the session's).
    public var soundBank: Int

    @inlinable @_noLocks @_noAllocation
    public init(
        firstBar: Int, firstBeatInBar: Int = 0, beatCount: Int64, beatsPerBar: Int, clockTicksPerBeat: Int, subdivision: Int,
        sampleRate: Int64, startWhole: Int64, startFraction: Double, startMilliBPM: Int64, endMilliBPM: Int64,
        accentCount: Int = 0, accentPerPulse: Bool = false, accentLow: UInt64 = 0, accentHigh: UInt64 = 0,
        gapPlay: Int = 0, gapMute: Int = 0, gapFirstBar: Int = 1, soundBank: Int = 0, meterNoteValue: Int = 4
    ) {
        self.firstBar = firstBar
        self.firstBeatInBar = firstBeatInBar
        self.beatCount = beatCount
        self.beatsPerBar = beatsPerBar
        self.clockTicksPerBeat = clockTicksPerBeat
        self.meterNoteValue = meterNoteValue
        self.subdivision = subdivision
        self.sampleRate = sampleRate
        self.startWhole = startWhole
        self.startFraction = startFraction
        self.startMilliBPM = startMilliBPM
        self.endMilliBPM = endMilliBPM
        self.accentCount = accentCount
        self.accentPerPulse = accentPerPulse
        self.accentLow = accentLow
        self.accentHigh = accentHigh
        self.gapPlay = gapPlay
        self.gapMute = gapMute
        self.gapFirstBar = gapFirstBar
        self.soundBank = soundBank
    }

    /// Whether the gap pattern silences `bar` (bars before `gapFirstBar`, the
    /// count-in among them, never are). No bars with the click and some
    /// without silence every bar from `gapFirstBar` on (free time).
    /// Realtime: integer arithmetic only.
    @inlinable @_noLocks @_noAllocation
    public func isGapMuted(bar: Int) -> Bool {
        gapMute > 0 && bar >= gapFirstBar && (bar - gapFirstBar) % (gapPlay + gapMute) >= gapPlay
    }

    /// Whether the tempo changes across the segment.
    @inlinable public var isRamp: Bool {
        @_noLocks @_noAllocation get { startMilliBPM != endMilliBPM }
    }

    /// Whether the segment runs on forever (the last one).
    @inlinable public var isOpenEnded: Bool {
        @_noLocks @_noAllocation get { beatCount == Int64.max }
    }

    /// Ideal start as a Double (for coarse searches only).
    @inlinable public var approximateStart: Double {
        @_noLocks @_noAllocation get { Double(startWhole) + startFraction }
    }

    /// The frame of the point `numerator/denominator` beats after the segment's
    /// start, rounded once to the nearest frame (halves round up).
    /// Realtime: exact integer arithmetic, plus the ramp's closed form.
    @inlinable @_noLocks @_noAllocation
    public func frame(beatNumerator numerator: Int64, denominator: Int64) -> Int64 {
        if isRamp && numerator > 0 {
            let offset = rampFrameOffset(beats: Double(numerator) / Double(denominator))
            return startWhole &+ floorToInt64(offset + startFraction + 0.5)
        }
        // Constant tempo (and the ramp's start tempo extended backwards):
        // offset = numerator · sampleRate · 60000 / (denominator · milliBPM).
        let dividend = numerator &* sampleRate &* 60_000
        let divisor = denominator &* startMilliBPM
        var quotient = dividend / divisor
        var remainder = dividend % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        if startFraction == 0 {
            return startWhole &+ quotient &+ (2 &* remainder >= divisor ? 1 : 0)
        }
        let rest = startFraction + Double(remainder) / Double(divisor)
        return startWhole &+ quotient &+ floorToInt64(rest + 0.5)
    }

    /// Frames from the start of a ramp to the point `beats` into it. Tempo rises
    /// linearly in time, so beats(t) = u0·t + k·t²/2 and
    /// t(b) = 2b / (u0 + √(u0² + 2kb)).
    /// Realtime: arithmetic only (`exactSquareRoot`).
    @inlinable @_noLocks @_noAllocation
    public func rampFrameOffset(beats: Double) -> Double {
        let u0 = startBeatsPerFrame
        let k = rampAcceleration
        return 2 * beats / (u0 + exactSquareRoot(u0 * u0 + 2 * k * beats))
    }

    /// Beats per frame at the start.
    @inlinable public var startBeatsPerFrame: Double {
        @_noLocks @_noAllocation get { Double(startMilliBPM) / (60_000 * Double(sampleRate)) }
    }

    /// Change of beats-per-frame per frame over a ramp (0 for a constant tempo).
    @inlinable public var rampAcceleration: Double {
        @_noLocks @_noAllocation get {
        guard isRamp else { return 0 }
        let u0 = startBeatsPerFrame
        let u1 = Double(endMilliBPM) / (60_000 * Double(sampleRate))
        let duration = 2 * Double(beatCount) / (u0 + u1)
        return (u1 - u0) / duration
        }
    }

    /// Beats from the segment's start to the ideal frame `frame` (fractional).
    /// Realtime: arithmetic only (`exactSquareRoot`).
    @inlinable @_noLocks @_noAllocation
    public func beats(atFrame frame: Int64) -> Double {
        let offset = Double(frame &- startWhole) - startFraction
        let u0 = startBeatsPerFrame
        if isRamp && offset > 0 {
            return u0 * offset + rampAcceleration * offset * offset / 2
        }
        return u0 * offset
    }

    /// The exact length of the segment in frames as a fraction `numerator/denominator`
    /// (constant tempo: beats · 60000 · rate / milliBPM; ramp: 2 · beats · 60000 ·
    /// rate / (startMilliBPM + endMilliBPM)). Only for bounded segments.
    public var exactLength: (numerator: Int64, denominator: Int64) {
        let beatsTimesRate = beatCount * sampleRate * 60_000
        return isRamp
            ? (2 * beatsTimesRate, startMilliBPM + endMilliBPM)
            : (beatsTimesRate, startMilliBPM)
    }

    /// Tempo in thousandths of a BPM at `beats` into the segment.
    /// Realtime: arithmetic only (`exactSquareRoot`).
    @inlinable @_noLocks @_noAllocation
    public func milliBPM(atBeat beats: Double) -> Double {
        guard isRamp else { return Double(startMilliBPM) }
        let u0 = startBeatsPerFrame
        let u = exactSquareRoot(u0 * u0 + 2 * rampAcceleration * (beats > 0 ? beats : 0))
        return u * 60_000 * Double(sampleRate)
    }
}
