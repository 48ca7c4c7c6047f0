import TactusCore

/// What the live view and the plain lines say, worked out from each step of
/// the session control: the loop hands over the step with what it read from
/// the host, writes the lines returned for the player and draws `state`.
public struct LiveViewModel {
    public var state: LiveViewState
    /// Hits and hits within the good window per bar still playing, for the bar lines.
    private var windowCounts: [Int: (hits: Int, inWindow: Int)] = [:]
    /// The latest hits, for the subdivision hint.
    private var hint = LiveHint()
    private var voiceMeans: LiveVoiceMeans

    /// The view of `control` as it starts: bar 1 of its grid, playing once
    /// the engine says it started, with its players and the setlist's preset.
    public init(_ control: SessionControl, drumMap: DrumMap) {
        let timeline = control.timeline
        let spec = timeline.spec
        state = LiveViewState(
            isPlaying: control.playing, beatsPerBar: timeline.beatsPerBar(bar: 1),
            accents: LiveViewState.beatAccents(pattern: spec.accents, beatsPerBar: timeline.beatsPerBar(bar: 1), subdivision: spec.subdivision),
            countInBars: spec.countInBars, tempo: spec.tempo, presetName: control.setlist?.presetName)
        state.playerNames = control.players.players.map(\.name)
        voiceMeans = LiveVoiceMeans(map: drumMap)
    }

    /// Follows `step` of `control` at `frameNow` (nil when the host cannot
    /// say), with the host's counters and its loudest audio input's level;
    /// returns the lines to write for the player, which only go without the
    /// live view (`interactive` false): the programs' notices and one line
    /// for each bar that ended.
    public mutating func show(
        _ step: SessionControl.Step, of control: SessionControl, frameNow: Int64?, droppedEvents: Int, droppedOSCPackets: Int?,
        lostAudio: Int, inputLevelDb: Double, interactive: Bool
    ) -> [String] {
        for scored in step.playerHits where scored.hit.grade.isMatched && !scored.hit.countIn {
            state.recordPlayerHit(player: scored.player, offsetMs: scored.hit.offsetMs)
        }
        for hit in step.hits {
            state.record(LiveHitMark(hit))
            var counts = windowCounts[hit.position.bar] ?? (hits: 0, inWindow: 0)
            counts.hits += 1
            if hit.grade == .perfect || hit.grade == .good { counts.inWindow += 1 }
            windowCounts[hit.position.bar] = counts
            if !hit.countIn { hint.record(offsetMs: hit.offsetMs) }
            voiceMeans.record(hit)
        }
        if !step.hits.isEmpty { state.voices = voiceMeans.entries }
        if state.tempo != control.tempo { hint.clear() }
        if let feedback = step.feedback { state.feedback = feedback }
        state.tempo = control.tempo
        state.isPlaying = control.playing
        state.isMuted = control.muted
        followPreset(control.setlist)
        state.xruns = control.xruns
        state.latencyMs = control.latency.totalMs(sampleRate: control.timeline.sampleRate)
        state.droppedEvents = droppedEvents
        state.droppedOSCPackets = droppedOSCPackets
        if let audio = control.audio {
            state.lostAudioSamples = lostAudio + Int(audio.gapFrames)
            state.audioInput = LiveAudioInput(levelDb: inputLevelDb, lastStrokeDb: audio.lastStrokeDb)
        }
        let free = control.pulse?.free == true
        state.session = free ? control.pulse.map { LiveStatistics($0.session) } ?? LiveStatistics() : control.statistics
        if let frame = frameNow {
            if let pulse = control.pulse, free {
                (state.bar, state.beat) = pulse.position(at: pulse.seconds(ofFrame: frame))
            } else {
                let position = control.timeline.nearest(to: frame, subdivision: 1, swing: nil).position
                state.bar = position.bar
                state.beat = position.beat
                state.beatsPerBar = control.timeline.beatsPerBar(bar: position.bar)
            }
        }
        state.heldTempo = Self.heldTempo(control, bar: state.bar)
        state.timer = control.programs.timerStatus
        state.reminder = control.programs.reminder
        var lines = step.notices
        if !step.completedBars.isEmpty {
            let scoring = control.scoring
            state.hint = hint.hint(tempo: control.tempo, subdivision: scoring.subdivision, swing: scoring.swing)?.text
        }
        for bar in step.pulseBars {
            state.currentBar = bar.statistics
            let held = LiveHeldTempo(bpm: bar.bpm, referenceBPM: control.pulse?.pulse.startBPM ?? control.tempo.bpm, free: true)
            lines.append(LiveView.plainBarLine(bar: bar.bar, tempo: control.tempo, statistics: bar.statistics, held: held))
        }
        for bar in step.completedBars where !free {
            let counts = windowCounts.removeValue(forKey: bar.summary.bar)
            let percent = counts.flatMap { TimingSummary.percentInWindow(perfectAndGood: $0.inWindow, hits: $0.hits) }
            state.currentBar = LiveStatistics(
                hits: bar.summary.hits, meanOffsetMs: bar.summary.meanOffsetMs, sdOffsetMs: bar.summary.sdOffsetMs,
                percentInWindow: percent)
            lines.append(LiveView.plainBarLine(
                bar: bar.summary.bar, tempo: control.timeline.tempo(atBar: bar.summary.bar), statistics: state.currentBar,
                muted: bar.summary.muted, held: bar.summary.muted ? Self.heldTempo(control, bar: bar.summary.bar) : nil))
        }
        return interactive ? [] : lines
    }

    /// The tempo the player holds, to show in `bar`: always in free time, in
    /// a gap click's muted bars against the click's tempo; nil otherwise.
    static func heldTempo(_ control: SessionControl, bar: Int) -> LiveHeldTempo? {
        guard let pulse = control.pulse else { return nil }
        if pulse.free { return LiveHeldTempo(bpm: pulse.pulse.bpm, referenceBPM: pulse.pulse.startBPM, free: true) }
        guard control.timeline.isMuted(bar: bar) else { return nil }
        return LiveHeldTempo(bpm: pulse.pulse.bpm, referenceBPM: control.timeline.tempo(atBar: bar).bpm, free: false)
    }

    /// Shows the preset in force and its accents once it changed.
    mutating func followPreset(_ playback: SetlistPlayback?) {
        guard let playback, let spec = playback.spec, state.presetName != playback.presetName else { return }
        state.presetName = playback.presetName
        let beats = spec.meter.beatsPerBar(in: spec.beatUnit ?? spec.meter.defaultBeatUnit) ?? spec.meter.beats
        state.accents = LiveViewState.beatAccents(pattern: spec.accents, beatsPerBar: beats, subdivision: spec.subdivision)
    }
}
