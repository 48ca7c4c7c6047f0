import TactusCore
import TactusEngine
import TactusSession
import TactusJack

extension LiveSession {
    /// The longest the loop sleeps while listening to the audio input: the
    /// detector gets the captured samples at least this often.
    static let audioPoll = Duration.milliseconds(20)

    /// The detector on the audio input (`--connect-audio`), nil without one.
    static func strokeStream(
        _ host: JackEngineHost, _ command: RunCommand, scoring: ScoringSettings
    ) throws(CommandLineError) -> StrokeStream? {
        guard host.audioPort != nil else { return nil }
        return StrokeStream(detector: try StrokeDetector(
            sampleRate: host.sampleRate, sensitivity: command.sensitivity, scoring: scoring,
            source: "JACK server '\(host.serverName)'"))
    }

    /// Runs the audio captured since the last look through the detector and
    /// scores the strokes it completes; samples the ring had no room for are
    /// listed in the report's events with the count so far.
    mutating func scoreAudio(into step: inout SessionControl.Step) {
        guard var stream = audio else { return }
        var run: [Float] = []
        var runStart: Int64 = 0
        for block in host.drainAudio() {
            if !run.isEmpty && block.frame != runStart + Int64(run.count) {
                step.absorb(control.handle(strokes: stream.process(run, at: runStart)))
                run.removeAll(keepingCapacity: true)
            }
            if run.isEmpty { runStart = block.frame }
            run += block.values
        }
        if !run.isEmpty { step.absorb(control.handle(strokes: stream.process(run, at: runStart))) }
        audio = stream
        let lost = host.lostAudio
        if lost > reportedLostAudio {
            reportedLostAudio = lost
            let event = SessionEvent(
                kind: .dropped, frame: host.frameTimeNow ?? 0,
                detail: "audio input samples lost (the control thread fell \(JackEngineHost.audioRingBlocks) blocks behind): \(lost) in all")
            control.record(event)
            step.journal += SessionJournal.line(.event(event))
        }
    }

    /// The frame up to which all input has been scored: the end of the
    /// engine's last cycle (`processed`) or, listening to audio, the frame
    /// before which the detector has reported every stroke, if earlier.
    func scoredThrough(_ processed: Int64?) -> Int64? {
        guard let audio else { return processed }
        guard let processed, let complete = audio.completeBefore else { return nil }
        return min(processed, complete)
    }
}
