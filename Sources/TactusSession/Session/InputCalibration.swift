import TactusCore

/// The latency compensation of one input of a live session (the session's
/// own, or a group player's): JACK's latencies of the click's path and of
/// what feeds the input, the offset given (`--latency-ms`), and the stored
/// calibration of the device playing into it. The one place the device and
/// its calibration are chosen; the store is read, and the ports asked, by the caller.
public struct InputCalibration: Sendable {
    /// The device playing into the input: the one named (`--device`,
    /// `--player-device`), else the first port connected to it, else `default`.
    public let device: String
    /// The device's stored calibration, if the store has one.
    public let use: CalibrationUse?
    public let latency: LatencyCompensation
    /// "latency compensation 12.333 ms: JACK 512 frames out + 80 in, +2.000 ms
    /// from the tap calibration of 'default' (…), +1.000 ms given".
    public let line: String

    /// `store` is nil with `--no-calibration` (`noCalibration`) or when
    /// nothing says where it lives.
    public init(
        named: String?, connected: @autoclosure () -> String?, store: CalibrationStore?, noCalibration: Bool,
        ports: PortLatencies.Input, manualMs: Double, sampleRate: Int
    ) {
        let device = named ?? connected() ?? "default"
        let use = store?[device].map { CalibrationUse(device: device, calibration: $0) }
        latency = LatencyCompensation(
            clickOutputFrames: ports.clickOutputFrames, inputCaptureFrames: ports.inputCaptureFrames,
            userOffsetMs: manualMs + (use?.calibration.latencyMs ?? 0))
        let stored = use?.description
            ?? (noCalibration ? "no calibration (--no-calibration)" : "no calibration for '\(device)' (tactus calibrate)")
        line = latency.detail(sampleRate: sampleRate, parts: [stored], givenMs: manualMs)
        self.device = device
        self.use = use
    }
}
