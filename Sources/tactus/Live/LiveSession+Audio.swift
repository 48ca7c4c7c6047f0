import TactusCore
import TactusEngine
import TactusSession
import TactusJack

extension LiveSession {
    /// The longest the loop sleeps while listening to audio input: the
    /// detectors get the captured samples at least this often, and the live
    /// view's input meter moves 25 times a second. Each turn of the loop
    /// costs about 0.1 ms of CPU, most of it waking (docs/audio-input.md, Cost).
    static let audioPoll = Duration.milliseconds(40)

    /// A detector for each audio input, by the source its blocks are stamped
    /// with: `tactus:audio-in` (`--connect-audio`, source 0), or each player
    /// who plays audio (their index). Empty without audio input.
    static func strokeStreams(
        _ host: JackEngineHost, _ command: RunCommand, scoring: ScoringSettings
    ) throws(CommandLineError) -> [Int: StrokeStream] {
        let sources = (host.audioPort != nil ? [0] : []) + host.audioPlayers.indices.filter { host.audioPlayers[$0] }
        guard !sources.isEmpty else { return [:] }
        let detector = try StrokeDetector(
            sampleRate: host.sampleRate, sensitivity: command.sensitivity, scoring: scoring,
            source: "JACK server '\(host.serverName)'")
        return Dictionary(uniqueKeysWithValues: sources.map { ($0, StrokeStream(detector: detector)) })
    }

    /// Runs the audio captured since the last look through the detectors and
    /// scores the strokes they complete (a player's for the player too);
    /// samples the ring had no room for are listed in the report's events
    /// with the count so far.
    mutating func scoreAudio(into step: inout SessionControl.Step) {
        guard !audio.isEmpty else { return }
        for block in host.drainAudio() {
            block.withSamples { samples in
                inputLevels[block.source, default: LevelMeter(sampleRate: host.sampleRate)].take(samples)
                detect(samples, at: block.frame, source: block.source, into: &step)
            }
        }
        let lost = host.lostAudio
        if lost > reportedLostAudio {
            reportedLostAudio = lost
            record(
                SessionEvent(
                    kind: .dropped, frame: host.frameTimeNow ?? 0,
                    detail: "audio input samples lost (the control thread fell \(JackEngineHost.audioRingBlocks) blocks behind): \(lost) in all"),
                into: &step)
        }
    }

    /// Scores the strokes `samples` of `source`, the first at `frame`, complete.
    mutating func detect(_ samples: UnsafeBufferPointer<Float>, at frame: Int64, source: Int, into step: inout SessionControl.Step) {
        // In place: a copy of the stream would copy its detector's buffers on their first write.
        guard let index = audio.index(forKey: source) else { return }
        let gapsBefore = audio.values[index].gapCount
        let strokes = audio.values[index].process(samples, at: frame)
        if audio.values[index].gapCount > gapsBefore, let gap = audio.values[index].lastGap {
            record(
                SessionEvent(
                    kind: .dropped, frame: gap.frame,
                    detail: "audio input: \(gap.frames) samples missing (the server ran cycles without tactus)"),
                into: &step)
        }
        score(strokes, source: source, into: &step)
    }

    /// At the session's end, scores the strokes each detector still holds:
    /// those of the last samples, reported only once samples after them
    /// arrive (up to the detector's `maximumDelay`, about 30 ms).
    mutating func flushAudio(into step: inout SessionControl.Step) {
        for source in audio.keys.sorted() {
            guard var stream = audio[source] else { continue }
            let strokes = stream.finish()
            audio[source] = stream
            score(strokes, source: source, into: &step)
            if let gate = clickGates[source], gate.bleed != nil {
                let count = gate.clickCount
                record(
                    SessionEvent(
                        kind: .clickBleed, frame: stream.nextFrame ?? control.timeline.originFrame,
                        detail: audioSourceName(source) + "\(count) stroke\(count == 1 ? "" : "s") heard were the click coming back, not scored"),
                    into: &step)
            }
        }
    }

    /// Scores the strokes of `source` played (and for its player, if one
    /// plays it), leaving out the click heard back.
    mutating func score(_ strokes: [DetectedStroke], source: Int, into step: inout SessionControl.Step) {
        guard !strokes.isEmpty else { return }
        let played = withoutTheClick(strokes, source: source, into: &step)
        guard let last = played.last else { return }
        lastStrokeDb = last.levelDb
        step.absorb(control.handle(strokes: played, source: source))
    }

    /// `strokes` without the click heard back in `source` (a microphone
    /// without headphones), learned in the count-in; says in the report what
    /// the count-in taught once it did.
    mutating func withoutTheClick(_ strokes: [DetectedStroke], source: Int, into step: inout SessionControl.Step) -> [DetectedStroke] {
        var gate = clickGates[source] ?? ClickBleedGate(sampleRate: control.timeline.sampleRate)
        let learned = gate.bleed != nil
        let played = gate.played(strokes, grid: control.timeline)
        if !learned && gate.bleed != nil {
            record(SessionEvent(kind: .clickBleed, frame: control.timeline.originFrame, detail: audioSourceName(source) + gate.learnedText), into: &step)
        }
        clickGates[source] = gate
        return played
    }

    /// `player NAME: ` for a player's audio input, nothing for `--connect-audio`'s.
    func audioSourceName(_ source: Int) -> String {
        control.players != nil && command.players.indices.contains(source) ? "player \(command.players[source].name): " : ""
    }

    /// Adds `event` to the report and the journal.
    mutating func record(_ event: SessionEvent, into step: inout SessionControl.Step) {
        control.record(event)
        step.journal += SessionJournal.line(.event(event))
    }

    /// The frame up to which all input has been scored: the end of the
    /// engine's last cycle (`processed`) or, listening to audio, the frame
    /// before which every detector has reported every stroke, if earlier.
    func scoredThrough(_ processed: Int64?) -> Int64? {
        guard let processed else { return nil }
        var through = processed
        for stream in audio.values {
            guard let complete = stream.completeBefore else { return nil }
            through = min(through, complete)
        }
        return through
    }
}
