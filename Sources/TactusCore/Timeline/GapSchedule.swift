/// Which beats the click leaves out, so the player has to keep time alone:
/// whole bars (play N, mute M, as the timeline's `GapPattern`), or a random
/// share of single beats. The random choice is a pure function of the seed,
/// the bar and the beat, so a session can be replayed and scored again.
public enum GapSchedule: Hashable, Sendable {
    /// N bars with click, M without, repeating from bar 1.
    case bars(GapPattern)
    /// Each beat of bar 1 on is muted with probability `percent`/100.
    case randomBeats(percent: Double, seed: UInt64)

    /// Whether the click is silent on `beat` (from 1) of `bar` (from 1; count-in
    /// bars, numbered 0 and below, never are).
    public func isMuted(bar: Int, beat: Int) -> Bool {
        guard bar >= 1, beat >= 1 else { return false }
        switch self {
        case .bars(let pattern):
            return pattern.isMuted(bar: bar)
        case .randomBeats(let percent, let seed):
            return Self.isRandomlyMuted(seed: seed, threshold: Self.muteThreshold(percent: percent), bar: bar, beat: beat)
        }
    }

    /// The muted beats of `bar`, in order.
    public func mutedBeats(bar: Int, beatsPerBar: Int) -> [Int] {
        guard beatsPerBar >= 1 else { return [] }
        return (1...beatsPerBar).filter { isMuted(bar: bar, beat: $0) }
    }

    /// The gap pattern a `TimelineSpec` can play by itself; nil for random beats,
    /// which the control side mutes beat by beat.
    public var timelineGap: GapPattern? {
        if case .bars(let pattern) = self { return pattern }
        return nil
    }

    public func validate() throws(SettingError) {
        switch self {
        case .bars(let pattern):
            guard GapPattern.allowedPlayBars.contains(pattern.playBars) else {
                throw SettingError(field: "gap.play", message: "\(pattern.playBars) bars is outside \(OptionHelp.range(GapPattern.allowedPlayBars))")
            }
            guard GapPattern.allowedBars.contains(pattern.muteBars) else {
                throw SettingError(field: "gap.mute", message: "\(pattern.muteBars) bars is outside \(OptionHelp.range(GapPattern.allowedBars))")
            }
        case .randomBeats(let percent, _):
            guard percent.isFinite, RandomMute.allowedPercent.contains(percent) else {
                throw SettingError(field: "gap.percent", message: "\(percent) is not a percentage from \(OptionHelp.bounds(RandomMute.allowedPercent))")
            }
        }
    }

    /// A uniform integer in [0, 2⁵³) fixed by seed, bar and beat alone.
    /// Realtime: integer arithmetic only.
    @inlinable @_noLocks @_noAllocation
    public static func randomDraw(seed: UInt64, bar: Int, beat: Int) -> UInt64 {
        let barKey = UInt64(truncatingIfNeeded: bar) &* 0x9E37_79B9_7F4A_7C15
        let beatKey = UInt64(truncatingIfNeeded: beat) &* 0xC2B2_AE3D_27D4_EB4F
        var random = SplitMix64(seed: seed ^ barKey ^ (beatKey << 1 | beatKey >> 63))
        return random.next() >> 11
    }

    /// The draw below which a beat is muted for `percent` % of beats:
    /// ⌈percent/100 × 2⁵³⌉, so `draw < threshold` holds exactly when
    /// `draw / 2⁵³ < percent / 100` (both sides are exact in binary).
    public static func muteThreshold(percent: Double) -> UInt64 {
        guard percent.isFinite, percent > 0 else { return 0 }
        guard percent < 100 else { return UInt64(1) << 53 }
        return UInt64((percent / 100 * Double(UInt64(1) << 53)).rounded(.up))
    }

    /// Whether random beat muting with `seed` and `threshold` (see
    /// `muteThreshold(percent:)`) silences `beat` (from 1) of `bar` (from 1;
    /// count-in bars never are): the one function the engine evaluates in its
    /// process callback and `isMuted(bar:beat:)` uses.
    /// Realtime: integer arithmetic only.
    @inlinable @_noLocks @_noAllocation
    public static func isRandomlyMuted(seed: UInt64, threshold: UInt64, bar: Int, beat: Int) -> Bool {
        bar >= 1 && beat >= 1 && randomDraw(seed: seed, bar: bar, beat: beat) < threshold
    }
}
