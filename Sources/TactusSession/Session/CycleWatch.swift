/// Whether the JACK server still runs cycles, judged at each wake of the
/// control loop from two plain values: the wall-clock time of the wake and
/// the end of the last cycle the engine ran. A server that goes away says
/// so (JACK's shutdown callback); one that stops running cycles without
/// going away (a stopped or stalled jackd, a netjack2 slave whose master
/// stopped sending) says nothing, and only the wall clock shows it.
public struct CycleWatch: Hashable, Sendable {
    /// No new cycle for this long, and the server has stopped: four times
    /// JACK's default client timeout (500 ms) and twice the 1 s the tests'
    /// servers take, over five of the longest periods JACK runs (8192 frames
    /// at 22.05 kHz, 372 ms) and 1500 of the tests' (64 frames at 48 kHz). A
    /// server that late is not late but stopped, and the player, who hears
    /// the click stop, is told before wondering. Told, not interrupted: a
    /// synchronous server stops its cycles for up to ten times its client
    /// timeout (10 s in the tests) while it waits for a client that does
    /// not answer, and then goes on.
    public static let stoppedAfter = Duration.seconds(2)
    /// No new cycle for this long, and the session ends as one whose server
    /// went away: well past a synchronous server's wait for a client, time to
    /// continue a stopped jackd or restart a netjack2 master, short enough
    /// that a run left alone ends with its report.
    public static let limit = Duration.seconds(30)

    /// What changed at a wake.
    public enum Change: Hashable, Sendable {
        /// No new cycle for ``stoppedAfter``.
        case stopped
        /// Cycles run again, `gap` after the last one before them was first seen.
        case resumed(gap: Duration)
        /// No new cycle for ``limit``.
        case limitReached
    }

    private enum State: Hashable, Sendable { case running, stopped, pastLimit }

    private var state = State.running
    private var cycleEnd: Int64?
    /// When `cycleEnd` was first seen.
    private var seenAt: Duration?
    /// The wake before.
    private var lookedAt: Duration?

    public init() {}

    /// The wake at `now` (wall-clock time from any fixed instant) found
    /// `end`, the end of the last cycle run (nil before the first): what
    /// changed, once each. A wake ``stoppedAfter`` or more after the one
    /// before found a loop that was held itself (the machine stood still,
    /// the server with it), not a server that stopped: the wait for a new
    /// cycle starts again from it.
    public mutating func observe(cycleEnd end: Int64?, at now: Duration) -> Change? {
        defer { lookedAt = now }
        guard let seenAt, end == cycleEnd else {
            let gap = seenAt.map { now - $0 } ?? .zero
            (cycleEnd, seenAt) = (end, now)
            let wasRunning = state == .running
            state = .running
            return wasRunning ? nil : .resumed(gap: gap)
        }
        let waited = now - seenAt
        switch state {
        case .running:
            if let lookedAt, now - lookedAt >= Self.stoppedAfter {
                self.seenAt = now
                return nil
            }
            guard waited >= Self.stoppedAfter else { return nil }
            state = .stopped
            return .stopped
        case .stopped:
            guard waited >= Self.limit else { return nil }
            state = .pastLimit
            return .limitReached
        case .pastLimit:
            return nil
        }
    }
}
