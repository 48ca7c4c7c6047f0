import TactusCore

/// Something the engine reports to the control side, frame-stamped in
/// absolute JACK frames. Plain values only (the ring copies its bytes).
public enum EngineEvent: Hashable, Sendable, BitwiseCopyable {
    /// A MIDI message arrived on the instrument input (its frame absolute).
    case input(RawMIDIEvent)
    /// A MIDI message arrived on the pedal input (its frame absolute).
    case pedal(RawMIDIEvent)
    /// A loaded timeline took over; this is its first segment.
    case loaded(TimelineSegment)
    /// Playing started at `frame` (first pulse).
    case started(frame: Int64)
    /// Playing stopped at `frame`.
    case stopped(frame: Int64)
    /// Playing resumed at `frame`; the whole grid moved so that `first`
    /// (the first segment) now starts where it says.
    case resumed(frame: Int64, first: TimelineSegment)
    /// A tempo change took effect: `segment` starts at `frame`; `cause` is the command's.
    case tempoChanged(frame: Int64, segment: TimelineSegment, cause: Int32)
    /// A marker command took effect.
    case marked(frame: Int64, tag: Int32)
    /// The click was muted (true) or unmuted.
    case muted(Bool, frame: Int64)
    /// Random muting left the beat starting at `frame` silent.
    case beatMuted(frame: Int64)
    /// The JACK transport changed: started or stopped rolling, moved, or its
    /// master's tempo or meter changed; following, also when the grid on it moved.
    case transport(TransportReport)
    /// The server reported an xrun (the driver counts them in `EngineCycle`,
    /// the engine reports them after the cycle's own reports): `frame` is
    /// the first frame after the last cycle that ran before it.
    case xrun(frame: Int64)

    /// The absolute frame the event happened at.
    public var frame: Int64 {
        switch self {
        case .input(let midi), .pedal(let midi): midi.frame
        case .loaded(let segment): segment.startWhole
        case .started(let frame), .stopped(let frame), .beatMuted(let frame), .xrun(let frame): frame
        case .resumed(let frame, _), .tempoChanged(let frame, _, _), .marked(let frame, _), .muted(_, let frame): frame
        case .transport(let report): report.frame
        }
    }

    /// The message of an `input` event, nil for any other.
    public var input: RawMIDIEvent? {
        if case .input(let midi) = self { midi } else { nil }
    }

    /// The message of a `pedal` event, nil for any other.
    public var pedal: RawMIDIEvent? {
        if case .pedal(let midi) = self { midi } else { nil }
    }

    /// The report of a `transport` event, nil for any other.
    public var transport: TransportReport? {
        if case .transport(let report) = self { report } else { nil }
    }
}
