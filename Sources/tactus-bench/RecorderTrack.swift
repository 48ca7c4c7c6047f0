import Synchronization
import TactusJack

/// One input of the recorder and what arrived on it, in memory allocated up
/// front: the absolute frame of every MIDI event (with its status byte) or
/// of every audio onset — the first non-zero sample after at least
/// `minimumSilence` zero samples. The count is published with a release
/// store after the slot is written, so the reader sees complete entries.
struct RecorderTrack: ~Copyable {
    let port: JackPort
    let isAudio: Bool
    let capacity: Int
    let entries: UnsafeMutablePointer<(frame: Int64, status: UInt8)>
    let count = Atomic<Int>(0)
    let dropped = Atomic<Int>(0)
    /// Process thread only: zero samples seen since the last non-zero one.
    var silentRun: Int

    init(port: JackPort, isAudio: Bool, capacity: Int, minimumSilence: Int) {
        self.port = port
        self.isAudio = isAudio
        self.capacity = capacity
        entries = .allocate(capacity: capacity)
        entries.initialize(repeating: (0, 0), count: capacity)
        silentRun = minimumSilence
    }

    deinit {
        entries.deallocate()
    }

    /// Realtime: stores one entry, or counts it dropped when full.
    @_noLocks @_noAllocation
    mutating func record(frame: Int64, status: UInt8) {
        let slot = count.load(ordering: .relaxed)
        guard slot < capacity else {
            dropped.add(1, ordering: .relaxed)
            return
        }
        entries[slot] = (frame, status)
        count.store(slot + 1, ordering: .releasing)
    }
}
