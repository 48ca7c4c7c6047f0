import Synchronization

/// Everything the player's process callback touches, allocated before
/// activation and never moved: the schedule in flat preallocated arrays, the
/// port handles, the start frame and the counters the control side reads.
/// It holds no class references.
struct JackMIDIPlayerState: ~Copyable {
    /// No start yet (waiting for MIDI Start, or for the control side).
    static var noStart: Int64 {
        @_noLocks @_noAllocation get { Int64.min }
    }

    let client: JackClientHandle
    let output: JackPort
    /// The port MIDI Start arrives on, when the start waits for it.
    let clockInput: JackPort?
    /// Frames from tick 0, in order; `count` of them.
    let frames: UnsafeMutablePointer<Int64>
    /// Where each message's bytes start in `bytes`, and how many there are.
    let byteStarts: UnsafeMutablePointer<Int>
    let byteCounts: UnsafeMutablePointer<Int>
    let bytes: UnsafeMutablePointer<UInt8>
    let count: Int

    /// Absolute frame of tick 0, or `noStart`.
    let start = Atomic<Int64>(JackMIDIPlayerState.noStart)
    /// Frames every event goes out before its own: the delay of a loop
    /// in JACK's graph that the events come back through.
    let advance = Atomic<Int64>(0)
    /// Events taken from the schedule (written, late or refused).
    let consumed = Atomic<Int>(0)
    /// Events written after their frame had passed (at the start of the cycle).
    let late = Atomic<Int>(0)
    /// Events JACK refused (the port buffer was full).
    let refused = Atomic<Int>(0)
    /// MIDI Clock ticks (F8) seen on `clockInput` before the start.
    let clockTicks = Atomic<Int>(0)
    /// MIDI Continue (FB) and Song Position Pointer (F2) messages seen on
    /// `clockInput` before the start: the clock picked up mid-song.
    let midSongStarts = Atomic<Int>(0)

    /// Process thread only.
    var next = 0
    var cycles = JackCycleClock()

    /// Copies `events` into freshly allocated memory.
    init(client: JackClientHandle, output: JackPort, clockInput: JackPort?, events: [MIDIPlaybackEventBytes]) {
        self.client = client
        self.output = output
        self.clockInput = clockInput
        count = events.count
        let total = events.reduce(0) { $0 + $1.bytes.count }
        frames = .allocate(capacity: max(count, 1))
        byteStarts = .allocate(capacity: max(count, 1))
        byteCounts = .allocate(capacity: max(count, 1))
        bytes = .allocate(capacity: max(total, 1))
        var offset = 0
        for (index, event) in events.enumerated() {
            (frames + index).initialize(to: event.frame)
            (byteStarts + index).initialize(to: offset)
            (byteCounts + index).initialize(to: event.bytes.count)
            for byte in event.bytes {
                (bytes + offset).initialize(to: byte)
                offset += 1
            }
        }
    }

    deinit {
        frames.deallocate()
        byteStarts.deallocate()
        byteCounts.deallocate()
        bytes.deallocate()
    }
}

/// A message to schedule: frames from tick 0 and its wire bytes.
typealias MIDIPlaybackEventBytes = (frame: Int64, bytes: [UInt8])
