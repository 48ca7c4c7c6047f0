import TactusCore

extension EngineCommand {
    /// Mutes each beat from bar 1 on with probability `percent`/100, drawn
    /// from `seed`, the bar and the beat (`GapSchedule.randomBeats`); 0 turns
    /// it off. The engine reports each beat it silences (`beatMuted`).
    public static func randomMute(percent: Double, seed: UInt64) -> EngineCommand {
        .randomMute(seed: seed, threshold: GapSchedule.muteThreshold(percent: percent))
    }

    /// The command that plays `schedule`'s random beats; nil for bar gaps,
    /// which the timeline plays by itself.
    public static func randomMute(_ schedule: GapSchedule) -> EngineCommand? {
        guard case .randomBeats(let percent, let seed) = schedule else { return nil }
        return randomMute(percent: percent, seed: seed)
    }
}
