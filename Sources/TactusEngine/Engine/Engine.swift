import TactusCore

/// The realtime core: renders the click, writes MIDI beat clock and stamps
/// incoming MIDI, one cycle at a time, in memory allocated when it is built.
/// It knows nothing of JACK: a driver (the JACK client, or an offline driver in
/// tests and renders) hands it each cycle's frame time, audio buffer, input
/// events and commands, and forwards what it produced.
///
/// Every position comes from the timeline segments, which are anchored to
/// absolute frame time, so a skipped cycle (an xrun) never shifts the grid.
public struct Engine: ~Copyable {
    @usableFromInline let segments: UnsafeMutableBufferPointer<TimelineSegment>
    @usableFromInline var segmentCount: Int
    @usableFromInline let staging: UnsafeMutableBufferPointer<TimelineSegment>
    @usableFromInline var stagingCount: Int
    @usableFromInline var click: PulseCursor
    @usableFromInline var clock: PulseCursor
    /// Frame of bar 1, beat 1 of the loaded timeline.
    var originFrame: Int64
    var hasTimeline: Bool
    var playing: Bool
    var muted: Bool
    var clockWhileStopped: Bool
    /// Random beat muting: the seed, and the draw below which a beat is
    /// silent (0: off); see `GapSchedule.isRandomlyMuted`.
    var beatMuteSeed: UInt64
    var beatMuteThreshold: UInt64
    /// Whether MIDI Start (or Continue) has been sent since playing began.
    @usableFromInline var clockRunning: Bool
    /// A stop waiting for its frame.
    @usableFromInline var stopFrame: Int64?
    /// A resume asked for this cycle.
    @usableFromInline var resumePending: Bool
    /// The first clock tick not played when playing last stopped.
    @usableFromInline var stoppedClock: PulseCursor
    var player: ClickPlayer
    /// Click layers (see `ClickLayer`): a cursor each, the ones a load
    /// stages, the clicks this cycle starts, and a player of their own that
    /// mixes them after the main click (`Engine+Layers`).
    @usableFromInline let layers: UnsafeMutableBufferPointer<LayerCursor>
    @usableFromInline var layerCount: Int
    @usableFromInline let stagedLayers: UnsafeMutableBufferPointer<ClickLayerCode>
    @usableFromInline var stagedLayerCount: Int
    @usableFromInline let layerStartLevels: UnsafeMutableBufferPointer<Int>
    @usableFromInline let layerStartOffsets: UnsafeMutableBufferPointer<Int>
    @usableFromInline var layerStartCount: Int
    var layerPlayer: ClickPlayer
    /// Counts changes of the segments (a load, a tempo change, the grid
    /// moved); the layers' cursors seek again when theirs is older.
    @usableFromInline var segmentsVersion: Int
    @usableFromInline var layersVersion: Int
    /// This cycle's MIDI output, frames relative to the cycle start.
    public internal(set) var midiOut: MIDIEventList
    /// This cycle's reports for the control side, frames absolute.
    public internal(set) var events: EngineEventList
    /// Commands refused (following the transport, a full store, a tempo
    /// out of range) and layer clicks past a cycle's room: nothing the
    /// control side is told, as a refused command changes nothing it hears;
    /// for tests.
    var refusedCommands: Int
    /// The JACK transport as the cycles gave it, led or followed by the engine.
    var transport: EngineTransport

    /// Clicks started since the engine was built.
    public var clicksStarted: Int { player.started }

    /// Whether the engine leads or follows the transport, so that a driver
    /// reads it for every cycle. Realtime: reads two flags.
    public var readsTransport: Bool {
        @_noLocks @_noAllocation get { transport.leading || transport.following }
    }

    /// Most segments a loaded timeline can hold.
    @inlinable public static var segmentCapacity: Int {
        @_noLocks @_noAllocation get { 1024 }
    }

    /// Builds an engine with `sounds` (one buffer per ClickLevel, four a
    /// bank), `layerSounds` (four for each click layer, in order) and room
    /// for `maxEventsPerCycle` MIDI and report events a cycle (non-realtime).
    public init(sounds: [[Float]], layerSounds: [[Float]] = [], maxEventsPerCycle: Int = 1024) {
        segments = .allocate(capacity: Self.segmentCapacity)
        segments.initialize(repeating: .placeholder)
        staging = .allocate(capacity: Self.segmentCapacity)
        staging.initialize(repeating: .placeholder)
        segmentCount = 1
        stagingCount = 0
        click = PulseCursor(kind: .click, segmentIndex: 0, pulseIndex: 0, frame: 0)
        clock = PulseCursor(kind: .clock, segmentIndex: 0, pulseIndex: 0, frame: 0)
        originFrame = 0
        hasTimeline = false
        playing = false
        muted = false
        clockWhileStopped = false
        beatMuteSeed = 0
        beatMuteThreshold = 0
        clockRunning = false
        stopFrame = nil
        resumePending = false
        stoppedClock = PulseCursor(kind: .clock, segmentIndex: 0, pulseIndex: 0, frame: 0)
        player = ClickPlayer(sounds: sounds)
        layers = .allocate(capacity: ClickLayer.capacity)
        layers.initialize(repeating: LayerCursor(layer: .placeholder, segmentIndex: 0, numerator: 0, frame: 0))
        layerCount = 0
        stagedLayers = .allocate(capacity: ClickLayer.capacity)
        stagedLayers.initialize(repeating: .placeholder)
        stagedLayerCount = 0
        layerStartLevels = .allocate(capacity: Self.layerStartCapacity)
        layerStartLevels.initialize(repeating: 0)
        layerStartOffsets = .allocate(capacity: Self.layerStartCapacity)
        layerStartOffsets.initialize(repeating: 0)
        layerStartCount = 0
        layerPlayer = ClickPlayer(sounds: layerSounds)
        segmentsVersion = 0
        layersVersion = -1
        midiOut = MIDIEventList(capacity: maxEventsPerCycle)
        events = EngineEventList(capacity: maxEventsPerCycle)
        refusedCommands = 0
        transport = EngineTransport()
    }

    deinit {
        segments.deallocate()
        staging.deallocate()
        layers.deallocate()
        stagedLayers.deallocate()
        layerStartLevels.deallocate()
        layerStartOffsets.deallocate()
    }

    /// Runs one cycle of `frames` frames starting at absolute frame `frameTime`
    /// (JACK's frame time; following a transport, see `followedCycleStart`),
    /// in this order: takes the transport from `cycle`; clears
    /// `audio[0..<frames]`, `midiOut` and `events`; lists the input and the
    /// pedal; applies the commands; follows the transport; renders the
    /// timeline; leads the transport (setting `cycle`'s request); finishes
    /// the sounding clicks and mixes the layers; reports `cycle`'s xruns last.
    /// Realtime: the whole cycle; O(frames + pulses + events + segments).
    @_noLocks @_noAllocation
    public mutating func process(
        frames: Int, at frameTime: Int64, audio: UnsafeMutablePointer<Float>,
        input: borrowing MIDIEventList, pedal: borrowing MIDIEventList,
        commands: UnsafeBufferPointer<EngineCommand>, cycle: inout EngineCycle
    ) {
        if let sample = cycle.transport { transport.now = sample }
        cycle.transportRequest = .none
        let cycleStart = followedCycleStart(frameTime: frameTime)
        var index = 0
        while index < frames {
            audio[index] = 0
            index += 1
        }
        midiOut.removeAll()
        events.removeAll()
        stamp(input, pedal: false, at: cycleStart)
        stamp(pedal, pedal: true, at: cycleStart)
        index = 0
        while index < commands.count {
            apply(commands[index], at: cycleStart)
            index += 1
        }
        followTransport(at: cycleStart)
        layerStartCount = 0
        if hasTimeline { renderTimeline(from: cycleStart, frames: frames, audio: audio) }
        leadTransport(at: cycleStart, frames: frames, request: &cycle.transportRequest)
        player.finishCycle(into: audio, frames: frames)
        mixLayers(into: audio, frames: frames)
        if let xruns = cycle.xruns { reportXruns(xruns.count, at: xruns.frame) }
    }

    /// The loaded timeline's part of a cycle: a resume asked for, the
    /// clicks, the layers' clicks, the clock, and a stop whose frame falls
    /// in the cycle.
    /// Realtime: O(frames + pulses + segments).
    @_noLocks @_noAllocation
    mutating func renderTimeline(from cycleStart: Int64, frames: Int, audio: UnsafeMutablePointer<Float>) {
        let cycleEnd = cycleStart &+ Int64(truncatingIfNeeded: frames)
        if resumePending {
            resume(at: cycleStart)
        }
        renderClicks(from: cycleStart, to: cycleEnd, audio: audio, frames: frames)
        renderLayers(from: cycleStart, to: cycleEnd)
        renderClock(from: cycleStart, to: cycleEnd)
        if let stop = stopFrame, stop < cycleEnd {
            let at = stop < cycleStart ? cycleStart : stop
            if clockRunning {
                midiOut.append(RawMIDIEvent(frame: at &- cycleStart, realtime: .stop))
            }
            playing = false
            clockRunning = false
            stoppedClock = PulseCursor.seek(
                UnsafeBufferPointer(rebasing: segments[0..<segmentCount]), atOrAfter: stop, kind: .clock)
            stopFrame = nil
            events.append(.stopped(frame: at))
        }
    }

    /// One `xrun` report for each of `count` xruns, at `frame`.
    /// Realtime: into the preallocated list.
    @_noLocks @_noAllocation
    mutating func reportXruns(_ count: Int, at frame: Int64) {
        var index = 0
        while index < count {
            events.append(.xrun(frame: frame))
            index += 1
        }
    }

    /// Lists each event of `list` for the control side, its frame made
    /// absolute: the cycle's first frame plus its offset in the cycle.
    /// Realtime: one report per event, into the preallocated list.
    @_noLocks @_noAllocation
    mutating func stamp(_ list: borrowing MIDIEventList, pedal: Bool, at cycleStart: Int64) {
        var index = 0
        while index < list.count {
            var event = list[index]
            event.frame = cycleStart &+ event.frame
            events.append(pedal ? .pedal(event) : .input(event))
            index += 1
        }
    }

    /// Starts the clicks whose pulses fall in the cycle. A cursor left behind
    /// (an xrun, a skipped cycle) seeks the first pulse at or after the
    /// cycle's start, so the lost clicks are dropped and the grid stays.
    /// Realtime: the player holds four levels a sound bank, so a pulse's
    /// level plus 4 × its segment's bank picks the preset's own sound; beats
    /// count from 1 for random muting, from 0 in `place`.
    @_noLocks @_noAllocation
    mutating func renderClicks(from cycleStart: Int64, to cycleEnd: Int64, audio: UnsafeMutablePointer<Float>, frames: Int) {
        let all = UnsafeBufferPointer(rebasing: segments[0..<segmentCount])
        if click.frame < cycleStart {
            click = PulseCursor.seek(all, atOrAfter: cycleStart, kind: .click)
        }
        while click.frame < cycleEnd {
            if playing && !muted && isBeforeStop(click.frame) {
                let place = click.place(all)
                let level = all[click.segmentIndex].clickLevelCode(bar: place.bar, beat: place.beat, pulse: place.pulse)
                if level >= 0 && silencesBeat(bar: place.bar, beat: place.beat + 1) {
                    if place.pulse == 0 { events.append(.beatMuted(frame: click.frame)) }
                } else if level >= 0 {
                    let banked = level &+ 4 &* all[click.segmentIndex].soundBank
                    player.start(level: banked, into: audio, at: Int(truncatingIfNeeded: click.frame &- cycleStart))
                }
            }
            click.advance(all)
        }
    }

    /// Writes the cycle's MIDI clock ticks.
    /// Realtime: the clock's phase: MIDI Start goes with the first tick at or
    /// after bar 1 (or from the transport's roll when following), so a
    /// follower's tick 0 is bar 1's downbeat; count-in ticks go out only as
    /// ticks while stopped (`clockWhileStopped`), before any Start.
    @_noLocks @_noAllocation
    mutating func renderClock(from cycleStart: Int64, to cycleEnd: Int64) {
        let all = UnsafeBufferPointer(rebasing: segments[0..<segmentCount])
        if clock.frame < cycleStart {
            clock = PulseCursor.seek(all, atOrAfter: cycleStart, kind: .clock)
        }
        while clock.frame < cycleEnd {
            let offset = clock.frame &- cycleStart
            if playing && (clock.frame >= originFrame || transport.clockFromRoll) && isBeforeStop(clock.frame) {
                if !clockRunning {
                    midiOut.append(RawMIDIEvent(frame: offset, realtime: .start))
                    clockRunning = true
                }
                midiOut.append(RawMIDIEvent(frame: offset, realtime: .clock))
            } else if clockWhileStopped && !clockRunning {
                midiOut.append(RawMIDIEvent(frame: offset, realtime: .clock))
            }
            clock.advance(all)
        }
    }
}

extension Engine {
    /// Whether `frame` comes before the stop waiting for its frame, if any.
    /// Realtime: one comparison.
    @_noLocks @_noAllocation
    func isBeforeStop(_ frame: Int64) -> Bool {
        guard let stopFrame else { return true }
        return frame < stopFrame
    }

    /// Whether random muting silences `beat` (from 1) of `bar`: the same
    /// seeded function `GapSchedule.randomBeats` describes, evaluated here.
    /// Realtime: integer arithmetic only.
    @_noLocks @_noAllocation
    func silencesBeat(bar: Int, beat: Int) -> Bool {
        beatMuteThreshold > 0
            && GapSchedule.isRandomlyMuted(seed: beatMuteSeed, threshold: beatMuteThreshold, bar: bar, beat: beat)
    }
}
