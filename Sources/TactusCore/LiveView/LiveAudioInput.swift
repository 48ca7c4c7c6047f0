/// What the live view shows of the audio input, to set gain and
/// sensitivity by: its level now (`LevelMeter`, the loudest of the inputs)
/// and the level of the last stroke found, in dBFS.
public struct LiveAudioInput: Hashable, Sendable {
    public var levelDb: Double
    public var lastStrokeDb: Double?

    public init(levelDb: Double, lastStrokeDb: Double? = nil) {
        self.levelDb = levelDb
        self.lastStrokeDb = lastStrokeDb
    }
}
