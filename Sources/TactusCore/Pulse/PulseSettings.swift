/// What a search for the player's pulse is told: the metre whose beat it
/// resolves toward and the tempi it may choose.
public struct PulseSettings: Hashable, Sendable {
    /// Beats in a bar of the metre (4 in 4/4, 2 in 6/8 counted in dotted quarters).
    public var beatsPerBar = 4
    /// Pulses of the beat unit the metre divides a beat into: 3 in compound
    /// metres (6/8, 12/8), 2 otherwise.
    public var beatDivision = 2
    /// The tempi, in beats of the metre a minute, the pulse may have.
    public var bpmRange = PulseSettings.defaultRange

    /// Where a beat is looked for unless told (`--bpm-range`).
    public static let defaultRange: ClosedRange<Double> = 40...240
    /// The tempo a beat most often has in practice: the level chosen leans
    /// toward it when two levels (half and double) fit the notes alike.
    public static let typicalBPM = 110.0
}
