import TactusCore
import TactusEngine

/// What a live session is asked for, as plain values: the grid, the options
/// that shape its scoring and playing, and the host's facts it starts from
/// (the sample rate, the frame now, each input's device and latencies).
/// `start()` makes every decision of a session's setup from them, so
/// `tactus run` fills it from its command line and the JACK server, and a
/// test starts the same session on the offline driver.
public struct SessionSetup: Sendable {
    /// An input a player plays into: the session's own, or a group player's.
    public struct Input: Sendable {
        /// The device playing into it: the one named (`--device`,
        /// `--player-device`), else the first port connected to it; nil is `default`.
        public var device: String?
        public var latencies: PortLatencies.Input

        public init(device: String? = nil, latencies: PortLatencies.Input = PortLatencies.Input(clickOutputFrames: 0, inputCaptureFrames: 0)) {
            self.device = device
            self.latencies = latencies
        }
    }

    /// A group session's player (`--player NAME=SOURCE`).
    public struct Player: Sendable {
        public var name: String
        /// What they play into, as given: a port or pattern, `audio:PORT` for audio.
        public var source: String
        /// Whether they play audio, scored by a stroke detector of their own.
        public var isAudio: Bool
        /// The name of the port they play into, for the line said at the start.
        public var port: String
        public var input: Input

        public init(name: String, source: String, isAudio: Bool, port: String, input: Input = Input()) {
            self.name = name
            self.source = source
            self.isAudio = isAudio
            self.port = port
            self.input = input
        }
    }

    /// The grid asked for, at any sample rate (the session plays it at `sampleRate`).
    public var spec: TimelineSpec
    /// The practice config: the session's length, its latency offset and programs.
    public var config: PracticeConfig
    /// `--free`: the click only counts in; the player's own pulse is the grid.
    public var free = false
    /// `--score-subdivision`.
    public var scoreSubdivision: Int?
    /// `--score-layer K`: the click layer scored against (2 is the first).
    public var scoreLayer: Int?
    /// `--latency-ms`, which wins over the config's.
    public var latencyMs: Double?
    public var tempoTiming = CommandTiming.nextBeat
    public var tempoGlideBeats = 0
    public var clockWhileStopped = false
    public var pedalMap: PedalMap?
    public var drumMap = DrumMap.generalMIDI
    /// The kit's parts, each scored on its own layer (`--voice-layer`).
    public var voiceParts: [VoiceLayer] = []
    /// A group session's players, in the order given; none for one player.
    public var players: [Player] = []
    /// `--sensitivity` of the stroke detectors.
    public var sensitivity: Double?
    /// How long after `frameNow` the count-in starts (`--lead-ms`).
    public var leadMs = 250
    /// Leading the JACK transport (`--transport master`).
    public var leadsTransport = false
    public var setlist: SetlistPlayback?
    /// The seed random muting uses when the config names none (the report says which was used).
    public var seed = UInt64.random(in: 0...RandomMute.largestSeed)

    /// The host's sample rate, which the session plays at.
    public var sampleRate: Int
    /// The host's period, in frames.
    public var periodFrames = 1
    public var frameNow: Int64 = 0
    /// The first frame of the host's last cycle, once one has run.
    public var lastCycleStart: Int64?
    /// The session's own input: `tactus:audio-in` when `audioInput`, else `tactus:input`.
    public var input = Input()
    /// Whether the session listens on its audio input (`--connect-audio`).
    public var audioInput = false
    /// The stored calibrations; nil with `noCalibration` or when nothing says where they live.
    public var store: CalibrationStore?
    public var noCalibration = false
    /// How far off an ALSA timestamp can be, in frames, when instruments are read from ALSA.
    public var alsaUncertaintyFrames: Int64?

    public init(spec: TimelineSpec, config: PracticeConfig = PracticeConfig(), sampleRate: Int) {
        self.spec = spec
        self.config = config
        self.sampleRate = sampleRate
    }

    /// A session set up: the control side with its programs started, and what is said of it.
    public struct Started {
        public var control: SessionControl
        /// The programs' start: its commands go to the engine with the grid,
        /// its journal lines after the header.
        public var programs: SessionControl.Step
        /// The settings the report states.
        public var settings: ReportSettings
        /// The session input's compensation, its line said at the start.
        public var calibration: InputCalibration
        /// One line per player: name, port, and their compensation.
        public var playerLines: [String]
    }

    /// The grid played: `spec` at `sampleRate`, with no click after the count-in in free time.
    public var playedSpec: TimelineSpec {
        var played = spec
        played.sampleRate = sampleRate
        if free { played.gap = .free }
        return played
    }

    /// The manual latency offset: `--latency-ms`, else the config's, else none.
    var manualMs: Double { latencyMs ?? config.latencyMs ?? 0 }

    /// `input`'s compensation and stored calibration.
    func calibration(_ input: Input) -> InputCalibration {
        InputCalibration(
            named: input.device, connected: nil, store: store, noCalibration: noCalibration, ports: input.latencies,
            manualMs: manualMs, sampleRate: sampleRate)
    }

    /// The session's grid, `leadMs` after `frameNow`; leading the transport,
    /// moved (by less than a period) so that bar 1 falls on a cycle's first
    /// frame: the transport then rolls from frame 0 exactly there, and a DAW
    /// that waited at frame 0 need not move.
    func timeline() throws(SettingError) -> Timeline {
        let spec = playedSpec
        let start = frameNow + Int64(leadMs) * Int64(spec.sampleRate) / 1000
        let timeline = try Timeline(spec: spec, startFrame: start)
        guard leadsTransport, let cycle = lastCycleStart else { return timeline }
        let period = Int64(max(periodFrames, 1))
        return try Timeline(spec: spec, startFrame: start + ((cycle - timeline.originFrame) % period + period) % period)
    }

    /// The scoring: a layer's clicks are its beats, scored whole unless told
    /// otherwise, else against the click's subdivision.
    func scoring(latency: LatencyCompensation) -> ScoringSettings {
        let layer = scoreLayer.map { $0 - 2 }
        return ScoringSettings(subdivision: scoreSubdivision ?? (layer == nil ? playedSpec.subdivision : 1), latency: latency, layer: layer)
    }

    /// A detector for each audio input, by the source its blocks are stamped
    /// with: the audio input (source 0), or each player who plays audio
    /// (their index); nil without audio input.
    func audio(scoring: ScoringSettings) throws(SettingError) -> SessionAudio? {
        let sources = (audioInput ? [0] : []) + players.indices.filter { players[$0].isAudio }
        guard !sources.isEmpty else { return nil }
        let detector = try StrokeDetector(settings: StrokeDetectorSettings(
            sampleRate: sampleRate, sensitivity: sensitivity ?? StrokeDetectorSettings.defaultSensitivity, mergeMs: scoring.doubleTriggerMs))
        var names: [Int: String] = [:]
        for (index, player) in players.enumerated() where player.isAudio { names[index] = "player \(player.name): " }
        return SessionAudio(sources: sources, detector: detector, names: names)
    }

    /// The session's players: a group's, each with their own compensation
    /// and calibration; or the kit's parts, each part's layer notes scored
    /// whole unless told otherwise; or none.
    func players(timeline: Timeline, scoring: ScoringSettings) throws(SettingError) -> (scoring: PlayerScoring, lines: [String]) {
        if !players.isEmpty {
            var settings: [ScoringSettings] = []
            var lines: [String] = []
            for player in players {
                let input = calibration(player.input)
                var own = scoring
                own.latency = input.latency
                settings.append(own)
                lines.append("\(player.name) (\(player.port)): " + input.line)
            }
            let group = try PlayerScoring(names: players.map(\.name), ports: players.map(\.source), grid: timeline, settings: settings)
            return (group, lines)
        }
        guard !voiceParts.isEmpty else { return (PlayerScoring(), []) }
        var own = scoring
        own.subdivision = scoreSubdivision ?? 1
        return (try PlayerScoring(parts: VoiceLayerRouting(voiceParts, map: drumMap), grid: timeline, settings: own), [])
    }

    /// The report's settings: the grid and scoring the session starts with,
    /// and where its compensation and grid came from.
    func settings(_ spec: TimelineSpec, _ scoring: ScoringSettings, calibration: CalibrationUse?) -> ReportSettings {
        var settings = ReportSettings(spec: spec, scoring: scoring, preset: setlist?.presetName)
        settings.drumMap = drumMap
        settings.calibration = calibration
        settings.setlist = setlist?.setlist.name
        if let alsaUncertaintyFrames {
            settings.alsaTimestampUncertaintyMs = Double(alsaUncertaintyFrames * 1000) / Double(max(spec.sampleRate, 1))
        }
        return settings
    }

    /// Sets the session up: its grid, scoring, players and audio inputs,
    /// the player's own pulse followed in free time and through a gap
    /// click's muted bars, and the practice programs started.
    public func start() throws(SettingError) -> Started {
        let timeline = try timeline()
        let input = calibration(input)
        let scoring = scoring(latency: input.latency)
        let audio = try audio(scoring: scoring)
        let players = try players(timeline: timeline, scoring: scoring)
        var control = try SessionControl(
            timeline: timeline, scoring: scoring, bars: config.sessionBars, durationSeconds: config.durationSeconds,
            pedalMap: pedalMap, setlist: setlist, players: players.scoring, audio: audio)
        if free || (timeline.spec.gap?.muteBars ?? 0) > 0 { control.followPulse(free: free) }
        control.tempoTiming = tempoTiming
        control.tempoGlideBeats = Int64(tempoGlideBeats)
        control.clockWhileStopped = clockWhileStopped
        control.leadsTransport = leadsTransport
        // A fresh grid or a preset's bar line: two periods and 20 ms for the control loop ahead, at least 50 ms.
        let rate = Int64(sampleRate)
        control.commandLeadFrames = max(2 * Int64(periodFrames) + rate / 50, rate / 20)
        let settings = settings(timeline.spec, scoring, calibration: input.use)
        let programs = try control.start(config.programs(sampleRate: sampleRate, seed: seed))
        return Started(control: control, programs: programs, settings: settings, calibration: input, playerLines: players.lines)
    }
}
