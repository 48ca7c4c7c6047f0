import TactusCore
import TactusEngine

/// Where a live session stood when its server went away: what
/// `SessionControl.reconnect(after:at:startingAt:gapSeconds:)` needs to
/// carry on on the server that comes back.
public struct SessionInterruption: Hashable, Sendable {
    /// The last frame played on the old server's clock: the end of its last
    /// cycle, or where playing stopped if it had.
    public var frame: Int64
    /// The first bar not begun; the session carries on from its downbeat.
    public var resumeBar: Int
    /// Whether the click was playing (a stopped session comes back stopped).
    public var wasPlaying: Bool
    /// Why the server went away, as JACK said.
    public var reason: String
}
