/// JACK's latencies changing during a session (a connection made or removed,
/// a port's latency set anew): from `frame` on, hits are compensated with
/// `latency` instead of what was in force before.
public struct LatencyChange: Hashable, Sendable {
    /// Absolute frame from which `latency` is in force.
    public var frame: Int64
    public var latency: LatencyCompensation

    /// "latency compensation 16.000 ms: JACK 256 frames out + 512 in".
    public func detail(sampleRate: Int) -> String {
        "latency compensation \(NumberText.fixed(latency.totalMs(sampleRate: max(sampleRate, 1)), 3)) ms: JACK "
            + "\(latency.clickOutputFrames) frames out + \(latency.inputCaptureFrames) in"
    }
}
