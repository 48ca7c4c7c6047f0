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
/// Plain values only (the ring copies its bytes); a whole timeline travels as
/// a run of `loadSegment` commands closed by `commitLoad`.
public enum EngineCommand: Hashable, Sendable, BitwiseCopyable {
    /// Append a segment to the timeline being loaded.
    case loadSegment(TimelineSegment)
    /// Add a click layer to the timeline being loaded (the layers loaded
    /// with a timeline replace the ones before; loaded without, they stay).
    case loadLayer(ClickLayerCode)
    /// Replace the timeline with the loaded segments and layers, starting to play when `play`.
    case commitLoad(play: Bool)
    /// Change tempo to `milliBPM`, ramping over `rampBeats` beats when > 0,
    /// on the next beat or bar (`immediately` counts as the next beat);
    /// `cause` is echoed in `EngineEvent.tempoChanged`.
    case setTempo(milliBPM: Int64, rampBeats: Int64 = 0, at: CommandTiming = .nextBeat, cause: Int32 = 0)
    /// Start playing on the next pulse of the current timeline.
    case start
    /// Stop at the given time.
    case stop(at: CommandTiming)
    /// Resume where it stopped, now.
    case resume
    /// Mute (true) or unmute the click; the grid and clock keep running.
    case mute(Bool)
    /// Send MIDI clock ticks while stopped (true) or not.
    case clockWhileStopped(Bool)
    /// Drop a marker into the event stream (echoed back with its frame).
    case mark(tag: Int32)
    /// Mute single beats at random: the seed, and the draw below which a
    /// beat is silent (0: off); see `EngineCommand.randomMute(percent:seed:)`.
    case randomMute(seed: UInt64, threshold: UInt64)
    /// Lead the JACK transport as timebase master (true): roll it from
    /// frame 0 at bar 1, stop it when playing stops.
    case leadTransport(Bool)
    /// Follow the JACK transport (true) or stop following; tempo, start,
    /// stop and resume commands are refused while following.
    case followTransport(Bool)
    /// Follow the JACK transport with the loaded grid on it: the grid was
    /// planned for absolute frame = transport frame + `offset` and is kept
    /// on the transport from now on, as plan `plan` (nonzero).
    case followTransportGrid(offset: Int64, plan: Int32)
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

extension EngineCommand {
    /// The commands that load `timeline` into the engine, starting to play when `play`.
    public static func load(_ timeline: Timeline, play: Bool) -> [EngineCommand] {
        timeline.segments.map { .loadSegment($0) } + timeline.spec.layers.map { .loadLayer($0.code) } + [.commitLoad(play: play)]
    }

    /// Mutes each beat from bar 1 on with probability `percent`/100, drawn
    /// from `seed`, the bar and the beat (`GapSchedule.randomBeats`); 0 turns
    /// it off. The engine reports each beat it silences (`beatMuted`).
    public static func randomMute(percent: Double, seed: UInt64) -> EngineCommand {
        .randomMute(seed: seed, threshold: GapSchedule.muteThreshold(percent: percent))
    }

    /// The command that plays `schedule`'s random beats; nil for bar gaps,
    /// which the timeline plays by itself.
    public static func randomMute(_ schedule: GapSchedule) -> EngineCommand? {
        guard case .randomBeats(let percent, let seed) = schedule else { return nil }
        return randomMute(percent: percent, seed: seed)
    }
}
