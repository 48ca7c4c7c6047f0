import TactusCore
import TactusEngine

/// The control side of a live session, without any I/O: it turns the
/// engine's reports into scored hits, journal lines and what the player sees,
/// and the player's pedal presses and keys into engine commands. The run
/// command feeds it events and the current frame and carries out what it
/// returns, so the whole session logic is tested with the offline driver.
public struct SessionControl {
    /// What one step produced for the caller to carry out.
    public struct Step {
        /// Commands for the engine, in order.
        public var commands: [EngineCommand] = []
        /// Journal lines (JSONL, each ending in a newline).
        public var journal = ""
        /// Bars that ended (flush the journal; print plain lines).
        public var completedBars: [CompletedBar] = []
        /// Hits scored in this step.
        public var hits: [ScoredHit] = []
        /// Players' hits scored in this step (a group session), each with
        /// its player's index.
        public var playerHits: [PlayerHit] = []
        /// Something to tell the player.
        public var feedback: LiveFeedback?
        /// Set when the session should end.
        public var ending: Ending?
        /// Lines from the practice programs for the player (printed without the live view).
        public var notices: [String] = []
        /// Bars of the player's own pulse that ended (free time).
        public var pulseBars: [SessionPulse.Bar] = []

        public mutating func absorb(_ other: Step) {
            commands += other.commands
            journal += other.journal
            completedBars += other.completedBars
            hits += other.hits
            playerHits += other.playerHits
            if let feedback = other.feedback { self.feedback = feedback }
            if let ending = other.ending { self.ending = ending }
            notices += other.notices
            pulseBars += other.pulseBars
        }
    }

    /// Why a session ends.
    public enum Ending: String, Hashable, Sendable {
        case barsPlayed = "bars played"
        case durationReached = "duration reached"
        case quit = "quit"
        case trainerFinished = "speed trainer finished"
    }

    /// The grid played; the scoring grid follows it.
    public internal(set) var timeline: Timeline {
        didSet { scorer.grid = timeline }
    }
    /// Every hit of the session, all players' together (the report's headline figures).
    public internal(set) var scorer: Scorer<Timeline>
    /// The session's players, each scored on the session's grid by a
    /// scorer of their own that does what `scorer` does: a group's, or the
    /// kit's parts on their own layers. One player is a group of one, whose
    /// player's scorer is `scorer` itself (``PlayerScoring/isGroup``).
    public internal(set) var players: PlayerScoring
    /// The audio inputs, each with its stroke detector; nil without audio input.
    public internal(set) var audio: SessionAudio?
    /// The player's own pulse, followed hit by hit (`followPulse(free:)`).
    public internal(set) var pulse: SessionPulse?
    public internal(set) var playing = false
    public private(set) var muted = false
    /// The xruns reported so far.
    public private(set) var xruns = 0
    /// The tempo in force (the latest the engine applied).
    public internal(set) var tempo: Tempo
    public internal(set) var tap: TapTempo
    public var pedalMap: PedalMap?
    /// The setlist stepped through with next-preset, prev-preset and preset.
    public internal(set) var setlist: SetlistPlayback?
    /// How far ahead of the frame of a press a fresh grid or a preset's bar
    /// line must lie so the engine gets it in time (a few periods plus the
    /// control loop's wait).
    public var commandLeadFrames: Int64
    /// When tempo changes from pedals and keys take effect.
    public var tempoTiming: CommandTiming = .nextBeat
    /// Beats over which pedal and key tempo changes glide (a linear ramp, so
    /// clock followers stay locked); 0 steps at once.
    public var tempoGlideBeats: Int64 = 0
    /// Whether the engine sends MIDI clock ticks while stopped (see `engineSettings`).
    public var clockWhileStopped = false
    /// Leading the JACK transport, which rolls from bar 1 (see `transportRolledOff`).
    public var leadsTransport = false
    /// Last bar to play (from 1), or nil.
    public let bars: Int?
    /// Frames to play from bar 1, or nil.
    public let durationFrames: Int64?
    var causes: [Int32: String] = [:]
    /// What full rings and refused writes had lost when last listed (see `lost`).
    var listedLosses: [SessionLoss: Int] = [:]
    var nextTag: Int32 = 1
    var lastPlayingFrame: Int64
    /// The practice programs running (see `start(_:)`).
    public internal(set) var programs = SessionPrograms()
    /// A grid chosen by a remote command while stopped; the next start plays it.
    public internal(set) var pendingSpec: TimelineSpec?
    /// A grid taking over at a bar line while playing, until it is in force (see `spec(inForceAt:)`).
    var takeover: GridTakeover?

    public init(
        timeline: Timeline, scoring: ScoringSettings, bars: Int? = nil, durationSeconds: Double? = nil,
        pedalMap: PedalMap? = nil, preset: String? = nil, setlist: SetlistPlayback? = nil, players: PlayerScoring = PlayerScoring(),
        audio: SessionAudio? = nil
    ) throws(SettingError) {
        self.timeline = timeline
        self.players = players
        self.audio = audio
        self.scorer = try Scorer(grid: timeline, settings: scoring, preset: setlist?.presetName ?? preset)
        self.tempo = timeline.spec.tempo
        self.tap = TapTempo(
            sampleRate: timeline.sampleRate, options: TapTempo.Options(tapAndGo: true), reference: timeline.spec.tempo)
        self.setlist = setlist
        self.commandLeadFrames = Int64(timeline.sampleRate / 10)
        self.pedalMap = pedalMap
        self.bars = bars
        self.durationFrames = durationSeconds.map { Int64(($0 * Double(timeline.sampleRate)).rounded()) }
        self.lastPlayingFrame = timeline.startFrame
    }

    /// The frame at which the session is complete, if it has a length.
    public var endFrame: Int64? {
        if let bar = programs.stopBar { return timeline.frame(ofBar: bar) }
        if let bars { return timeline.frame(ofBar: bars + 1) }
        if let durationFrames { return timeline.originFrame + durationFrames }
        return nil
    }

    /// The session's end when `frame` lies at or after it and the playing
    /// went on up to it (stopped before its end, the session has not
    /// reached it however long it waits), else nil. Nothing a control loop
    /// that wakes late finds there is the session's: it settles, scores,
    /// counts, lists and carries out nothing at or after the end.
    public func end(reachedAt frame: Int64) -> Int64? {
        guard let end = endFrame, frame >= end, playing || lastPlayingFrame >= end else { return nil }
        return end
    }

    /// Whether `frame` lies in the session, before its end (see `end(reachedAt:)`).
    public func isSessions(_ frame: Int64) -> Bool {
        end(reachedAt: frame) == nil
    }

    /// Why the session ends once its end is reached.
    var endingReached: Ending {
        programs.stopBar != nil ? .trainerFinished : bars != nil ? .barsPlayed : .durationReached
    }

    /// Takes the engine's reports in order.
    public mutating func handle(_ events: [EngineEvent]) -> Step {
        var step = Step()
        for event in events where belongs(event) { step.absorb(handle(event)) }
        return step
    }

    /// Whether `event` is the session's: what the engine played, heard or
    /// reported at or after the session's end is not (`isSessions`), though
    /// the engine's state (stopped, loaded, the transport) still follows.
    func belongs(_ event: EngineEvent) -> Bool {
        switch event {
        case .started, .stopped, .resumed, .loaded, .transport: true
        case .input, .pedal, .tempoChanged, .marked, .muted, .beatMuted, .xrun: isSessions(event.frame)
        }
    }

    mutating func handle(_ event: EngineEvent) -> Step {
        var step = Step()
        switch event {
        case .input(let midi):
            guard case .channelVoice(.noteOn(let channel, let note, let velocity))? = midi.message else { break }
            let hit = InputHit(frame: midi.frame, note: Int(note), velocity: Int(velocity), channel: Int(channel) + 1)
            let player = players.player(of: hit, port: Int(midi.player))
            // A part of the kit on its own layer takes its notes from the main click.
            step.absorb(score(hit, player: player, session: players.routing == nil || player == nil))
        case .pedal(let midi):
            if let action = pedalMap?.action(status: midi.status, data1: midi.data1, data2: midi.data2) {
                step.absorb(perform(action, at: midi.frame, cause: "pedal \(action.name)"))
            }
        case .tempoChanged(let frame, let segment, let tag):
            timeline = timeline.replacingTail(with: segment)
            tempo = Tempo(milliBPM: segment.endMilliBPM)
            let cause = programCause(tag: tag, bar: segment.firstBar)
                ?? causes.removeValue(forKey: tag) ?? "tempo change"
            step.absorb(record(ReportTempoChange(frame: frame, bar: segment.firstBar, tempo: tempo, cause: cause)))
        case .started:
            playing = true
        case .resumed(_, let first):
            timeline = timeline.shifted(by: first.startWhole - timeline.segments[0].startWhole)
            playing = true
        case .stopped(let frame):
            playing = false
            lastPlayingFrame = frame
            tap.reset()
        case .marked(let frame, let tag):
            step.absorb(record(SessionEvent(kind: .marker, frame: frame, detail: "marker \(tag)")))
        case .muted(let on, _):
            muted = on
            step.feedback = .muted(muted)
        case .beatMuted(let frame):
            step.absorb(recordMutedBeat(at: frame))
        case .xrun(let frame):
            xruns += 1
            step.absorb(record(SessionEvent(kind: .xrun, frame: frame, detail: "xrun \(xruns)")))
        case .loaded:
            takeover?.loaded = true
        case .transport:
            // Following the JACK transport: see TransportFollower.
            break
        }
        return step
    }

    /// Takes over `timeline`, a grid the engine was given from outside the
    /// session's own commands (the JACK transport master's); it must agree
    /// with the current one before the frame it changes from, unless `fresh`
    /// starts the scoring over on it.
    /// A new tempo is listed as a change with `cause`.
    public mutating func adopt(_ timeline: Timeline, fresh: Bool, cause: String) -> Step {
        var step = Step()
        let last = timeline.segments[timeline.segments.count - 1]
        let previous = tempo
        self.timeline = timeline
        tempo = Tempo(milliBPM: last.endMilliBPM)
        if fresh, var scorer = try? Scorer(grid: timeline, settings: scorer.settings, preset: scorer.preset) {
            scorer.keepLatencyChanges(of: self.scorer)
            self.scorer = scorer
            lastPlayingFrame = timeline.startFrame
            step.journal += followPlayers(.fresh)
        }
        if fresh || tempo != previous {
            step.absorb(record(ReportTempoChange(
                frame: last.frame(beatNumerator: 0, denominator: 1), bar: last.firstBar, tempo: tempo, cause: cause)))
        }
        return step
    }

    /// Settles everything up to `frame` (all input before it has been handled),
    /// no further than the session's end, and ends the session there.
    public mutating func advance(to frame: Int64) -> Step {
        guard playing else {
            programs.lastFrame = nil
            return Step()
        }
        let end = end(reachedAt: frame)
        var step = settle(to: frame)
        step.absorb(advancePrograms(to: end ?? frame, completedBars: step.completedBars))
        if end != nil {
            step.ending = endingReached
            if let bar = pulse?.closeBar() { step.pulseBars.append(bar) }
        }
        return step
    }

    /// Settles the session's positions and every player's up to `frame`,
    /// no further than the session's end.
    mutating func settle(to frame: Int64) -> Step {
        let through = end(reachedAt: frame) ?? frame
        var step = Step(scorer.advance(to: through))
        step.journal += players.advance(to: through, grid: timeline)
        return step
    }

    /// Lists something that happened outside the engine's reports (OSC
    /// packets dropped, audio samples lost) in the report; the step holds
    /// its journal line.
    public mutating func record(_ event: SessionEvent) -> Step {
        scorer.record(event)
        return Step(journal: SessionJournal.line(.event(event)))
    }

    /// Lists a tempo change in the report; the step holds its journal line.
    mutating func record(_ change: ReportTempoChange) -> Step {
        scorer.record(change)
        return Step(journal: SessionJournal.line(.tempoChange(change)))
    }

    /// Scores `hit` for the session (unless `session` is false), and for
    /// `player` of a group too.
    mutating func score(_ hit: InputHit, player: Int?, session: Bool = true) -> Step {
        var step = Step()
        if session {
            let outcome = scorer.score(hit)
            step.journal += SessionJournal.lines(for: outcome)
            if case .scored(let scored) = outcome { step.absorb(throughPulse(scored)) }
        }
        if let player, let scored = players.score(hit, player: player, grid: timeline) {
            step.playerHits.append(scored)
            step.journal += players.journalLines([scored])
        }
        return step
    }

    /// Closes the scoring at `frame` (the players' too), or at the
    /// session's end when `frame` lies after it (a quit or a signal a late
    /// wake finds).
    public mutating func finish(at frame: Int64) -> Step {
        var last = playing ? frame : min(frame, lastPlayingFrame)
        last = end(reachedAt: last) ?? last
        var step = Step(scorer.finish(at: last))
        step.journal += players.finish(at: last, grid: timeline)
        return step
    }

    /// Does to the players' scorers what was just done to the session's own
    /// (see ``ScoringChange``); returns the journal lines of what it settled.
    mutating func followPlayers(_ change: ScoringChange) -> String {
        players.follow(change, grid: timeline)
    }

    /// A key pressed in the live view at about `frame`; nothing at or after
    /// the session's end (the session ended there, not with a later quit).
    public mutating func press(_ key: LiveKey, at frame: Int64) -> Step {
        guard isSessions(frame) else { return Step() }
        return switch key {
        case .startStop: perform(.startStop, at: frame, cause: "key")
        case .tempoUp: perform(.tempoUp(milliBPM: 1_000), at: frame, cause: "key +")
        case .tempoDown: perform(.tempoDown(milliBPM: 1_000), at: frame, cause: "key -")
        case .tap: perform(.tap, at: frame, cause: "key tap")
        case .nextPreset: perform(.nextPreset, at: frame, cause: "key")
        case .previousPreset: perform(.previousPreset, at: frame, cause: "key")
        case .mute: perform(.muteToggle, at: frame, cause: "key")
        case .quit:
            Step(ending: .quit)
        }
    }

    /// Carries out a pedal or key action that happened at `frame`; nothing
    /// at or after the session's end.
    public mutating func perform(_ action: PedalAction, at frame: Int64, cause: String) -> Step {
        var step = Step()
        guard isSessions(frame) else { return step }
        scorer.record(SessionEvent(kind: .pedal, frame: frame, detail: cause))
        switch action {
        case .tap:
            step.absorb(tapTempo(at: frame))
        case .tempoUp(let amount):
            step.absorb(changeTempo(to: Tempo(milliBPM: tempo.milliBPM + amount), cause: cause))
        case .tempoDown(let amount):
            step.absorb(changeTempo(to: Tempo(milliBPM: tempo.milliBPM - amount), cause: cause))
        case .tempoScale(let factor):
            step.absorb(changeTempo(to: Tempo(bpm: tempo.bpm * factor), cause: cause))
        case .startStop:
            if playing {
                step.commands.append(.stop(at: .immediately))
            } else {
                step.absorb(startPlaying(at: frame))
            }
        case .start, .countIn:
            if !playing { step.absorb(startPlaying(at: frame)) }
        case .stop:
            if playing { step.commands.append(.stop(at: .immediately)) }
        case .muteToggle:
            step.commands.append(.mute(!muted))
        case .mark:
            step.commands.append(.mark(tag: nextTag))
            nextTag += 1
        case .nextPreset, .previousPreset, .preset:
            step.absorb(selectPreset(action, at: frame))
        }
        return step
    }

    mutating func changeTempo(to target: Tempo, cause: String) -> Step {
        let clamped = min(max(target, Tempo.allowed.lowerBound), Tempo.allowed.upperBound)
        return Step(commands: [tempoCommand(clamped, cause: cause)], feedback: .tempo(from: tempo, to: clamped))
    }

    mutating func tempoCommand(_ target: Tempo, cause: String) -> EngineCommand {
        let tag = nextTag
        nextTag += 1
        causes[tag] = cause
        return .setTempo(milliBPM: target.milliBPM, rampBeats: tempoGlideBeats, at: tempoTiming, cause: tag)
    }
}

extension SessionControl.Step {
    /// What a scorer settled: its journal lines and the bars that ended.
    init(_ progress: ScorerProgress) {
        self.init(journal: SessionJournal.lines(for: progress), completedBars: progress.completedBars)
    }
}
