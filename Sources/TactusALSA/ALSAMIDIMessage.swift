import TactusCore

/// A short MIDI message (1–3 bytes) decoded from a sequencer event.
public struct ALSAMIDIMessage: Hashable, Sendable, CustomStringConvertible {
    public var status: UInt8
    public var data1: UInt8 = 0
    public var data2: UInt8 = 0
    /// Bytes used: 1, 2 or 3.
    public var size: Int

    public var bytes: [UInt8] { Array([status, data1, data2].prefix(size)) }

    /// Hex bytes, `B0 50 7F`.
    public var description: String {
        bytes.map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }.joined(separator: " ")
    }
}

extension ALSAMIDIMessage {
    /// The message as TactusCore's typed short message (nil if the bytes are
    /// not a complete message).
    public var shortMessage: MIDIShortMessage? {
        bytes.withUnsafeBufferPointer { MIDIShortMessage(bytes: $0.baseAddress, count: $0.count) }
    }
}
