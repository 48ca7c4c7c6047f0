/// Walks the clicks of a click layer in order across segment boundaries: in
/// a bar of M beats, `count` N clicks at N-ths of the bar (beats k·M/N from
/// the downbeat), or N in each beat. Each click's frame comes from its
/// segment's start in closed form (`TimelineSegment.frame(beatNumerator:
/// denominator:)`, ramps included), rounded once: the same exactness as the
/// main click's.
///
/// Plain values over a caller-owned segment buffer, so the realtime engine
/// walks a layer as the offline listing does.
public struct LayerCursor: Hashable, Sendable, BitwiseCopyable {
    public var layer: ClickLayerCode
    public var segmentIndex: Int
    /// The click's place from the segment's start, in N-ths of a beat.
    public var numerator: Int64
    /// Frame of the current click.
    public var frame: Int64

    @inlinable @_noLocks @_noAllocation
    public init(layer: ClickLayerCode, segmentIndex: Int, numerator: Int64, frame: Int64) {
        self.layer = layer
        self.segmentIndex = segmentIndex
        self.numerator = numerator
        self.frame = frame
    }

    /// N-ths of a beat from one click to the next in `segment`: the bar's
    /// beats counted in bars, 1 counted in beats.
    /// Realtime: reads fields.
    @inlinable @_noLocks @_noAllocation
    public func step(_ segment: TimelineSegment) -> Int64 {
        layer.perBar ? Int64(truncatingIfNeeded: segment.beatsPerBar) : 1
    }

    /// N-ths of a beat from the segment's start to its first click's place
    /// in the step's cycle: clicks lie where `numerator ≡ phase (mod step)`
    /// (bars begin `firstBeatInBar` beats before the segment).
    /// Realtime: integer arithmetic.
    @inlinable @_noLocks @_noAllocation
    public func phase(_ segment: TimelineSegment) -> Int64 {
        let step = step(segment)
        guard layer.perBar else { return 0 }
        let behind = Int64(truncatingIfNeeded: segment.firstBeatInBar) &* Int64(truncatingIfNeeded: layer.count)
        return ((-behind) % step + step) % step
    }

    /// The first click of `layer` at or after `frame`.
    /// Realtime: a binary search over the segments, then a step or two.
    @inlinable @_noLocks @_noAllocation
    public static func seek(
        _ segments: UnsafeBufferPointer<TimelineSegment>, atOrAfter frame: Int64, layer: ClickLayerCode
    ) -> LayerCursor {
        let index = TimelineSegment.index(in: segments, containing: frame)
        let segment = segments[index]
        var cursor = LayerCursor(layer: layer, segmentIndex: index, numerator: 0, frame: 0)
        let count = Int64(truncatingIfNeeded: layer.count)
        let step = cursor.step(segment)
        let phase = cursor.phase(segment)
        var numerator = floorToInt64(segment.beats(atFrame: frame) * Double(count))
        if numerator < phase { numerator = phase }
        numerator = phase + (numerator - phase) / step * step
        while numerator - step >= phase && segment.frame(beatNumerator: numerator - step, denominator: count) >= frame {
            numerator -= step
        }
        while segment.frame(beatNumerator: numerator, denominator: count) < frame {
            numerator += step
        }
        cursor.numerator = numerator
        cursor.frame = segment.frame(beatNumerator: numerator, denominator: count)
        cursor.normalise(segments)
        return cursor
    }

    /// Moves to the next click.
    /// Realtime: O(1) a click, plus a step for each ended segment it passes.
    @inlinable @_noLocks @_noAllocation
    public mutating func advance(_ segments: UnsafeBufferPointer<TimelineSegment>) {
        let segment = segments[segmentIndex]
        numerator += step(segment)
        frame = segment.frame(beatNumerator: numerator, denominator: Int64(truncatingIfNeeded: layer.count))
        normalise(segments)
    }

    /// Steps into the next segment when the click lies past this one, on the
    /// first click of the next at or after it.
    /// Realtime: one step for each ended segment.
    @inlinable @_noLocks @_noAllocation
    public mutating func normalise(_ segments: UnsafeBufferPointer<TimelineSegment>) {
        let count = Int64(truncatingIfNeeded: layer.count)
        while segmentIndex + 1 < segments.count {
            let segment = segments[segmentIndex]
            let length = segment.beatCount
            if length == Int64.max || numerator < length &* count { return }
            numerator -= length &* count
            segmentIndex += 1
            let next = segments[segmentIndex]
            let step = step(next)
            let phase = phase(next)
            // On the next click place of the new segment's own bars.
            let past = ((numerator - phase) % step + step) % step
            if past != 0 { numerator += step - past }
            frame = next.frame(beatNumerator: numerator, denominator: count)
        }
    }

    /// Bar (from 1 at the origin) and the click's number in its span (from 0),
    /// and the beat in the bar (from 0) it lies in or after.
    /// Realtime: integer arithmetic only.
    @inlinable @_noLocks @_noAllocation
    public func place(_ segments: UnsafeBufferPointer<TimelineSegment>) -> (bar: Int, beat: Int, note: Int) {
        let segment = segments[segmentIndex]
        let count = Int64(truncatingIfNeeded: layer.count)
        let perBar = Int64(truncatingIfNeeded: segment.beatsPerBar)
        // N-ths of a beat from the downbeat of the segment's first bar.
        let fromBar = Int64(truncatingIfNeeded: segment.firstBeatInBar) &* count &+ numerator
        let bars = fromBar / (perBar &* count)
        let inBar = fromBar % (perBar &* count)
        let beat = inBar / count
        let note = layer.perBar ? inBar / perBar : inBar % count
        return (segment.firstBar + Int(truncatingIfNeeded: bars), Int(truncatingIfNeeded: beat), Int(truncatingIfNeeded: note))
    }
}
