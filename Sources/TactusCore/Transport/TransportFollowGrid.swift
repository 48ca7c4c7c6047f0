/// The grid a follower clicks when a JACK transport master says where it is:
/// meter, beat unit and tempo from the master's beats per bar, beat type and
/// BPM, and the transport frame of the latest beat at or before the position.
///
/// This is `jack_position_t`'s convention, as klick -T, Ardour and tactus
/// publish it: a JACK beat lasts 60 / BPM seconds and is a 1/beatType note;
/// the bar holds `beatsPerBar` of them. The follower clicks on every JACK
/// beat: 3/4 at 100 clicks three quarter notes at 100, 6/8 at 180 six eighths
/// at 180, 7/8 at 133 seven eighths. A fractional bar (a master counting 7/8
/// as 3.5 quarter notes) is counted in halves, quarters or eighths of the
/// beat until whole: 3.5/4 at 66.5 becomes 7/8 at 133. A preferred meter
/// whose bar is as long as the master's (tactus' own 6/8 in dotted quarters
/// for a master's 6/8 or 3/4) replaces the master's spelling, so the dotted
/// quarter can be clicked.
public struct TransportFollowGrid: Hashable, Sendable {
    public var meter: Meter
    public var beatUnit: BeatUnit
    public var tempo: Tempo
    /// Beat of the bar (from 0, in beat units) the anchor is on.
    public var beatInBar: Int
    /// Transport frame of that beat: `anchorWhole + anchorFraction`, the
    /// fraction in [0, 1).
    public var anchorWhole: Int64
    public var anchorFraction: Double
    /// True when the master's bar 1 sits at transport frame 0 at this tempo,
    /// so the anchor is exact; otherwise it is the middle of the master's
    /// tick, within half a tick (0.13 ms at 120 BPM) of the master's beat.
    public var isExact: Bool
    /// True when the position is the downbeat itself (beat 1, tick 0).
    public var isOnDownbeat: Bool

    public init(
        meter: Meter, beatUnit: BeatUnit, tempo: Tempo, beatInBar: Int, anchorWhole: Int64, anchorFraction: Double,
        isExact: Bool, isOnDownbeat: Bool
    ) {
        self.meter = meter
        self.beatUnit = beatUnit
        self.tempo = tempo
        self.beatInBar = beatInBar
        self.anchorWhole = anchorWhole
        self.anchorFraction = anchorFraction
        self.isExact = isExact
        self.isOnDownbeat = isOnDownbeat
    }

    /// Beats to the bar in the beat unit.
    public var beatsPerBar: Int { meter.beatsPerBar(in: beatUnit) ?? meter.beats }

    /// Reads the master's position `bbt`, valid at transport frame `frame`.
    public init(
        bbt: TransportBBT, transportFrame frame: Int64, sampleRate: Int, preferring preferred: (meter: Meter, beatUnit: BeatUnit)? = nil
    ) throws(SettingError) {
        func problem(_ message: String) -> SettingError { SettingError(field: "transport master", message: message) }
        guard bbt.beatsPerMinute.isFinite, bbt.beatsPerMinute > 0 else {
            throw problem("tempo \(bbt.beatsPerMinute) BPM is not a tempo")
        }
        guard bbt.ticksPerBeat.isFinite, bbt.ticksPerBeat >= 1 else {
            throw problem("\(bbt.ticksPerBeat) ticks per beat is not a tick count")
        }
        guard bbt.beatsPerBar.isFinite, bbt.beatsPerBar > 0, bbt.beatsPerBar <= 32 else {
            throw problem("\(bbt.beatsPerBar) beats per bar is outside 1–32")
        }
        // Masters that leave the beat type unset mean quarter notes.
        let beatType = Self.noteValue(bbt.beatType) ?? 4
        guard let scale = [1, 2, 4, 8].first(where: { Self.isWhole(bbt.beatsPerBar * Double($0)) && beatType * $0 <= 32 }),
              case let beats = Int((bbt.beatsPerBar * Double(scale)).rounded()), beats <= 32
        else {
            throw problem("\(bbt.beatsPerBar) beats of a 1/\(beatType) note is not a bar tactus can click")
        }
        var meter = Meter(beats: beats, noteValue: beatType * scale)
        var unit = BeatUnit(numerator: 1, denominator: beatType * scale)
        if let preferred, preferred.meter.beats * meter.noteValue == meter.beats * preferred.meter.noteValue,
           preferred.meter.beatsPerBar(in: preferred.beatUnit) != nil, preferred.beatUnit.clockTicksPerBeat != nil {
            meter = preferred.meter
            unit = preferred.beatUnit
        }
        // One JACK beat in beat units: (1/beatType) / (numerator/denominator).
        let unitsPerJackBeat = Double(unit.denominator) / Double(beatType * unit.numerator)
        let tempo = Tempo(bpm: bbt.beatsPerMinute * unitsPerJackBeat)
        guard Tempo.allowed.contains(tempo) else {
            throw problem("tempo \(tempo) beats of \(unit) a minute is outside \(OptionHelp.range(Tempo.allowed)) BPM")
        }
        let perBar = meter.beatsPerBar(in: unit) ?? meter.beats
        let jackBeatsIntoBar = Double(bbt.beat - 1) + Double(bbt.tick) / bbt.ticksPerBeat
        let unitsIntoBar = jackBeatsIntoBar * unitsPerJackBeat
        let beatInBar = min(max(Int(floorToInt64(unitsIntoBar + 1e-9)), 0), perBar - 1)
        let rate = Int64(sampleRate)

        // Is the master's bar 1 at transport frame 0 at this tempo? Then the
        // beat's frame follows exactly from the bar number. Half a frame of
        // slack: a master that rounds its ticks' frames once, as tactus does,
        // reports a tick from the frame nearest it.
        let jackBeatsFromBar1 = Double(bbt.bar - 1) * bbt.beatsPerBar + jackBeatsIntoBar
        let jackBeatsPerFrame = bbt.beatsPerMinute / (60 * Double(sampleRate))
        let jackBeatsFromFrame = Double(frame) * jackBeatsPerFrame
        let tolerance = 0.5 * jackBeatsPerFrame + 1e-9 * max(1, jackBeatsFromBar1)
        let exact = bbt.bar >= 1 && jackBeatsFromFrame >= jackBeatsFromBar1 - tolerance
            && jackBeatsFromFrame < jackBeatsFromBar1 + 1 / bbt.ticksPerBeat + tolerance
        if exact {
            let beat = Int64(bbt.bar - 1) * Int64(perBar) + Int64(beatInBar)
            let dividend = beat * rate * 60_000
            anchorWhole = dividend / tempo.milliBPM
            anchorFraction = Double(dividend % tempo.milliBPM) / Double(tempo.milliBPM)
        } else {
            let framesPerUnit = Double(rate * 60_000) / Double(tempo.milliBPM)
            let halfTick = 0.5 / bbt.ticksPerBeat * unitsPerJackBeat
            let anchor = Double(frame) - (unitsIntoBar + halfTick - Double(beatInBar)) * framesPerUnit
            anchorWhole = floorToInt64(anchor)
            anchorFraction = anchor - Double(anchorWhole)
        }
        self.meter = meter
        self.beatUnit = unit
        self.tempo = tempo
        self.beatInBar = beatInBar
        self.isExact = exact
        self.isOnDownbeat = bbt.beat == 1 && bbt.tick == 0
    }

    /// tactus' own grid laid on the transport when no master gives a position:
    /// bar 1 at transport frame 0, `spec`'s starting tempo and meter, anchored
    /// on the last beat at or before `frame`.
    public init(spec: TimelineSpec, transportFrame frame: Int64) {
        let unit = spec.beatUnit ?? spec.meter.defaultBeatUnit
        let perBar = Int64(spec.meter.beatsPerBar(in: unit) ?? spec.meter.beats)
        let milliBPM = spec.tempo.milliBPM
        let perBeat = Int64(spec.sampleRate) * 60_000
        func frameOf(_ beat: Int64) -> Int64 {
            let dividend = beat * perBeat
            return dividend / milliBPM + (2 * (dividend % milliBPM) >= milliBPM ? 1 : 0)
        }
        var beat = max(0, frame) * milliBPM / perBeat
        while beat > 0 && frameOf(beat) > frame { beat -= 1 }
        while frameOf(beat + 1) <= frame { beat += 1 }
        let dividend = beat * perBeat
        self.init(
            meter: spec.meter, beatUnit: unit, tempo: spec.tempo, beatInBar: Int(beat % perBar),
            anchorWhole: dividend / milliBPM, anchorFraction: Double(dividend % milliBPM) / Double(milliBPM),
            isExact: true, isOnDownbeat: beat % perBar == 0 && frameOf(beat) == frame)
    }

    /// The note value `value` names, if it is 1, 2, 4, 8, 16 or 32.
    static func noteValue(_ value: Double) -> Int? {
        guard value.isFinite, isWhole(value) else { return nil }
        let note = Int(value.rounded())
        return [1, 2, 4, 8, 16, 32].contains(note) ? note : nil
    }

    static func isWhole(_ value: Double) -> Bool {
        abs(value - value.rounded()) < 1e-6 && value.rounded() >= 1
    }
}
