/// What is subtracted from every hit before it is compared with the grid.
///
/// The click reaches the player `clickOutputFrames` after the grid frame it was
/// written for, and a hit reaches tactus `inputCaptureFrames` after it was
/// played; `userOffsetMs` is a further correction the player chose (positive
/// when their hits land late for reasons the ports do not report). A hit at
/// `hitFrame` matched to the grid position at `gridFrame` has the offset
///
///     offsetMs = ((hitFrame - inputCaptureFrames) - (gridFrame + clickOutputFrames))
///                × 1000 / sampleRate - userOffsetMs
///
/// positive meaning late. The frame difference is exact and converted once.
public struct LatencyCompensation: Hashable, Sendable, Codable {
    public var clickOutputFrames: Int64
    public var inputCaptureFrames: Int64
    public var userOffsetMs: Double

    public init(clickOutputFrames: Int64 = 0, inputCaptureFrames: Int64 = 0, userOffsetMs: Double = 0) {
        self.clickOutputFrames = clickOutputFrames
        self.inputCaptureFrames = inputCaptureFrames
        self.userOffsetMs = userOffsetMs
    }

    public static let none = LatencyCompensation()

    /// The same user offset with the port latencies the audio server reports now.
    public func withPortLatencies(clickOutputFrames: Int64, inputCaptureFrames: Int64) -> LatencyCompensation {
        LatencyCompensation(clickOutputFrames: clickOutputFrames, inputCaptureFrames: inputCaptureFrames, userOffsetMs: userOffsetMs)
    }

    /// The whole correction in milliseconds at `sampleRate`.
    public func totalMs(sampleRate: Int) -> Double {
        Double((clickOutputFrames &+ inputCaptureFrames) &* 1000) / Double(sampleRate) + userOffsetMs
    }

    /// "latency compensation 19.500 ms: JACK 256 frames out + 512 in", then
    /// what else it holds (`parts`, and "+1.000 ms given" for `givenMs`):
    /// how a session names it at its start and at each change, its numbers
    /// written as the report's are.
    public func detail(sampleRate: Int, parts: [String] = [], givenMs: Double = 0) -> String {
        var parts = ["JACK \(clickOutputFrames) frames out + \(inputCaptureFrames) in"] + parts
        if givenMs != 0 { parts.append(NumberText.signed(givenMs, 3) + " ms given") }
        return "latency compensation \(NumberText.fixed(totalMs(sampleRate: max(sampleRate, 1)), 3)) ms: " + parts.joined(separator: ", ")
    }

    /// Offset of a hit at `hitFrame` from the grid position at `gridFrame`, in ms.
    public func offsetMs(hitFrame: Int64, gridFrame: Int64, sampleRate: Int) -> Double {
        // Wrapping arithmetic: absurd frames give an absurd offset, never a trap.
        let frames = (hitFrame &- inputCaptureFrames) &- (gridFrame &+ clickOutputFrames)
        return Double(frames &* 1000) / Double(sampleRate) - userOffsetMs
    }

    /// The grid frame a hit at `hitFrame` is compared with, to the nearest frame.
    public func gridFrame(forHitFrame hitFrame: Int64, sampleRate: Int) -> Int64 {
        let userFrames = Int64((userOffsetMs * Double(sampleRate) / 1000).rounded())
        return hitFrame &- inputCaptureFrames &- clickOutputFrames &- userFrames
    }

    /// Throws when a latency is negative or the user offset is not a number
    /// or beyond ±1 s.
    public func validate() throws(SettingError) {
        guard clickOutputFrames >= 0 else {
            throw SettingError(field: "latencyCompensation.clickOutputFrames", message: "must be 0 or more, got \(clickOutputFrames)")
        }
        guard inputCaptureFrames >= 0 else {
            throw SettingError(field: "latencyCompensation.inputCaptureFrames", message: "must be 0 or more, got \(inputCaptureFrames)")
        }
        guard userOffsetMs.isFinite, abs(userOffsetMs) <= 1000 else {
            throw SettingError(field: "latencyCompensation.userOffsetMs", message: "must be between -1000 and 1000 ms, got \(userOffsetMs)")
        }
    }
}
