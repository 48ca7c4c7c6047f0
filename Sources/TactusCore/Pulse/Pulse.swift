/// The player's own pulse in a take: every beat's time, its place in the
/// bar and the local tempo, and why the beat's level was chosen.
public struct Pulse: Hashable, Sendable {
    /// Every beat, its time unrounded (a report rounds it).
    public var beats: [PulseReport.Beat]
    /// Why this level of the metre is the beat (not half or double it).
    public var level: String
    /// Whether the playing marks the bar's first beat (kick, crash or the
    /// loudest notes keep to one beat of the bar); without, bar 1 starts on
    /// the first beat found.
    public var downbeatShown: Bool

    init(fit: PulseFit, notes: [PulseOnset], settings: PulseSettings, level: String) {
        let perBar = max(1, settings.beatsPerBar)
        // The downbeat: the beat of the bar whose notes weigh most, when it
        // stands out of the others by a quarter and two bars show it.
        var means = [Double](repeating: 0, count: perBar)
        for phase in 0..<perBar {
            let beats = stride(from: phase, to: fit.strength.count, by: perBar).map { fit.strength[$0] }
            means[phase] = beats.isEmpty ? 0 : beats.reduce(0, +) / Double(beats.count)
        }
        let ranked = means.enumerated().sorted { $0.element > $1.element }
        let shown = perBar > 1 && fit.strength.count >= 2 * perBar && ranked[0].element > 1.25 * ranked[1].element
        let phase = shown ? ranked[0].offset : 0
        downbeatShown = shown
        self.level = level
        beats = fit.times.indices.map { index in
            let counted = index - phase
            let bar = counted >= 0 ? counted / perBar + 1 : 0
            let beat = ((counted % perBar) + perBar) % perBar + 1
            return PulseReport.Beat(timeS: fit.times[index], bar: bar, beat: beat, bpm: 60 / fit.periods[index])
        }
    }
}
