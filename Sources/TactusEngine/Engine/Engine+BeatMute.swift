import TactusCore

extension Engine {
    /// Whether random muting silences `beat` (from 1) of `bar`: the same
    /// seeded function `GapSchedule.randomBeats` describes, evaluated here.
    /// Realtime: integer arithmetic only.
    @inlinable @_noLocks @_noAllocation
    public func silencesBeat(bar: Int, beat: Int) -> Bool {
        beatMuteThreshold > 0
            && GapSchedule.isRandomlyMuted(seed: beatMuteSeed, threshold: beatMuteThreshold, bar: bar, beat: beat)
    }
}
