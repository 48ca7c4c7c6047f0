/// A note to write to a MIDI file: on at `tick`, off `duration` ticks later.
public struct MIDIFileNote: Hashable, Sendable {
    public var tick: Int
    /// At least 1 tick is written.
    public var duration: Int
    public var channel: UInt8
    public var note: UInt8
    /// 1…127.
    public var velocity: UInt8

    public init(tick: Int, duration: Int, channel: UInt8 = 0, note: UInt8, velocity: UInt8) {
        self.tick = tick
        self.duration = duration
        self.channel = channel
        self.note = note
        self.velocity = velocity
    }
}
