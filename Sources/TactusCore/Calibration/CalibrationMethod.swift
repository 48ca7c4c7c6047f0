/// How a latency compensation was found.
public enum CalibrationMethod: String, Hashable, Sendable, Codable, CaseIterable {
    /// The player tapped along with the click.
    case tap
    /// Clicks sent out and recorded back through a cable.
    case loopback
    /// Typed in by the player.
    case manual
}
