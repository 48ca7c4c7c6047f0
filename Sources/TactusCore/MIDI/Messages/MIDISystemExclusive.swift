/// A system exclusive message: F0, then `data` (manufacturer ID first), then F7.
public struct MIDISystemExclusive: Hashable, Sendable {
    /// The bytes between F0 and F7, each 0…127.
    public var data: [UInt8]
}
