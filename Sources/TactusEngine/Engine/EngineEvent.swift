import TactusCore

/// Something the engine reports to the control side, frame-stamped in
/// absolute JACK frames.
public struct EngineEvent: Hashable, Sendable, BitwiseCopyable {
    public enum Kind: UInt8, Hashable, Sendable, BitwiseCopyable {
        /// A MIDI message arrived on the instrument input.
        case input
        /// A MIDI message arrived on the pedal input.
        case pedal
        /// A loaded timeline took over (`segment` is its first segment).
        case loaded
        /// Playing started at `frame` (first pulse).
        case started
        /// Playing stopped at `frame`.
        case stopped
        /// Playing resumed at `frame`; the whole grid moved so that `segment`
        /// (the first one) now starts where it says.
        case resumed
        /// A tempo change took effect: `segment` starts at `frame`; `tag` is the command's.
        case tempoChanged
        /// A marker command took effect.
        case marked
        /// Mute switched (`midi.status` 1 = muted).
        case muted
        /// Random muting left the beat starting at `frame` silent.
        case beatMuted
        /// The JACK transport changed (`transport`): started or stopped
        /// rolling, moved, or its master's tempo or meter changed; following,
        /// also when the grid on it (plan `tag`) moved.
        case transport
    }

    public var kind: Kind
    public var frame: Int64
    public var midi: RawMIDIEvent
    public var tag: Int32
    public var segment: TimelineSegment
    public var transport: TransportSample

    @inlinable @_noLocks @_noAllocation
    public init(
        kind: Kind, frame: Int64, midi: RawMIDIEvent = .empty, tag: Int32 = 0, segment: TimelineSegment = .placeholder,
        transport: TransportSample = .stopped
    ) {
        self.kind = kind
        self.frame = frame
        self.midi = midi
        self.tag = tag
        self.segment = segment
        self.transport = transport
    }
}
