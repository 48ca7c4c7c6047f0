import TactusCore

extension LiveSession {
    /// The longest a turn of the loop may sleep when nothing wakes it (the
    /// engine reporting, a key, a signal, an ALSA message, a JACK callback).
    static let longestSleep = Duration.seconds(1)

    /// How long the loop may sleep before something falls due without a
    /// wake-up: the scorer settling its next position (a miss, a bar's end),
    /// the session's end, the transport follower looking again at a report
    /// it waits on and, with the live view, the beat it shows changing or a
    /// redraw the throttle held back.
    func sleepTime(redraw throttle: RedrawThrottle, nowNs: UInt64) -> Duration {
        guard let now = host.lastCycleEnd else { return .milliseconds(100) }
        // Input is scored up to the end of the engine's last cycle (`loop`).
        var due: [Int64] = []
        if control.playing {
            // Both come once input is scored through them, and audio input
            // is scored up to its detectors' delay behind the cycles
            // (`scoredThrough`): waking sooner finds them not yet due.
            let scoringDelay = control.audio?.maximumDelay ?? 0
            if let settle = control.nextSettleFrame { due.append(settle + scoringDelay) }
            if let end = control.endFrame { due.append(end + scoringDelay) }
        }
        if let waitingUntil = follower?.waitingUntil { due.append(waitingUntil) }
        if interactive { due.append(nextBeatShown(after: now)) }
        var sleep = control.audio == nil ? Self.longestSleep : Self.audioPoll
        if let first = due.min() {
            let rate = Int64(max(control.timeline.sampleRate, 1))
            let frames = min(max(first - now, 0), 2 * rate)
            // A millisecond more, so the frame has surely passed on waking.
            sleep = min(sleep, .nanoseconds(frames * 1_000_000_000 / rate) + .milliseconds(1))
        }
        if interactive, let drawNs = throttle.nextDrawNs {
            sleep = min(sleep, .nanoseconds(Int64(clamping: drawNs > nowNs ? drawNs - nowNs : 0)))
        }
        return sleep
    }

    /// The first frame after `frame` at which the live view's bar and beat
    /// (the beat nearest the frame time) change: halfway to the next beat.
    func nextBeatShown(after frame: Int64) -> Int64 {
        let timeline = control.timeline
        let nearest = timeline.nearest(to: frame, subdivision: 1, swing: nil)
        let nextFrame = timeline.frame(of: timeline.beat(after: nearest.position), subdivision: 1, swing: nil)
        return max(nearest.frame + (nextFrame - nearest.frame) / 2 + 1, frame + 1)
    }
}
