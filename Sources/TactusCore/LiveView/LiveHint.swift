/// The subdivision hint while playing (`SubdivisionHint`), judged on the
/// latest hits only, so it goes away once the player follows it or changes
/// what they play.
public struct LiveHint: Hashable, Sendable {
    /// Hits judged: about eight bars of eighths in 4/4.
    public static let window = 64
    public private(set) var offsetsMs: [Double] = []

    public init() {}

    /// Adds a scored hit after any count-in, forgetting the oldest beyond `window`.
    public mutating func record(offsetMs: Double) {
        offsetsMs.append(offsetMs)
        if offsetsMs.count > Self.window { offsetsMs.removeFirst(offsetsMs.count - Self.window) }
    }

    /// Forgets the hits (a new tempo or subdivision makes them a different grid's).
    public mutating func clear() {
        offsetsMs.removeAll()
    }

    /// The hint for the latest hits scored at `tempo` with `subdivision`
    /// lines a beat; nil with swing, whose lines are not evenly spaced.
    public func hint(tempo: Tempo, subdivision: Int, swing: Swing?) -> SubdivisionHint? {
        guard swing == nil else { return nil }
        return SubdivisionHint(offsetsMs: offsetsMs, lineSpacingMs: 60_000 / tempo.bpm / Double(subdivision), subdivision: subdivision)
    }
}
