/// Play for a while, then take a break: rounds of `playFrames` playing and
/// `restFrames` resting, as a pure function of the frames played so far.
/// With no rest the reminder comes at the end of every play period and
/// playing goes on.
public struct PracticeTimer: Hashable, Sendable {
    public enum Phase: String, Hashable, Sendable {
        case play
        case rest
    }

    /// Where a session stands.
    public struct Status: Hashable, Sendable, CustomStringConvertible {
        public var phase: Phase
        /// Round number from 1; a round is one play period and the rest after it.
        public var round: Int
        /// Frames into the current phase.
        public var elapsedFrames: Int64
        /// Frames until the phase ends.
        public var remainingFrames: Int64
        public var sampleRate: Int

        /// "play 14:59" or "rest 4:59": the time left, whole seconds rounded up.
        public var description: String {
            "\(phase.rawValue) \(PracticeTimer.clock(frames: remainingFrames, sampleRate: sampleRate))"
        }
    }

    public var sampleRate: Int
    public var playFrames: Int64
    public var restFrames: Int64

    public init(sampleRate: Int, playFrames: Int64, restFrames: Int64 = 0) {
        self.sampleRate = sampleRate
        self.playFrames = playFrames
        self.restFrames = restFrames
    }

    /// Minutes converted to frames once, to the nearest frame.
    public init(sampleRate: Int, playMinutes: Double, restMinutes: Double = 0) {
        let perMinute = Double(sampleRate) * 60
        self.init(
            sampleRate: sampleRate, playFrames: Int64((playMinutes * perMinute).rounded()),
            restFrames: Int64((restMinutes * perMinute).rounded()))
    }

    public func validate() throws(PracticeProgramError) {
        guard sampleRate > 0 else {
            throw PracticeProgramError(field: "sampleRate", message: "must be above 0, got \(sampleRate)")
        }
        let day = Int64(sampleRate) * 86_400
        guard (1...day).contains(playFrames) else {
            throw PracticeProgramError(field: "playMinutes", message: "must be more than 0 and at most 24 hours")
        }
        guard (0...day).contains(restFrames) else {
            throw PracticeProgramError(field: "restMinutes", message: "must be 0 or more and at most 24 hours")
        }
    }

    /// The phase at `elapsedFrames` frames into the session (negative counts as 0).
    public func status(elapsedFrames: Int64) -> Status {
        let elapsed = max(elapsedFrames, 0)
        let play = max(playFrames, 1)
        let period = play + max(restFrames, 0)
        let round = elapsed / period
        let into = elapsed % period
        let roundNumber = Int(clamping: round + 1)
        if into < play {
            return Status(phase: .play, round: roundNumber, elapsedFrames: into, remainingFrames: play - into, sampleRate: sampleRate)
        }
        return Status(
            phase: .rest, round: roundNumber, elapsedFrames: into - play, remainingFrames: period - into, sampleRate: sampleRate)
    }

    /// The frame at which round `round`'s play period ends and the reminder is due.
    public func reminderFrame(round: Int) -> Int64 {
        Int64(max(round, 1) - 1) * (max(playFrames, 1) + max(restFrames, 0)) + max(playFrames, 1)
    }

    /// The round whose reminder falls in `(previousFrames, currentFrames]`, if
    /// any: call it with the elapsed frames of the last and the current update to
    /// remind exactly once. When several fall in the span, the last one.
    public func reminder(after previousFrames: Int64, upTo currentFrames: Int64) -> Int? {
        guard currentFrames > previousFrames, currentFrames >= max(playFrames, 1) else { return nil }
        let period = max(playFrames, 1) + max(restFrames, 0)
        let last = (currentFrames - max(playFrames, 1)) / period + 1
        let round = Int(clamping: last)
        return reminderFrame(round: round) > previousFrames ? round : nil
    }

    /// "m:ss" for `frames`, whole seconds rounded up; hours as "h:mm:ss".
    static func clock(frames: Int64, sampleRate: Int) -> String {
        let rate = Int64(max(sampleRate, 1))
        let seconds = (max(frames, 0) + rate - 1) / rate
        let s = seconds % 60, m = seconds / 60 % 60, h = seconds / 3600
        let ss = s < 10 ? "0\(s)" : "\(s)"
        if h > 0 { return "\(h):\(m < 10 ? "0\(m)" : "\(m)"):\(ss)" }
        return "\(m):\(ss)"
    }
}
