/// One stroke for the synthesiser: which voice, where its onset falls and how loud.
public struct SynthesizedStroke: Hashable, Sendable {
    /// The onset's sample: the first sample the voice sounds in.
    public var frame: Int64
    public var voice: StrokeVoice
    /// Linear gain, 1 for full level.
    public var gain: Double
    /// Pitch of toms and strings.
    public var pitchHz: Double

    public init(frame: Int64, voice: StrokeVoice, gain: Double, pitchHz: Double = 110) {
        self.frame = frame
        self.voice = voice
        self.gain = gain
        self.pitchHz = pitchHz
    }
}
