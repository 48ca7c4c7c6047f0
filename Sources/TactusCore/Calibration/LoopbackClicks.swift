/// A loopback calibration being played: the first clicks of `timeline` go
/// out, and the onsets heard back from its start until the longest delay
/// after the last click are what `calibration` pairs with them. Clicks pair
/// with echoes up to half their spacing later, so a lost click cannot pair
/// with the next one's echo.
public struct LoopbackClicks: Sendable {
    public let timeline: Timeline
    /// The click frames sent.
    public let sent: [Int64]
    public let calibration: LoopbackCalibration
    /// The onsets heard in the span, in the order heard.
    public private(set) var detected: [Int64] = []

    /// The first `count` clicks of `timeline`.
    public init(count: Int, of timeline: Timeline) {
        var end = timeline.frame(ofBar: 2)
        var sent: [Int64] = []
        while sent.count < count {
            sent = Array(timeline.clicks(in: timeline.startFrame..<end).map(\.frame).prefix(count))
            end += end - timeline.startFrame
        }
        let spacing = sent.count > 1 ? sent[1] - sent[0] : Int64(timeline.sampleRate)
        self.timeline = timeline
        self.sent = sent
        calibration = LoopbackCalibration(maxDelayFrames: spacing / 2)
    }

    /// The last frame an echo is looked for at: the longest delay after the last click.
    public var lastFrame: Int64 { (sent.last ?? timeline.startFrame) + calibration.maxDelayFrames }

    /// Whether nothing more can come back once the input's cycle starting at
    /// `cycleStart` (nil before its first) is in.
    public func isComplete(cycleStart: Int64?) -> Bool { (cycleStart ?? .min) > lastFrame }

    /// Takes onsets the input heard; those before the first click or after
    /// `lastFrame` belong to no click and are left out.
    public mutating func hear(_ onsets: [Int64]) {
        detected += onsets.filter { $0 >= timeline.startFrame && $0 <= lastFrame }
    }

    /// Pairs the clicks sent with the onsets heard (``LoopbackCalibration/measure(sentFrames:detectedFrames:)``).
    public func measure() throws(SettingError) -> LoopbackResult {
        try calibration.measure(sentFrames: sent, detectedFrames: detected)
    }
}
