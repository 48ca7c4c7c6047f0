import TactusCore

/// One short MIDI message as the engine sees it: up to three bytes, frame-stamped.
/// Longer messages (sysex) are not carried; the driver counts and skips them.
public struct RawMIDIEvent: Hashable, Sendable, BitwiseCopyable {
    /// Frame within the cycle (input and output), or absolute frame once stamped.
    public var frame: Int64
    public var size: UInt8
    public var status: UInt8
    public var data1: UInt8
    public var data2: UInt8
    /// Input in a group session: the index of the player port it came
    /// through (0 otherwise).
    public var player: UInt8

    @inlinable @_noLocks @_noAllocation
    public init(frame: Int64, size: UInt8, status: UInt8, data1: UInt8 = 0, data2: UInt8 = 0, player: UInt8 = 0) {
        self.frame = frame
        self.size = size
        self.status = status
        self.data1 = data1
        self.data2 = data2
        self.player = player
    }

    @inlinable public static var empty: RawMIDIEvent {
        @_noLocks @_noAllocation get { RawMIDIEvent(frame: 0, size: 0, status: 0) }
    }

    /// The bytes, for tests and the control side.
    public var bytes: [UInt8] { Array([status, data1, data2].prefix(Int(size))) }
}

extension RawMIDIEvent {
    /// A one-byte system realtime message (clock, start, continue, stop …) at `frame`.
    /// Realtime: copies plain values.
    @inlinable @_noLocks @_noAllocation
    public init(frame: Int64, realtime message: MIDIRealtimeMessage) {
        self.init(frame: frame, size: 1, status: message.byte)
    }

    /// A Song Position Pointer at `frame`.
    /// Realtime: copies plain values.
    @inlinable @_noLocks @_noAllocation
    public init(frame: Int64, songPosition: MIDISongPosition) {
        self.init(frame: frame, size: 3, status: MIDISongPosition.status, data1: songPosition.data1, data2: songPosition.data2)
    }

    /// The message these bytes hold (a note-on with velocity 0 is a note-off),
    /// or nil for data bytes without a status.
    public var message: MIDIShortMessage? {
        var bytes = (status, data1, data2)
        let count = Int(size)
        return withUnsafeBytes(of: &bytes) { raw in
            MIDIShortMessage(bytes: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count)
        }
    }
}
