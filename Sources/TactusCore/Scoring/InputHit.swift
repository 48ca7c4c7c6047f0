/// A note-on heard on the scored input, stamped with its absolute frame; or
/// a stroke found in audio (note, velocity and channel 0, its level in dBFS).
public struct InputHit: Hashable, Sendable {
    public var frame: Int64
    /// MIDI note number 0–127.
    public var note: Int
    /// MIDI velocity 1–127.
    public var velocity: Int
    /// MIDI channel 1–16.
    public var channel: Int
    /// A stroke's level in dBFS, nil for MIDI.
    public var levelDb: Double?

    public init(frame: Int64, note: Int, velocity: Int, channel: Int, levelDb: Double? = nil) {
        self.frame = frame
        self.note = note
        self.velocity = velocity
        self.channel = channel
        self.levelDb = levelDb
    }

    /// A stroke found in audio at `frame`, `levelDb` dBFS loud.
    public static func stroke(frame: Int64, levelDb: Double) -> InputHit {
        InputHit(frame: frame, note: 0, velocity: 0, channel: 0, levelDb: levelDb)
    }
}
