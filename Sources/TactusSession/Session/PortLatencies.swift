/// JACK's port latencies a live session compensates, in frames, as the
/// server has them now: those of the session's input (`tactus:input`, or
/// `tactus:audio-in`) and each group player's, in the order of `--player`.
public struct PortLatencies: Hashable, Sendable {
    /// One input's: the playback latency of the click's path its player
    /// hears, and the capture latency of what feeds it.
    public struct Input: Hashable, Sendable {
        public var clickOutputFrames: Int64
        public var inputCaptureFrames: Int64

        public init(clickOutputFrames: Int64, inputCaptureFrames: Int64) {
            self.clickOutputFrames = clickOutputFrames
            self.inputCaptureFrames = inputCaptureFrames
        }
    }

    public var session: Input
    public var players: [Input]

    public init(session: Input, players: [Input] = []) {
        self.session = session
        self.players = players
    }
}
