/// Pitch, loudness and length of one level of a synthesised voice.
struct ClickTone: Hashable, Sendable {
    /// Fundamental in Hz (for the hat: the high-pass corner).
    var frequency: Double
    /// Peak amplitude, 0…1.
    var gain: Double
    /// Seconds.
    var duration: Double
}
