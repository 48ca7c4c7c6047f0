import Foundation
import TactusCore
import TactusEngine
import TactusJack
import TactusSession
import TactusLive

/// `tactus run`: the live practice session over JACK.
struct RunCommand: Command {
    static let name = "run"
    static let abstract = "Play the click and MIDI clock over JACK and score what you play."
    static let positionals: [Positional<Self>] = TimelineOptions.positionals.within(\.timeline)
    static let usage = "[--bars | --duration] [--server] [--connect-click]… [options]"
    static let optionTable: [Option<Self>] = [
        .server { $0.live.server = $1 },
        Option("--name", "CLIENT", "JACK client name (default: {default}); ports are CLIENT:\(JackEngineHost.portDescriptions.map(\.name).joined(separator: ", :")).", .clientName, default: defaults.live.clientName) { $0.live.clientName = $1 },
        Option("--connect-click", "PORT", "Connect the click to PORT (exact name or regex; repeatable; kept up when PORT appears later).", .port) {
            $0.live.connectClick.append($1)
        },
        Option("--connect-clock", "PORT", "Connect the MIDI clock output to PORT (repeatable).", .port) { $0.live.connectClock.append($1) },
        Option("--connect-input", "PORT", "Connect PORT (your instrument) to tactus:input (repeatable).", .port) { $0.live.connectInput.append($1) },
        Option("--connect-audio", "PORT", "Listen to PORT (a drum mic, a guitar's DI) on CLIENT:audio-in and score the strokes found in it (repeatable).",
               .port) { $0.live.connectAudio.append($1) },
        .sensitivity("Audio input") { $0.sensitivity = $1 },
        Option("--player", "NAME=PORT", "A group session: NAME plays into CLIENT:player-NAME, connected to PORT (exact or regex; audio:PORT for audio; repeatable; scored apart).",
               .player) { $0.players.append($1) },
        Option("--player-device", "NAME=DEVICE", "Use the calibration stored for DEVICE for player NAME (default: the port connected to their input).",
               .player) { $0.playerDevices[$1.name] = $1.source },
        Option("--connect-pedal", "PORT", "Connect PORT (a foot controller) to tactus:pedal (repeatable).", .port) { $0.live.connectPedal.append($1) },
        .flag("--auto-connect", "Connect the click to the first two physical playback ports.") { $0.live.autoConnect = true },
        DrumMapOption.option { $0.drumMap = $1 },
        DrumMapOption.voiceLayerOption { $0.voiceLayers.append($1) },
        Option("--pedal-map", "FILE|NAME", "Pedal bindings (a file, or a map in Configs/pedals such as two-switch-cc).", .text) { $0.pedalMap = $1 },
        Option("--setlist", "FILE|NAME", "Step through a setlist's presets (a file, or one in Configs/setlists such as example).", .text) { $0.setlist = $1 },
        Option("--preset", "NAME", "Start on this preset (default: the one last used with the setlist, else the first).", .text) { $0.preset = $1 },
        Option("--alsa-pedal", "PORT", "Read a pedal straight from the ALSA sequencer (CLIENT:PORT, a name or /regex/; repeatable).", .text) {
            $0.live.alsaPedal.append($1)
        },
        Option("--alsa-input", "PORT", "Read an instrument straight from the ALSA sequencer and score it (repeatable).", .text) { $0.live.alsaInput.append($1) },
        Option("--latency-ms", "X", "Extra latency compensation in ms, {range}, added to JACK's port latencies.",
               .number(in: PracticeConfig.allowedLatencyMs, what: "milliseconds")) { $0.latencyMs = $1 },
        Option("--device", "NAME", "Use the calibration stored for NAME (default: the port connected to tactus:audio-in when listening to audio, else to tactus:input, else 'default').", .device) {
            $0.device = $1
        },
        .flag("--no-calibration", "Leave out the calibration stored by tactus calibrate.") { $0.noCalibration = true },
        .subdivision("Score against this subdivision", name: "--score-subdivision", default: "the click's, 1 on a layer") { $0.scoreSubdivision = $1 },
        .scoreLayer { $0.scoreLayer = $1 },
        .flag("--clock-while-stopped", "Keep sending MIDI clock ticks while stopped.") { $0.clockWhileStopped = true },
        Option("--tempo-at", "beat|bar", "When pedal and key tempo changes take effect.",
               .parsed(expected: "beat or bar", describe: { $0 == .nextBar ? "bar" : "beat" }) { (text: String) -> CommandTiming? in
                   switch text {
                   case "beat": .nextBeat
                   case "bar": .nextBar
                   default: nil
                   }
               }, default: defaults.tempoTiming) { $0.tempoTiming = $1 },
        Option("--tempo-glide", "BEATS", "Glide to a new pedal or key tempo over BEATS beats, {range}, instead of stepping.",
               .integer(in: 0...64, what: "a number of beats"), default: defaults.tempoGlideBeats) { $0.tempoGlideBeats = $1 },
        Option("--report", "PATH", "Where to write the report (default: $XDG_DATA_HOME/tactus/sessions/<start>.json).", .text) { $0.reportPath = $1 },
        .flag("--no-ui", "Print one line per bar instead of the live view.") { $0.live.noUI = true },
        .leadMilliseconds("Start the first click after start-up by", default: defaultLeadMs) { $0.leadMs = $1 },
        Option("--transport", "master|follow|off", "JACK transport: master publishes bars, beats and tempo and rolls the transport from bar 1; follow clicks along the transport master's tempo, meter and position.",
               .parsed(expected: "master, follow or off", TransportMode.init(rawValue:)), default: defaults.live.transport) { $0.live.transport = $1 },
        .flag("--free", "Free time: no click after the count-in; the live view follows your own pulse and the tempo you hold, and the report scores the take against it (as analyze --free).") {
            $0.free = true
        },
        .flag("--reconnect", "When the JACK server goes away, wait for it to come back and carry on at the next bar.") { $0.live.reconnect = true },
    ] + TimelineOptions.optionTable.within(\.timeline) + ProgramOptions.optionTable.within(\.timeline) + RemoteOptions.optionTable.within(\.remote)
    static let discussion = """
        Example: tactus run --bpm 97 --subdivision 4 --count-in 1 --connect-click 'system:playback_[12]' \\
                   --connect-input 'a2j:.*Kit' --pedal-map two-switch-cc --bars 64
        As in klick, 'tactus run 7/8 133' is 'tactus run --meter 7/8 --bpm 133'.
        Ends after --bars or --duration, on Ctrl-C, SIGTERM or SIGHUP (the report is written in
        every case), or when the JACK server goes away (exit 3, report written; with --reconnect
        tactus saves the report so far, waits for the server and carries on in the same report).
        Keys in the live view: \(LiveKey.legendText).
        With --free the click counts in (--count-in) and then stays silent: play at your own
        tempo. The live view shows the tempo you hold against where you began, and the report
        holds your pulse and tempo curve (--bars counts bars of the starting tempo; --duration
        suits free time better). With --gap the muted bars show the tempo you hold.
        Stopped, four taps start playing on the beat they imply (tap-and-go). With --setlist, a new
        preset takes over at the next bar line; the setlist, preset and tempo are remembered in
        $XDG_STATE_HOME/tactus/state.json for the next run.
        """

    /// The command as no option sets it: each option's default.
    private static let defaults = Self()

    var timeline = TimelineOptions()
    /// What the live loop is asked for beside the session.
    var live = LiveOptions()
    var sensitivity: Double?
    var players: [PlayerOption] = []
    var playerDevices: [String: String] = [:]
    var pedalMap: String?
    var drumMap: String?
    var voiceLayers: [String] = []
    var setlist: String?
    var preset: String?
    var latencyMs: Double?
    var device: String?
    var noCalibration = false
    var scoreSubdivision: Int?
    /// `--score-layer K`: the click layer scored against (2 is the first).
    var scoreLayer: Int?
    var clockWhileStopped = false
    var tempoTiming = CommandTiming.nextBeat
    var tempoGlideBeats = 0
    var reportPath: String?
    var leadMs = Self.defaultLeadMs
    /// `--lead-ms` when not given.
    static let defaultLeadMs = 250
    /// `--free`: the click only counts in; the player's own pulse is the grid.
    var free = false
    var remote = RemoteOptions()
    /// The session manager that started tactus (see `SessionManagerClient`).
    var sessionManager: SessionManagerLink?

    func validate() throws(CommandLineError) {
        try timeline.validate()
        if preset != nil && setlist == nil {
            throw .option("--preset", "needs --setlist (the setlist the preset belongs to)")
        }
        if setlist != nil && timeline.configPath != nil {
            throw .usage("--config and --setlist cannot be used together: each preset of a setlist is a config")
        }
        if timeline.overrides.speedTrainer != nil && (timeline.overrides.bpm != nil || timeline.overrides.ramp != nil) {
            throw .usage("--speed-trainer excludes --bpm and --ramp; the trainer starts at its START tempo")
        }
        if sensitivity != nil && live.connectAudio.isEmpty && !players.contains(where: \.isAudio) {
            throw .option("--sensitivity", "applies to audio input; give --connect-audio or --player NAME=audio:PORT too")
        }
        if !live.connectAudio.isEmpty && !players.isEmpty {
            throw .usage("--connect-audio and --player cannot be used together: a group session's players each play into a port of their own (NAME=audio:PORT for audio)")
        }
        try validateTransport()
        try validateFree()
        try validatePlayers()
        try remote.validate()
    }

    func run() throws(CommandLineError) -> ExitCode {
        let environment = ProcessInfo.processInfo.environment
        var loaded: LiveSetlist?
        let practice: Practice
        if let setlist {
            var list = try LiveSetlist(
                name: setlist, preset: preset, state: LiveSession.readState(environment: environment), environment: environment)
            practice = try list.practice(options: timeline)
            try list.loadSounds(session: practice.sound, options: timeline)
            loaded = list
        } else {
            practice = try Practice(options: timeline)
            for warning in practice.warnings { StandardStreams.warn("tactus \(Self.name)", warning) }
        }
        try checkTransport(practice)
        try checkFree(practice)
        try Practice.checkScoreLayer(scoreLayer, timeline: practice.timeline)
        let kit = try DrumMapOption.resolve(drumMap, environment: environment)
        let parts = try DrumMapOption.voiceLayers(voiceLayers, map: kit, layers: practice.timeline.spec.layers.count)
        var map: PedalMap?
        if let name = pedalMap {
            map = try ConfigSearch.load(name, kind: "pedals", option: "--pedal-map", what: "pedal map", environment: environment) {
                (bytes, path, _) throws(SettingError) in try PedalMap(json: bytes, file: path)
            }
        }
        if let map, let loaded {
            let missing = loaded.setlist.missingPresets(in: map)
            if !missing.isEmpty {
                throw .badInput(
                    pedalMap ?? "", "bindings: preset '\(missing[0])' is not in setlist '\(loaded.setlist.name)' (presets: \(loaded.setlist.presets.map(\.name).joined(separator: ", ")))")
            }
        }
        let startedAt = Date()
        let files = try SessionFiles(reportPath: reportPath, startedAt: startedAt, environment: environment)
        let control = try remote.open()
        defer { control?.stop() }
        var options = live
        options.sounds = loaded?.sounds ?? practice.sound.buffers
        options.layerSounds = practice.layerSounds
        options.setlist = loaded?.start
        options.soundBanks = loaded?.soundBanks ?? []
        var session = try LiveSession(
            options: options, session: session(practice, pedalMap: map, drumMap: kit, voiceParts: parts), files: files, startedAt: startedAt)
        session.remote = control
        session.sessionManager = sessionManager
        sessionManager?.opened(as: live.clientName)
        return try session.run()
    }

    /// The session asked for, as the live loop takes it.
    func session(_ practice: Practice, pedalMap: PedalMap?, drumMap: DrumMap, voiceParts: [VoiceLayer]) -> SessionSetup {
        var setup = SessionSetup(spec: practice.timeline.spec, config: practice.config, sampleRate: practice.timeline.spec.sampleRate)
        setup.noCalibration = noCalibration
        setup.latencyMs = latencyMs
        setup.input.device = device
        setup.players = players.map { player in
            SessionSetup.Player(
                name: player.name, source: player.source, isAudio: player.isAudio, port: player.port,
                input: SessionSetup.Input(device: playerDevices[player.name]))
        }
        setup.free = free
        setup.scoreSubdivision = scoreSubdivision
        setup.scoreLayer = scoreLayer
        setup.tempoTiming = tempoTiming
        setup.tempoGlideBeats = tempoGlideBeats
        setup.clockWhileStopped = clockWhileStopped
        setup.pedalMap = pedalMap
        setup.drumMap = drumMap
        setup.voiceParts = voiceParts
        setup.sensitivity = sensitivity
        setup.leadMs = leadMs
        return setup
    }
}
