import CJack

/// The libjack calls a process callback may make, each wrapped for the
/// realtime checker. All of them are wait-free in libjack: port buffers, MIDI
/// event reading and writing, frame time and transport query. Nothing else
/// in TactusJack may be called from the process thread.
///
/// A process callback built on these:
///
/// ```swift
/// enum EngineDriver {
///     static let process: JackProcessFunction = { frames, context in
///         guard let context else { return 0 }
///         EngineDriver.run(context.assumingMemoryBound(to: DriverState.self), frames: frames)
///         return 0
///     }
///
///     /// Realtime: renders one cycle.
///     @_noLocks @_noAllocation
///     static func run(_ state: UnsafeMutablePointer<DriverState>, frames: UInt32) {
///         let now = JackRealtime.lastFrameTime(state.pointee.client)
///         let click = JackRealtime.audioBuffer(state.pointee.clickPort, frames: frames)
///         …
///     }
/// }
/// ```
public enum JackRealtime {
    /// Realtime: wait-free. The audio samples of `port` for this cycle
    /// (`jack_port_get_buffer`): `frames` floats owned by JACK, valid until
    /// the callback returns. Empty if JACK returns no buffer.
    @inlinable @_noLocks @_noAllocation
    public static func audioBuffer(_ port: JackPort, frames: UInt32) -> UnsafeMutableBufferPointer<Float> {
        let raw = _unsafePerformance { jack_port_get_buffer(port.rawValue, frames) }
        guard let raw else { return UnsafeMutableBufferPointer(start: nil, count: 0) }
        return UnsafeMutableBufferPointer(start: raw.assumingMemoryBound(to: Float.self), count: Int(frames))
    }

    /// Realtime: wait-free. The MIDI buffer of `port` for this cycle
    /// (`jack_port_get_buffer`); fetch it every cycle, never keep it.
    @inlinable @_noLocks @_noAllocation
    public static func midiBuffer(_ port: JackPort, frames: UInt32) -> JackMIDIBuffer? {
        let raw = _unsafePerformance { jack_port_get_buffer(port.rawValue, frames) }
        guard let raw else { return nil }
        return JackMIDIBuffer(rawValue: raw)
    }

    /// Realtime: wait-free. Number of events in an input buffer
    /// (`jack_midi_get_event_count`).
    @inlinable @_noLocks @_noAllocation
    public static func midiEventCount(_ buffer: JackMIDIBuffer) -> UInt32 {
        _unsafePerformance { jack_midi_get_event_count(buffer.rawValue) }
    }

    /// Realtime: wait-free. Event `index` of an input buffer
    /// (`jack_midi_event_get`), in time order; `nil` past the end.
    @inlinable @_noLocks @_noAllocation
    public static func midiEvent(_ buffer: JackMIDIBuffer, at index: UInt32) -> JackMIDIEvent? {
        var event = jack_midi_event_t()
        let code = _unsafePerformance { jack_midi_event_get(&event, buffer.rawValue, index) }
        guard code == 0, let data = event.buffer else { return nil }
        return JackMIDIEvent(time: event.time, bytes: UnsafeBufferPointer(start: data, count: event.size))
    }

    /// Realtime: wait-free. Empties an output buffer (`jack_midi_clear_buffer`);
    /// do it first in every cycle, even when there is nothing to send.
    @inlinable @_noLocks @_noAllocation
    public static func clearMIDI(_ buffer: JackMIDIBuffer) {
        _unsafePerformance { jack_midi_clear_buffer(buffer.rawValue) }
    }

    /// Realtime: wait-free. Appends a complete MIDI message at frame offset
    /// `time` of this cycle (`jack_midi_event_write`). Events must be written
    /// in non-decreasing `time` order (equal times keep their order), each
    /// less than the cycle length; JACK refuses others (`EINVAL`). Returns
    /// `false` when refused or the buffer is full (`ENOBUFS`).
    ///
    /// `jack_midi_event_reserve` is left out on purpose: on the same mistakes
    /// it formats and logs an error message (`jack_error`) on the process thread.
    @inlinable @_noLocks @_noAllocation
    public static func writeMIDI(_ buffer: JackMIDIBuffer, time: UInt32, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        return _unsafePerformance { jack_midi_event_write(buffer.rawValue, time, base, count) } == 0
    }

    /// Realtime: wait-free. Frame time of the first frame of this cycle
    /// (`jack_last_frame_time`): the anchor for every absolute frame. It wraps
    /// at 2³²; after an xrun it may jump ahead.
    @inlinable @_noLocks @_noAllocation
    public static func lastFrameTime(_ client: JackClientHandle) -> UInt32 {
        _unsafePerformance { jack_last_frame_time(client.rawValue) }
    }

    /// Realtime: wait-free. Transport state and position for the first frame
    /// of this cycle (`jack_transport_query`).
    @inlinable @_noLocks @_noAllocation
    public static func transportQuery(_ client: JackClientHandle) -> JackTransportPosition {
        var position = jack_position_t()
        let state = _unsafePerformance { jack_transport_query(client.rawValue, &position) }
        return JackTransportPosition(
            state: JackTransportState(state), frame: position.frame,
            frameRate: position.frame_rate, bbt: JackBBT(position)
        )
    }
}

extension JackRealtime {
    /// Realtime: wait-free. JACK's microsecond clock (`jack_get_time`), for
    /// measuring how long a cycle's work takes. libjack sets the clock up
    /// when the process opens its first client; before that it must not be
    /// called.
    @inlinable @_noLocks @_noAllocation
    public static func microseconds() -> UInt64 {
        _unsafePerformance { jack_get_time() }
    }
}
