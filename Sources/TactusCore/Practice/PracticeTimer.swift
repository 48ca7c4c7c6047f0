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

    /// Minutes converted to frames once, to the nearest frame. Minutes that
    /// are not a number or absurdly long give durations `validate()` rejects.
    public init(sampleRate: Int, playMinutes: Double, restMinutes: Double = 0) {
        func frames(_ minutes: Double) -> Int64 {
            let frames = (minutes * Double(sampleRate) * 60).rounded()
            guard frames.isFinite else { return -1 }
            return frames >= 9e18 ? Int64.max : frames <= -9e18 ? -1 : Int64(frames)
        }
        self.init(sampleRate: sampleRate, playFrames: frames(playMinutes), restFrames: frames(restMinutes))
    }

    public func validate() throws(SettingError) {
        guard sampleRate > 0 else {
            throw SettingError(field: "sampleRate", message: "must be above 0, got \(sampleRate)")
        }
        let day = Int64(sampleRate) * 86_400
        guard (1...day).contains(playFrames) else {
            throw SettingError(field: "playMinutes", message: "must be more than 0 and at most 24 hours")
        }
        guard (0...day).contains(restFrames) else {
            throw SettingError(field: "restMinutes", message: "must be 0 or more and at most 24 hours")
        }
    }

    /// The phase at `elapsedFrames` frames into the session (negative counts as 0).
    public func status(elapsedFrames: Int64) -> Status {
        let elapsed = max(elapsedFrames, 0)
        let play = max(playFrames, 1)
        let period = self.period
        let round = elapsed / period
        let into = elapsed % period
        let roundNumber = Int(clamping: round + 1)
        if into < play {
            return Status(phase: .play, round: roundNumber, elapsedFrames: into, remainingFrames: play - into, sampleRate: sampleRate)
        }
        return Status(
            phase: .rest, round: roundNumber, elapsedFrames: into - play, remainingFrames: period - into, sampleRate: sampleRate)
    }

    /// Frames of one round, play and rest (saturating rather than overflowing).
    var period: Int64 {
        let (sum, overflow) = max(playFrames, 1).addingReportingOverflow(max(restFrames, 0))
        return overflow ? Int64.max : sum
    }

    /// The frame at which round `round`'s play period ends and the reminder is due.
    public func reminderFrame(round: Int) -> Int64 {
        let (start, overflow) = Int64(max(round, 1) - 1).multipliedReportingOverflow(by: period)
        let (end, later) = start.addingReportingOverflow(max(playFrames, 1))
        return overflow || later ? Int64.max : end
    }

    /// The round whose reminder falls in `(previousFrames, currentFrames]`, if
    /// any: call it with the elapsed frames of the last and the current update to
    /// remind exactly once. When several fall in the span, the last one.
    public func reminder(after previousFrames: Int64, upTo currentFrames: Int64) -> Int? {
        guard currentFrames > previousFrames, currentFrames >= max(playFrames, 1) else { return nil }
        let last = (currentFrames - max(playFrames, 1)) / period + 1
        let round = Int(clamping: last)
        return reminderFrame(round: round) > previousFrames ? round : nil
    }

    /// "m:ss" for `frames`, whole seconds rounded up; hours as "h:mm:ss".
    public static func clock(frames: Int64, sampleRate: Int) -> String {
        let rate = Int64(max(sampleRate, 1))
        let seconds = (max(frames, 0) + rate - 1) / rate
        let s = seconds % 60, m = seconds / 60 % 60, h = seconds / 3600
        let ss = s < 10 ? "0\(s)" : "\(s)"
        if h > 0 { return "\(h):\(m < 10 ? "0\(m)" : "\(m)"):\(ss)" }
        return "\(m):\(ss)"
    }
}
