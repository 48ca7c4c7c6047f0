import TactusCore

/// When a command takes effect.
public enum CommandTiming: UInt8, Hashable, Sendable, BitwiseCopyable {
    /// At the first frame of the cycle that receives it.
    case immediately
    /// On the next beat of the grid.
    case nextBeat
    /// On the next downbeat.
    case nextBar
}

/// A request from the control side, carried through a ring into the engine.
/// Plain values only; a whole timeline travels as a run of `loadSegment`
/// commands closed by `commitLoad`.
public struct EngineCommand: Hashable, Sendable, BitwiseCopyable {
    public enum Kind: UInt8, Hashable, Sendable, BitwiseCopyable {
        /// Append `segment` to the timeline being loaded.
        case loadSegment
        /// Replace the timeline with the loaded segments; `flag` true starts playing.
        case commitLoad
        /// Change tempo to `milliBPM` (a ramp over `beats` beats when > 0) at `timing`.
        case setTempo
        /// Start playing on the next pulse of the current timeline.
        case start
        /// Stop at `timing`.
        case stop
        /// Resume where it stopped, at `timing` (relative to now).
        case resume
        /// Mute (`flag` true) or unmute the click; the grid and clock keep running.
        case mute
        /// Send MIDI clock ticks while stopped (`flag`).
        case clockWhileStopped
        /// Drop a marker into the event stream (echoed back with its frame).
        case mark
        /// Mute single beats at random (see `EngineCommand.randomMute`):
        /// `milliBPM` carries the seed's bits, `beats` the threshold (0: off).
        case randomMute
        /// Lead the JACK transport as timebase master (`flag`): roll it from
        /// frame 0 at bar 1, stop it when playing stops.
        case leadTransport
        /// Follow the JACK transport (`flag`); with a nonzero `tag`, the loaded
        /// grid was planned for absolute frame = transport frame + `beats`
        /// and is kept on the transport from now on, as plan `tag`.
        case followTransport
    }

    public var kind: Kind
    public var timing: CommandTiming
    public var flag: Bool
    public var milliBPM: Int64
    public var beats: Int64
    /// Caller's tag, echoed in the engine's answer (e.g. the cause of a tempo change).
    public var tag: Int32
    public var segment: TimelineSegment

    @inlinable
    public init(
        kind: Kind, timing: CommandTiming = .immediately, flag: Bool = false, milliBPM: Int64 = 0, beats: Int64 = 0,
        tag: Int32 = 0, segment: TimelineSegment = .placeholder
    ) {
        self.kind = kind
        self.timing = timing
        self.flag = flag
        self.milliBPM = milliBPM
        self.beats = beats
        self.tag = tag
        self.segment = segment
    }
}

extension TimelineSegment {
    /// A harmless segment for filling preallocated memory: 120 BPM 4/4 from frame 0.
    @inlinable public static var placeholder: TimelineSegment {
        @_noLocks @_noAllocation get {
            TimelineSegment(
                firstBar: 1, beatCount: Int64.max, beatsPerBar: 4, clockTicksPerBeat: 24, subdivision: 1,
                sampleRate: 48_000, startWhole: 0, startFraction: 0, startMilliBPM: 120_000, endMilliBPM: 120_000)
        }
    }
}
