extension TimelineSegment {
    /// The exact ideal frame `beats` whole beats after the start, as (whole, fraction).
    /// Realtime: arithmetic only.
    @inlinable @_noLocks @_noAllocation
    public func idealStart(afterBeats beats: Int64) -> (whole: Int64, fraction: Double) {
        if isRamp && beats > 0 {
            let ideal = rampFrameOffset(beats: Double(beats)) + startFraction
            let whole = floorToInt64(ideal)
            return (startWhole &+ whole, ideal - Double(whole))
        }
        let dividend = beats &* sampleRate &* 60_000
        var quotient = dividend / startMilliBPM
        var remainder = dividend % startMilliBPM
        if remainder < 0 {
            quotient -= 1
            remainder += startMilliBPM
        }
        let fraction = startFraction + Double(remainder) / Double(startMilliBPM)
        let carry = floorToInt64(fraction)
        return (startWhole &+ quotient &+ carry, fraction - Double(carry))
    }

    /// A segment that takes over `beats` whole beats after this one's start, with
    /// a new tempo (a ramp when `toMilliBPM` differs, over `rampBeats` beats) and
    /// the same meter, subdivision, accents and gap. Set this segment's
    /// `beatCount` to `beats` before placing the result after it.
    /// Realtime: builds a plain value.
    @inlinable @_noLocks @_noAllocation
    public func continuation(afterBeats beats: Int64, fromMilliBPM: Int64, toMilliBPM: Int64, rampBeats: Int64) -> TimelineSegment {
        let start = idealStart(afterBeats: beats)
        let perBar = Int64(truncatingIfNeeded: beatsPerBar)
        let total = Int64(truncatingIfNeeded: firstBeatInBar) &+ beats
        var next = self
        next.firstBar = firstBar &+ Int(truncatingIfNeeded: total / perBar)
        next.firstBeatInBar = Int(truncatingIfNeeded: total % perBar)
        next.startWhole = start.whole
        next.startFraction = start.fraction
        next.startMilliBPM = fromMilliBPM
        next.endMilliBPM = fromMilliBPM == toMilliBPM ? fromMilliBPM : toMilliBPM
        next.beatCount = fromMilliBPM == toMilliBPM || rampBeats <= 0 ? Int64.max : rampBeats
        return next
    }
}
