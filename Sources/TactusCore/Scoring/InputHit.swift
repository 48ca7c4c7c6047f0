/// A note-on heard on the scored input, stamped with its absolute frame.
public struct InputHit: Hashable, Sendable {
    public var frame: Int64
    /// MIDI note number 0–127.
    public var note: Int
    /// MIDI velocity 1–127.
    public var velocity: Int
    /// MIDI channel 1–16.
    public var channel: Int

    public init(frame: Int64, note: Int, velocity: Int, channel: Int) {
        self.frame = frame
        self.note = note
        self.velocity = velocity
        self.channel = channel
    }
}
