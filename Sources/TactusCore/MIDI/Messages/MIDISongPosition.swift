/// Song Position Pointer, F2 ll mm: where playing continues from, in MIDI
/// beats (a sixteenth note, six clock ticks) since the start of the song, 14
/// bits sent least significant seven first. Every writer of these bytes goes
/// through it: the engine's resume and start with a rolling transport, the
/// short-message encoder and the ALSA translation.
public struct MIDISongPosition: Hashable, Sendable, BitwiseCopyable {
    @inlinable public static var status: UInt8 {
        @_noLocks @_noAllocation get { 0xF2 }
    }

    /// The furthest position the message can say: 16 383 sixteenths.
    @inlinable public static var maximumMIDIBeats: Int64 {
        @_noLocks @_noAllocation get { 0x3FFF }
    }

    /// Sixteenths from the start of the song, 0…16 383.
    public let midiBeats: UInt16

    /// The position `midiBeats` sixteenths in, held to what the message can
    /// say: before the start is the start, beyond 16 383 is 16 383.
    /// Realtime: arithmetic only.
    @inlinable @_noLocks @_noAllocation
    public init(clampingMIDIBeats midiBeats: Int64) {
        self.midiBeats = UInt16(truncatingIfNeeded: min(max(midiBeats, 0), Self.maximumMIDIBeats))
    }

    /// The first data byte: the low seven bits.
    @inlinable public var data1: UInt8 {
        @_noLocks @_noAllocation get { UInt8(truncatingIfNeeded: midiBeats) & 0x7F }
    }

    /// The second data byte: the high seven bits.
    @inlinable public var data2: UInt8 {
        @_noLocks @_noAllocation get { UInt8(truncatingIfNeeded: midiBeats >> 7) & 0x7F }
    }

    /// The wire bytes.
    public var bytes: [UInt8] { [Self.status, data1, data2] }
}
