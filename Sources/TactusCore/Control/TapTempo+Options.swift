extension TapTempo {
    /// How taps are judged. The defaults are the ones documented on `TapTempo`.
    public struct Options: Hashable, Sendable {
        /// Intervals the tempo is computed from (the most recent ones).
        public var window: Int
        /// An interval further than this fraction from the running median is an outlier.
        public var outlierTolerance: Double
        /// A pause longer than this (seconds) starts a new run of taps…
        public var timeoutSeconds: Double
        /// …or longer than this many of the current beats, whichever is longer.
        public var timeoutBeats: Double
        /// Snap to half or double the reference tempo when within this fraction of it; nil never snaps.
        public var snapTolerance: Double?
        /// Taps needed before the tempo is shown as settled ("tap 3/4") and, with
        /// `tapAndGo`, before playing starts.
        public var tapsToGo: Int
        /// Report the frame to start playing at once `tapsToGo` taps are in.
        public var tapAndGo: Bool

        public init(
            window: Int = 4, outlierTolerance: Double = 0.25, timeoutSeconds: Double = 2, timeoutBeats: Double = 2.5,
            snapTolerance: Double? = 0.08, tapsToGo: Int = 4, tapAndGo: Bool = false
        ) {
            self.window = window
            self.outlierTolerance = outlierTolerance
            self.timeoutSeconds = timeoutSeconds
            self.timeoutBeats = timeoutBeats
            self.snapTolerance = snapTolerance
            self.tapsToGo = tapsToGo
            self.tapAndGo = tapAndGo
        }
    }
}
