import TactusCore
import TactusEngine

/// Something the session control did to its scorer besides scoring and
/// settling: a group session's players' scorers do the same at once, so
/// that each player is scored on the grid the session plays.
enum ScoringChange: Hashable, Sendable {
    /// Playing stopped at frame `stoppedAt` and starts again on a fresh
    /// grid from bar `atBar` (tap-and-go, a preset chosen while stopped).
    case restart(stoppedAt: Int64, atBar: Int)
    /// A grid from outside (the JACK transport master's) is taken over and
    /// the scoring starts over on it, with the latency changes so far.
    case fresh
    /// The server went away: the positions before `position` the player
    /// could not hear after `playedUntil` are not misses.
    case skip(to: GridPosition, playedUntil: Int64)
}
