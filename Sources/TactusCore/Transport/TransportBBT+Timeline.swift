extension TransportBBT {
    /// The position at absolute frame `frame` on the grid `segments`, exactly:
    /// the tick is the last one whose frame (rounded once, as the click's
    /// frames are) is at or before `frame`, so every click of the grid falls
    /// on tick 0 of its beat. Bar 1 is the segments' bar 1, and ticks count
    /// 1920 to the JACK beat, the meter's note value (see the type's note).
    /// Realtime: O(segments).
    @inlinable @_noLocks @_noAllocation
    public static func at(frame: Int64, in segments: UnsafeBufferPointer<TimelineSegment>) -> TransportBBT {
        var index = TimelineSegment.index(in: segments, containing: frame)
        var segment = segments[index]
        var perBeat = ticksPerBeat(of: segment)
        var tick = floorToInt64(segment.beats(atFrame: frame) * Double(perBeat))
        while segment.frame(beatNumerator: tick, denominator: perBeat) > frame {
            tick -= 1
        }
        while segment.frame(beatNumerator: tick + 1, denominator: perBeat) <= frame {
            tick += 1
        }
        if !segment.isOpenEnded && tick >= segment.beatCount &* perBeat && index + 1 < segments.count {
            // The frame rounds onto the next segment's first tick.
            index += 1
            segment = segments[index]
            perBeat = ticksPerBeat(of: segment)
            tick = 0
        }
        let beats = floorDivide(tick, perBeat)
        let tickInBeat = tick - beats * perBeat
        let perBar = Int64(truncatingIfNeeded: segment.beatsPerBar)
        let beatsFromBar = Int64(truncatingIfNeeded: segment.firstBeatInBar) + beats
        let bars = floorDivide(beatsFromBar, perBar)
        let beatInBar = beatsFromBar - bars * perBar
        let ticksIntoBar = beatInBar * perBeat + tickInBeat
        let jackBeat = ticksPerJackBeat

        // Ticks from bar 1 to the current tick, through every earlier segment.
        let first = segments[0]
        let firstPerBeat = ticksPerBeat(of: first)
        var fromOrigin = (Int64(truncatingIfNeeded: first.firstBar - 1) * Int64(truncatingIfNeeded: first.beatsPerBar)
            + Int64(truncatingIfNeeded: first.firstBeatInBar)) * firstPerBeat
        var earlier = 0
        while earlier < index {
            fromOrigin += segments[earlier].beatCount &* ticksPerBeat(of: segments[earlier])
            earlier += 1
        }
        fromOrigin += tick

        let milliBPM = segment.isRamp ? segment.milliBPM(atBeat: segment.beats(atFrame: frame)) : Double(segment.startMilliBPM)
        return TransportBBT(
            bar: Int32(truncatingIfNeeded: Int64(truncatingIfNeeded: segment.firstBar) + bars),
            beat: Int32(truncatingIfNeeded: ticksIntoBar / jackBeat + 1),
            tick: Int32(truncatingIfNeeded: ticksIntoBar % jackBeat),
            barStartTick: Double(fromOrigin - ticksIntoBar),
            beatsPerBar: Double(perBar * perBeat / jackBeat),
            beatType: Double(segment.meterNoteValue),
            ticksPerBeat: Double(jackBeat),
            beatsPerMinute: milliBPM * Double(perBeat) / Double(jackBeat * 1000))
    }

    /// JACK ticks in one beat of `segment`: 1920 to the meter's note value,
    /// so 20 × the note value per MIDI clock tick (24 to the quarter note):
    /// 160 in N/8, 80 in N/4, 40 in N/2.
    /// Realtime: integer arithmetic only.
    @inlinable @_noLocks @_noAllocation
    public static func ticksPerBeat(of segment: TimelineSegment) -> Int64 {
        Int64(truncatingIfNeeded: segment.clockTicksPerBeat) * Int64(truncatingIfNeeded: segment.meterNoteValue)
            * (ticksPerJackBeat / 96)
    }

    /// ⌊a / b⌋ for b > 0.
    /// Realtime: integer arithmetic only.
    @inlinable @_noLocks @_noAllocation
    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return a % b < 0 ? quotient - 1 : quotient
    }
}

extension Timeline {
    /// The transport position tactus publishes for absolute frame `frame`
    /// (see ``TransportBBT/at(frame:in:)``).
    public func transportBBT(atFrame frame: Int64) -> TransportBBT {
        segments.withUnsafeBufferPointer { TransportBBT.at(frame: frame, in: $0) }
    }
}
