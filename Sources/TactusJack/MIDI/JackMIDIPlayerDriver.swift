import TactusCore

/// The player's JACK process callback: clears the output, catches MIDI Start
/// when the start waits for it, and writes the events due in this cycle at
/// their exact frames. Nonisolated and C-callable, in a file of its own.
enum JackMIDIPlayerDriver {
    static let process: JackProcessFunction = { frames, context in
        guard let context else { return 0 }
        JackMIDIPlayerDriver.run(context.assumingMemoryBound(to: JackMIDIPlayerState.self), frames: frames)
        return 0
    }

    /// Realtime: one cycle; only wait-free JACK calls.
    @_noLocks @_noAllocation
    static func run(_ state: UnsafeMutablePointer<JackMIDIPlayerState>, frames: UInt32) {
        let cycleStart = state.pointee.cycles.start(state.pointee.client)
        if let buffer = JackRealtime.midiBuffer(state.pointee.output, frames: frames) {
            JackRealtime.clearMIDI(buffer)
            var start = state.pointee.start.load(ordering: .acquiring)
            if start == JackMIDIPlayerState.noStart, let clock = state.pointee.clockInput {
                start = catchStart(state, clock, frames: frames, cycleStart: cycleStart)
                if start != JackMIDIPlayerState.noStart {
                    state.pointee.start.store(start, ordering: .releasing)
                }
            }
            if start != JackMIDIPlayerState.noStart {
                write(state, into: buffer, start: start, cycleStart: cycleStart, frames: frames)
            }
        }
        state.pointee.cycles.finish(cycleStart, frames: frames)
    }

    /// Realtime: the absolute frame of the first MIDI Start (FA) in this
    /// cycle's input, or `noStart`; counts the clock ticks (F8), Continues
    /// (FB) and Song Position Pointers (F2) that come before it.
    @_noLocks @_noAllocation
    static func catchStart(
        _ state: UnsafeMutablePointer<JackMIDIPlayerState>, _ port: JackPort, frames: UInt32, cycleStart: Int64
    ) -> Int64 {
        guard let buffer = JackRealtime.midiBuffer(port, frames: frames) else { return JackMIDIPlayerState.noStart }
        let count = JackRealtime.midiEventCount(buffer)
        var index: UInt32 = 0
        while index < count {
            if let event = JackRealtime.midiEvent(buffer, at: index), event.bytes.count >= 1 {
                let status = event.bytes[0]
                switch MIDIRealtimeMessage(byte: status) {
                case .start?: return cycleStart + Int64(truncatingIfNeeded: event.time)
                case .clock?: state.pointee.clockTicks.wrappingAdd(1, ordering: .relaxed)
                case .continue?: state.pointee.midSongStarts.wrappingAdd(1, ordering: .relaxed)
                default:
                    if status == MIDISongPosition.status { state.pointee.midSongStarts.wrappingAdd(1, ordering: .relaxed) }
                }
            }
            index += 1
        }
        return JackMIDIPlayerState.noStart
    }

    /// Realtime: writes every event due before the end of this cycle; one
    /// whose frame has passed goes out at the cycle's first frame and is
    /// counted late.
    @_noLocks @_noAllocation
    static func write(
        _ state: UnsafeMutablePointer<JackMIDIPlayerState>, into buffer: JackMIDIBuffer,
        start: Int64, cycleStart: Int64, frames: UInt32
    ) {
        let cycleEnd = cycleStart + Int64(truncatingIfNeeded: frames)
        let advance = state.pointee.advance.load(ordering: .relaxed)
        var next = state.pointee.next
        while next < state.pointee.count {
            let frame = start &+ state.pointee.frames[next] &- advance
            guard frame < cycleEnd else { break }
            var offset: Int64 = 0
            if frame >= cycleStart {
                offset = frame - cycleStart
            } else {
                state.pointee.late.wrappingAdd(1, ordering: .relaxed)
            }
            let message = UnsafeBufferPointer(
                start: state.pointee.bytes + state.pointee.byteStarts[next], count: state.pointee.byteCounts[next])
            if !JackRealtime.writeMIDI(buffer, time: UInt32(truncatingIfNeeded: offset), bytes: message) {
                state.pointee.refused.wrappingAdd(1, ordering: .relaxed)
            }
            next += 1
        }
        state.pointee.next = next
        state.pointee.consumed.store(next, ordering: .releasing)
    }
}
