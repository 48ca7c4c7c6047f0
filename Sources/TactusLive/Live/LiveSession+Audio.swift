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

    /// Runs the audio captured since the last look through the session's
    /// detectors (and each input's level meter, for the live view).
    mutating func scoreAudio(into step: inout SessionControl.Step) {
        guard control.audio != nil else { return }
        for block in host.drainAudio() {
            block.withSamples { samples in
                inputLevels[block.source, default: LevelMeter(sampleRate: host.sampleRate)].take(samples)
                step.absorb(control.takeAudio(samples, at: block.frame, source: block.source))
            }
        }
    }
}
