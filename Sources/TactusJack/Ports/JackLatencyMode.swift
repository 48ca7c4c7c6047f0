import CJack

/// Which latency of a port to read (`jack_latency_callback_mode_t`).
public enum JackLatencyMode: Hashable, Sendable {
    /// `JackCaptureLatency`: frames since the data arriving at the port
    /// entered the graph at a physical input.
    case capture
    /// `JackPlaybackLatency`: frames until the data leaving the port reaches
    /// a physical output.
    case playback

    var rawValue: jack_latency_callback_mode_t {
        self == .capture ? JackCaptureLatency : JackPlaybackLatency
    }
}
