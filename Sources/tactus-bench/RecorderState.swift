import Synchronization
import TactusJack

/// The recorder's realtime state: preallocated, never moves, no class
/// references; the tracks live in one allocation of `trackCount` slots,
/// which the state owns and frees.
struct RecorderState: ~Copyable {
    let client: JackClientHandle
    let tracks: UnsafeMutablePointer<RecorderTrack>
    let trackCount: Int
    let minimumSilence: Int
    /// Absolute frame of the latest cycle's start.
    let lastStart = Atomic<Int64>(0)
    /// Process thread only.
    var clock = JackFrameClock()

    deinit {
        tracks.deinitialize(count: trackCount)
        tracks.deallocate()
    }

    static let process: JackProcessFunction = { frames, context in
        guard let context else { return 0 }
        run(context.assumingMemoryBound(to: RecorderState.self), frames: frames)
        return 0
    }

    /// Realtime: reads every input into its track.
    @_noLocks @_noAllocation
    static func run(_ state: UnsafeMutablePointer<RecorderState>, frames: UInt32) {
        let start = state.pointee.clock.extend(JackRealtime.lastFrameTime(state.pointee.client))
        let silence = state.pointee.minimumSilence
        var index = 0
        while index < state.pointee.trackCount {
            let track = state.pointee.tracks + index
            if track.pointee.isAudio {
                recordOnsets(track, start: start, frames: frames, silence: silence)
            } else {
                recordEvents(track, start: start, frames: frames)
            }
            index += 1
        }
        state.pointee.lastStart.store(start, ordering: .releasing)
    }

    /// Realtime: the frame and status byte of each MIDI event of this cycle.
    @_noLocks @_noAllocation
    static func recordEvents(_ track: UnsafeMutablePointer<RecorderTrack>, start: Int64, frames: UInt32) {
        guard let midi = JackRealtime.midiBuffer(track.pointee.port, frames: frames) else { return }
        let count = JackRealtime.midiEventCount(midi)
        var index: UInt32 = 0
        while index < count {
            if let event = JackRealtime.midiEvent(midi, at: index), event.bytes.count > 0 {
                track.pointee.record(frame: start + Int64(truncatingIfNeeded: event.time), status: event.bytes[0])
            }
            index += 1
        }
    }

    /// Realtime: the frame of each non-zero sample that follows `silence` zero samples.
    @_noLocks @_noAllocation
    static func recordOnsets(_ track: UnsafeMutablePointer<RecorderTrack>, start: Int64, frames: UInt32, silence: Int) {
        let audio = JackRealtime.audioBuffer(track.pointee.port, frames: frames)
        var offset = 0
        while offset < audio.count {
            if audio[offset] != 0 {
                if track.pointee.silentRun >= silence {
                    track.pointee.record(frame: start + Int64(truncatingIfNeeded: offset), status: 0)
                }
                track.pointee.silentRun = 0
            } else {
                track.pointee.silentRun += 1
            }
            offset += 1
        }
    }
}
