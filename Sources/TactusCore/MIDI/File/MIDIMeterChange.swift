/// A time signature from a tick on.
public struct MIDIMeterChange: Hashable, Sendable {
    public var tick: Int
    public var timeSignature: MIDITimeSignature

    public init(tick: Int, timeSignature: MIDITimeSignature) {
        self.tick = tick
        self.timeSignature = timeSignature
    }
}
