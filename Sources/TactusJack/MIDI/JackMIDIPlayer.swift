import TactusCore

/// Plays a MIDI file into JACK sample-accurately: a client with one MIDI
/// output `out` (and, when the start waits for MIDI Start, one MIDI input
/// `clock_in`). Each event goes out at exactly the start frame plus its
/// frame from tick 0 (``MIDIFile/playback(sampleRate:)`` at the server's
/// rate). The start is either given by ``start(at:)`` or taken in the
/// process callback from the first MIDI Start (FA) that arrives on
/// `clock_in`: tick 0 then lands on the very frame of the FA.
///
/// Everything the process callback touches is allocated here, before
/// activation, and freed only after the client closed.
public final class JackMIDIPlayer: JackClientOwner, @unchecked Sendable {
    public let output: JackPort
    /// `clock_in`, when the start waits for MIDI Start.
    public let clockInput: JackPort?
    /// What is played, at the server's sample rate.
    public let playback: MIDIPlayback
    private let host: JackProcessHost<JackMIDIPlayerState>

    /// Opens the client, registers its ports and loads `file` (not yet active).
    ///
    /// - Parameters:
    ///   - exactName: Whether a taken `name` is an error (else JACK picks a free variant).
    ///   - startsOnClock: Whether tick 0 waits for MIDI Start on `clock_in`.
    public init(
        file: MIDIFile, name: String, server: String?, exactName: Bool = true, startsOnClock: Bool
    ) throws(JackError) {
        let client = try JackClient(name: name, server: server, exactName: exactName)
        output = try client.registerPort(name: "out", type: .midi, direction: .output)
        clockInput = startsOnClock ? try client.registerPort(name: "clock_in", type: .midi, direction: .input) : nil
        playback = file.playback(sampleRate: client.sampleRate)
        host = try JackProcessHost(
            client, state: JackMIDIPlayerState(
                client: client.handle, output: output, clockInput: clockInput,
                events: playback.events.map { ($0.frame, $0.bytes) }),
            process: JackMIDIPlayerDriver.process)
        super.init(client: client)
    }

    private var state: UnsafeMutablePointer<JackMIDIPlayerState> { host.state }

    /// Sets the absolute frame of tick 0; the first start set (here or by
    /// MIDI Start) counts.
    public func start(at frame: Int64) {
        _ = state.pointee.start.compareExchange(
            expected: JackMIDIPlayerState.noStart, desired: frame, ordering: .acquiringAndReleasing)
    }

    /// Sends every event `frames` before its own frame from now on: what a
    /// loop in JACK's graph delays by that much then arrives on time.
    public func advance(by frames: Int64) {
        state.pointee.advance.store(frames, ordering: .relaxed)
    }

    /// Frames every event goes out before its own (``advance(by:)``).
    public var advanceFrames: Int64 { state.pointee.advance.load(ordering: .relaxed) }

    /// The absolute frame of tick 0, once set.
    public var startFrame: Int64? {
        let start = state.pointee.start.load(ordering: .acquiring)
        return start == JackMIDIPlayerState.noStart ? nil : start
    }

    /// Events sent so far (late ones included, refused ones not).
    public var played: Int { consumed - refused }
    /// Events taken from the schedule so far: sent, or refused by JACK.
    public var consumed: Int { state.pointee.consumed.load(ordering: .acquiring) }
    /// Events sent at a cycle's first frame because their own frame had passed.
    public var late: Int { state.pointee.late.load(ordering: .relaxed) }
    /// Events JACK refused because the port buffer was full.
    public var refused: Int { state.pointee.refused.load(ordering: .relaxed) }
    /// Cycles that did not follow on from the previous one (xruns, skipped cycles).
    public var skippedCycles: Int { state.pointee.cycles.skipped.load(ordering: .relaxed) }

    /// MIDI Clock ticks seen on `clock_in` while waiting for MIDI Start:
    /// more than a few mean the clock was already running.
    public var clockTicksBeforeStart: Int { state.pointee.clockTicks.load(ordering: .relaxed) }
    /// Continue or Song Position Pointer messages seen while waiting for
    /// MIDI Start: the transport was picked up mid-song.
    public var midSongStartsBeforeStart: Int { state.pointee.midSongStarts.load(ordering: .relaxed) }

    /// Whether every event has been taken from the schedule.
    public var isFinished: Bool { consumed == state.pointee.count }

    /// The absolute frame of the last event, once the start is set.
    public var lastEventFrame: Int64? {
        guard let start = startFrame else { return nil }
        return start + (playback.events.last?.frame ?? 0)
    }

    /// The 64-bit frame time of the latest cycle's first frame, or nil before
    /// the first cycle.
    public var lastCycleStart: Int64? { state.pointee.cycles.lastCycleStart }

    /// The 64-bit frame time now, or nil before the first cycle ran: JACK's
    /// 32-bit `jack_frame_time` extended from the last cycle's 64-bit start.
    public var frameTimeNow: Int64? {
        lastCycleStart.map(client.frameTime(after:))
    }
}
