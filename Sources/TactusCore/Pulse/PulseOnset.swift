/// One note or stroke the pulse is found from: when it sounded and how much
/// it says about the beat (a kick on the beat more than a ghost note).
public struct PulseOnset: Hashable, Sendable {
    /// Seconds from the start of the take.
    public var time: Double
    /// How strongly it marks the metre, 0 to 1 (velocity / 127, or the
    /// stroke's level against the loudest).
    public var weight: Double = 1
    /// Strokes that usually mark a bar's first beat (the kick, a crash).
    public var marksDownbeat: Bool = false
}
