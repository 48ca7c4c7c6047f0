import TactusCore
import TactusEngine

extension JackEngineHost {
    /// Plays `along`'s timeline and counts the note-ons arriving on
    /// `tactus:input` as taps, until all are in or the deadline has passed;
    /// then stops the click. `onTap` hears every tap's outcome. Returns false
    /// when `interrupted` said so or the server went away first.
    public func collectTaps(
        into along: inout TapAlong, interrupted: () -> Bool, onTap: (TapAlong.Outcome) -> Void = { _ in }
    ) -> Bool {
        _ = drainEvents()
        send(EngineCommand.load(along.timeline, play: true))
        let deadline = along.deadlineFrame
        defer { send([.stop(at: .immediately)]) }
        while true {
            // Read before draining: every tap up to the end of that cycle is then in.
            let processed = lastCycleEnd ?? Int64.min
            for case .input(let midi) in drainEvents() {
                guard case .channelVoice(.noteOn)? = midi.message else { continue }
                onTap(along.tap(at: midi.frame))
            }
            if along.isComplete || processed >= deadline { return true }
            if interrupted() || client.isShutDown { return false }
            _ = client.waitForNotification(timeout: .milliseconds(5))
        }
    }

    /// Plays the first `count` clicks of `timeline` and collects what
    /// `input` hears of them, until the longest delay looked for after the
    /// last click has passed; then stops the click. Returns the click frames
    /// sent, the onset frames heard in that span and the calibration to
    /// pair them with, or nil when `interrupted` said so or the server went
    /// away first. Clicks are paired with echoes up to half their spacing
    /// later, so a lost click cannot pair with the next one.
    public func sendClicks(
        _ count: Int, of timeline: Timeline, to input: JackLoopbackInput, interrupted: () -> Bool
    ) -> (sent: [Int64], detected: [Int64], calibration: LoopbackCalibration)? {
        var end = timeline.frame(ofBar: 2)
        var sent: [Int64] = []
        while sent.count < count {
            sent = Array(timeline.clicks(in: timeline.startFrame..<end).map(\.frame).prefix(count))
            end += end - timeline.startFrame
        }
        let spacing = sent.count > 1 ? sent[1] - sent[0] : Int64(timeline.sampleRate)
        let calibration = LoopbackCalibration(maxDelayFrames: spacing / 2)
        let last = (sent.last ?? timeline.startFrame) + calibration.maxDelayFrames
        _ = input.drainOnsets()
        send(EngineCommand.load(timeline, play: true))
        defer { send([.stop(at: .immediately)]) }
        var detected: [Int64] = []
        while (input.lastCycleStart ?? Int64.min) <= last {
            if interrupted() || client.isShutDown { return nil }
            _ = client.waitForNotification(timeout: .milliseconds(5))
            detected += input.drainOnsets()
        }
        detected += input.drainOnsets()
        return (sent, detected.filter { $0 >= timeline.startFrame && $0 <= last }, calibration)
    }
}
