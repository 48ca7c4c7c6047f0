/// What one tap did to the tapped tempo.
public struct TapReading: Hashable, Sendable, CustomStringConvertible {
    public enum Outcome: Hashable, Sendable {
        /// The first tap of a new run (first ever, or after a pause).
        case started
        /// The interval counts towards the tempo.
        case accepted
        /// The interval was too far from the running median and is left out;
        /// this tap still counts as the start of the next interval.
        case outlier
        /// Closer than one beat at 400 BPM to the previous tap (a switch
        /// bounce): ignored altogether.
        case bounce
        /// Two outliers in a row agreed with each other: the old intervals are
        /// dropped and the tempo follows the new ones.
        case tempoChanged
    }

    public var outcome: Outcome
    /// Taps in the current run that count (the first plus one per accepted interval).
    public var taps: Int
    /// `TapTempo.Options.tapsToGo`, for "tap 3/4".
    public var tapsToGo: Int
    /// The tapped tempo (after any snap), once there is an interval.
    public var tempo: Tempo?
    /// Whether `tempo` was snapped to half or double the reference tempo.
    public var snapped: Bool = false
    /// Tap-and-go: the absolute frame of the next beat implied by the taps, at
    /// which playing should start. Set once per run, on the `tapsToGo`th tap.
    public var startFrame: Int64?

    /// `tap 3/4 · 120.5 BPM`, or `tap 6 · 120 BPM` once enough taps are in.
    public var description: String {
        let count = taps < tapsToGo ? "tap \(taps)/\(tapsToGo)" : "tap \(taps)"
        return tempo.map { "\(count) · \($0) BPM" } ?? count
    }
}
