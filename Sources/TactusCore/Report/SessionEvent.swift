/// Something that happened during a session besides hits: an xrun, dropped
/// input, a pedal action, a marker, a double trigger, the server going away
/// and coming back.
public struct SessionEvent: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case xrun
        case dropped
        case pedal
        case marker
        case doubleTrigger = "double-trigger"
        case serverLost = "server-lost"
        /// The server came back (`--reconnect`) and the session carried on.
        case reconnected
        /// A beat random muting left silent.
        case mutedBeat = "muted-beat"
        /// A practice program's doing: a speed trainer's judgement, a rest reminder.
        case program
        /// JACK's port latencies changed; hits from this frame on are
        /// compensated with the new ones (see `LatencyChange`).
        case latency
        /// The click heard back in an audio input (no headphones): what the
        /// count-in taught, and at the end how many strokes were the click.
        case clickBleed = "click-bleed"
    }

    public var kind: Kind
    /// Absolute frame at which it happened.
    public var frame: Int64
    /// A short human-readable description, e.g. "note 38 ch 10, 4.2 ms after the last".
    public var detail: String
    /// `reconnected`: how long the server was away, in seconds.
    public var gapS: Double?
    /// `reconnected`: how far the grid moved to carry on on the new server's
    /// clock, whose frames are unrelated to the old one's. Frames after the
    /// event are on the new clock.
    public var shiftFrames: Int64?

    public init(kind: Kind, frame: Int64, detail: String, gapS: Double? = nil, shiftFrames: Int64? = nil) {
        self.kind = kind
        self.frame = frame
        self.detail = detail
        self.gapS = gapS
        self.shiftFrames = shiftFrames
    }
}
