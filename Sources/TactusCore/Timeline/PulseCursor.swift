/// Walks the pulses of a timeline in order — click pulses (the segment's
/// subdivision per beat) or MIDI clock ticks (24 per quarter note) — across
/// segment boundaries. Each pulse's frame is computed from its segment's start
/// in closed form, never by adding intervals.
///
/// Plain values over a caller-owned segment buffer, so the realtime engine
/// uses the same walk as the offline renderer.
public struct PulseCursor: Hashable, Sendable, BitwiseCopyable {
    public enum Kind: Hashable, Sendable, BitwiseCopyable {
        case click
        case clock
    }

    public var kind: Kind
    /// `kind == .clock`, kept as a plain Bool for the realtime checker.
    public var countsClock: Bool
    public var segmentIndex: Int
    /// Pulses since the start of the segment.
    public var pulseIndex: Int64
    /// Frame of the current pulse.
    public var frame: Int64

    @inlinable
    public init(kind: Kind, segmentIndex: Int, pulseIndex: Int64, frame: Int64) {
        self.kind = kind
        switch kind {
        case .click: self.countsClock = false
        case .clock: self.countsClock = true
        }
        self.segmentIndex = segmentIndex
        self.pulseIndex = pulseIndex
        self.frame = frame
    }

    /// Pulses per beat in `segment` for this cursor's kind.
    /// Realtime: reads a field.
    @inlinable @_noLocks @_noAllocation
    public func pulsesPerBeat(_ segment: TimelineSegment) -> Int64 {
        Int64(truncatingIfNeeded: countsClock ? segment.clockTicksPerBeat : segment.subdivision)
    }

    /// The first pulse at or after `frame`.
    /// Realtime: a binary search over the segments, then a step or two to the exact pulse.
    @inlinable @_noLocks @_noAllocation
    public static func seek(
        _ segments: UnsafeBufferPointer<TimelineSegment>, atOrAfter frame: Int64, kind: Kind
    ) -> PulseCursor {
        let index = TimelineSegment.index(in: segments, containing: frame)
        let segment = segments[index]
        var cursor = PulseCursor(kind: kind, segmentIndex: index, pulseIndex: 0, frame: 0)
        let perBeat = cursor.pulsesPerBeat(segment)
        var pulse = floorToInt64(segment.beats(atFrame: frame) * Double(perBeat))
        if pulse < 0 { pulse = 0 }
        while pulse > 0 && segment.frame(beatNumerator: pulse - 1, denominator: perBeat) >= frame {
            pulse -= 1
        }
        while segment.frame(beatNumerator: pulse, denominator: perBeat) < frame {
            pulse += 1
        }
        cursor.pulseIndex = pulse
        cursor.frame = segment.frame(beatNumerator: pulse, denominator: perBeat)
        cursor.normalise(segments)
        return cursor
    }

    /// Moves to the next pulse.
    /// Realtime: O(1) a pulse, plus a step for each ended segment it passes.
    @inlinable @_noLocks @_noAllocation
    public mutating func advance(_ segments: UnsafeBufferPointer<TimelineSegment>) {
        pulseIndex += 1
        let segment = segments[segmentIndex]
        frame = segment.frame(beatNumerator: pulseIndex, denominator: pulsesPerBeat(segment))
        normalise(segments)
    }

    /// Steps into the next segment when the pulse index has run past this one.
    /// Realtime: one step for each ended segment.
    @inlinable @_noLocks @_noAllocation
    public mutating func normalise(_ segments: UnsafeBufferPointer<TimelineSegment>) {
        while segmentIndex + 1 < segments.count {
            let segment = segments[segmentIndex]
            let perBeat = pulsesPerBeat(segment)
            let count = segment.beatCount
            if count == Int64.max || pulseIndex < count * perBeat { return }
            pulseIndex -= count * perBeat
            segmentIndex += 1
            let next = segments[segmentIndex]
            frame = next.frame(beatNumerator: pulseIndex, denominator: pulsesPerBeat(next))
        }
    }

    /// Bar (from 1 at the origin), beat in the bar and pulse in the beat (both
    /// from 0) of the current pulse.
    /// Realtime: integer arithmetic only.
    @inlinable @_noLocks @_noAllocation
    public func place(_ segments: UnsafeBufferPointer<TimelineSegment>) -> (bar: Int, beat: Int, pulse: Int) {
        let segment = segments[segmentIndex]
        let perBeat = pulsesPerBeat(segment)
        let beatsInto = pulseIndex / perBeat + Int64(truncatingIfNeeded: segment.firstBeatInBar)
        let pulse = Int(truncatingIfNeeded: pulseIndex % perBeat)
        let perBar = Int64(truncatingIfNeeded: segment.beatsPerBar)
        let bar = segment.firstBar + Int(truncatingIfNeeded: beatsInto / perBar)
        return (bar, Int(truncatingIfNeeded: beatsInto % perBar), pulse)
    }
}

extension TimelineSegment {
    /// Index of the segment whose span holds `frame`: the last one starting at
    /// or before it, or the first when `frame` is earlier than all.
    /// Realtime: a binary search, O(log segments).
    @inlinable @_noLocks @_noAllocation
    public static func index(in segments: UnsafeBufferPointer<TimelineSegment>, containing frame: Int64) -> Int {
        var low = 0
        var high = segments.count - 1
        let target = Double(frame)
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].approximateStart <= target {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return low
    }
}
