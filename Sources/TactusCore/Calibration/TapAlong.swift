/// A tap-along calibration being played: the click runs on `timeline`, the
/// player taps each beat from bar 1 on, and every tap is matched to the
/// nearest beat. Its offset (tap minus beat in ms, with `latency` compensated
/// the way `tactus run` scores, so JACK's port latencies are already taken
/// out) is what `TapCalibration` measures.
///
/// Taps in the count-in, and a second tap near a beat already tapped (a
/// bounce or a flam), are not counted.
public struct TapAlong: Sendable {
    /// What one tap did.
    public enum Outcome: Hashable, Sendable {
        /// Counted: the `count`th tap, `offsetMs` from its beat.
        case counted(count: Int, offsetMs: Double)
        /// Nearest to a count-in beat: the player is still listening.
        case countIn
        /// Nearest to a beat already tapped.
        case sameBeat
        /// All taps are in.
        case complete
    }

    public let timeline: Timeline
    public let latency: LatencyCompensation
    /// Taps to collect.
    public let tapCount: Int
    /// Offsets of the counted taps, in tap order.
    public private(set) var offsetsMs: [Double] = []
    private var lastBeat: GridPosition?

    public init(timeline: Timeline, latency: LatencyCompensation = .none, tapCount: Int) {
        self.timeline = timeline
        self.latency = latency
        self.tapCount = max(tapCount, 1)
    }

    public var isComplete: Bool { offsetsMs.count >= tapCount }

    /// Takes a tap (a note-on) that arrived at `frame`.
    public mutating func tap(at frame: Int64) -> Outcome {
        guard !isComplete else { return .complete }
        let rate = timeline.sampleRate
        let match = timeline.nearest(to: latency.gridFrame(forHitFrame: frame, sampleRate: rate), subdivision: 1, swing: nil)
        guard match.position.bar >= 1 else { return .countIn }
        guard match.position != lastBeat else { return .sameBeat }
        lastBeat = match.position
        offsetsMs.append(latency.offsetMs(hitFrame: frame, gridFrame: match.frame, sampleRate: rate))
        return .counted(count: offsetsMs.count, offsetMs: offsetsMs[offsetsMs.count - 1])
    }

    /// Takes what arrived on the input at `frame`: a note-on is a tap,
    /// anything else none (nil).
    public mutating func take(_ message: MIDIShortMessage?, at frame: Int64) -> Outcome? {
        guard case .channelVoice(.noteOn)? = message else { return nil }
        return tap(at: frame)
    }

    /// Whether tapping is over once the input up to `processed` (nil before
    /// the first cycle) is in: all taps are in, or the deadline has passed.
    public func isOver(processedThrough processed: Int64?) -> Bool {
        isComplete || (processed ?? .min) >= deadlineFrame
    }

    /// The frame after which waiting for more taps is pointless: the
    /// downbeat two bars after the one holding beat `tapCount` from bar 1.
    public var deadlineFrame: Int64 {
        var beats = 0
        var bar = 1
        while beats < tapCount {
            beats += max(timeline.beatsPerBar(bar: bar), 1)
            bar += 1
        }
        return timeline.frame(ofBar: bar + 2)
    }
}
