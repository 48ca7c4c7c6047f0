import TactusCore

extension ALSAMIDIMessage {
    /// The message as TactusCore's typed short message (nil if the bytes are
    /// not a complete message).
    public var shortMessage: MIDIShortMessage? {
        bytes.withUnsafeBufferPointer { MIDIShortMessage(bytes: $0.baseAddress, count: $0.count) }
    }
}
