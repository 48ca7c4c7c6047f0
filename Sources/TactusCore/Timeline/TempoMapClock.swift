/// Frames of MIDI file ticks (PPQ division), exactly: time is summed as whole
/// microseconds × ticks over the tempo map's segments and converted to frames
/// once, so fractional ticks, long files and many tempo changes lose nothing.
struct TempoMapClock: Sendable {
    /// Tempo changes in tick order, the first at tick 0 (as `MIDITempoMap` gives them).
    let changes: [MIDITempoChange]
    let ticksPerQuarter: Int128
    let sampleRate: Int128
    /// Microseconds × ticks-per-quarter from tick 0 to each change.
    let scaledStarts: [Int128]

    /// Nil for an SMPTE division, where tempo does not apply.
    init?(tempoMap: MIDITempoMap, sampleRate: Int) {
        guard case .ticksPerQuarter(let ticksPerQuarter) = tempoMap.division else { return nil }
        changes = tempoMap.changes
        scaledStarts = tempoMap.scaledStarts
        self.ticksPerQuarter = Int128(max(ticksPerQuarter, 1))
        self.sampleRate = Int128(sampleRate)
    }

    /// Index of the change in force at `tick` (the first for ticks before it).
    func index(atTick tick: TickFraction) -> Int {
        let whole = tick.floor
        return changes.lastIndex(atOrBefore: { Int128($0.tick) <= whole })
    }

    func microsecondsPerQuarter(atTick tick: TickFraction) -> Int {
        changes[index(atTick: tick)].microsecondsPerQuarter
    }

    /// Microseconds × ticks-per-quarter from tick 0 to `tick`, over `tick`'s denominator.
    private func scaledTime(atTick tick: TickFraction) -> (numerator: Int128, denominator: Int128) {
        let change = changes[index(atTick: tick)]
        let start = scaledStarts[index(atTick: tick)]
        let into = tick.numerator - Int128(change.tick) * tick.denominator
        return (start * tick.denominator + Int128(change.microsecondsPerQuarter) * into, tick.denominator)
    }

    /// The ideal frame of `tick` from tick 0 at frame 0: its whole part and the fraction in [0, 1).
    func frame(atTick tick: TickFraction) -> (whole: Int64, fraction: Double) {
        let time = scaledTime(atTick: tick)
        let numerator = time.numerator * sampleRate
        let denominator = time.denominator * ticksPerQuarter * 1_000_000
        let exact = TickFraction(numerator, over: denominator)
        let whole = exact.floor
        let remainder = exact.numerator - whole * exact.denominator
        return (Int64(clamping: whole), Double(remainder) / Double(exact.denominator))
    }

    /// The nearest frame to `tick` (halves up).
    func roundedFrame(atTick tick: TickFraction) -> Int64 {
        let frame = frame(atTick: tick)
        return frame.whole &+ (frame.fraction >= 0.5 ? 1 : 0)
    }

    /// The exact tick `microseconds` after tick 0 (before it: at the first tempo).
    func tick(atMicroseconds microseconds: Int128) -> TickFraction {
        let target = microseconds * ticksPerQuarter
        let index = scaledStarts.lastIndex(atOrBefore: { $0 <= target })
        let change = changes[index]
        let perQuarter = Int128(change.microsecondsPerQuarter)
        return TickFraction(Int128(change.tick) * perQuarter + target - scaledStarts[index], over: perQuarter)
    }
}
