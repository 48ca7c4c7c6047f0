import Synchronization
import TactusCore
import TactusJack

/// A player who plays exactly on the click they hear: one client, `ear`,
/// listens (`ear:in`) and notes each click's onset (an ``OnsetDetector``:
/// the first sample reaching `threshold` after `minimumSilence` quiet ones,
/// any sound by default) — and another, `hands`,
/// plays a note-on (`hands:out`) on the frame the next click will be heard,
/// `beatFrames` after the last one heard before the cycle. Hearing and playing
/// are two clients, so nothing in the graph orders the playing after the
/// hearing.
final class JackBeatFollower {
    let ear: JackClient
    let hands: JackClient
    let earInput: JackPort
    let handsOutput: JackPort
    private let host: JackProcessHost<JackBeatFollowerState>

    init(
        server: String, beatFrames: Int64, threshold: Float = .leastNonzeroMagnitude, minimumSilence: Int = 256, note: UInt8 = 38
    ) throws {
        ear = try JackClient(name: "ear", server: server)
        hands = try JackClient(name: "hands", server: server)
        earInput = try ear.registerPort(name: "in", type: .audio, direction: .input)
        handsOutput = try hands.registerPort(name: "out", type: .midi, direction: .output)
        host = try JackProcessHost(
            [(ear, JackBeatFollowerState.listen), (hands, JackBeatFollowerState.play)],
            state: JackBeatFollowerState(
                ear: ear.handle, hands: hands.handle, earInput: earInput, handsOutput: handsOutput,
                beatFrames: beatFrames, detector: try OnsetDetector(threshold: threshold, holdOffSamples: minimumSilence),
                note: note))
        try host.activate()
    }

    private var state: UnsafeMutablePointer<JackBeatFollowerState> { host.state }

    /// Frames (the far server's) of the clicks heard.
    var heard: [Int64] {
        let count = state.pointee.heardCount.load(ordering: .acquiring)
        return Array(UnsafeBufferPointer(start: state.pointee.heardFrames, count: count))
    }

    /// Of `hits` (the i-th note played is the i-th hit scored), those of
    /// notes played exactly on a click heard whose next click was heard
    /// `beatFrames` later: no cycle of the listening server was lost around them.
    static func onTheClick(_ hits: [ScoredHit], heard: [Int64], played: [Int64], beatFrames: Int64) -> [ScoredHit] {
        let onClick = Set(zip(heard, heard.dropFirst()).filter { $1 - $0 == beatFrames }.map(\.0))
        return zip(played, hits).filter { onClick.contains($0.0) }.map(\.1)
    }

    /// Splits judged hits of a netjack2 take: those within `toleranceFrames`
    /// of 0 ms, and those within it of a whole number of periods late (1 to
    /// 8). netjack2 carries each cycle's MIDI in that cycle's packets with
    /// its frame offsets; a packet that comes back late is taken a cycle or
    /// more later at the same offset, so a note it carried arrives whole
    /// periods late. Anything else is a defect and is left in `other`.
    static func byLink(_ hits: [ScoredHit], periodFrames: Int64, toleranceFrames: Double, sampleRate: Double = 48_000)
        -> (onTime: [ScoredHit], latePackets: [ScoredHit], other: [ScoredHit]) {
        let frame = 1000.0 / sampleRate
        var onTime: [ScoredHit] = []
        var latePackets: [ScoredHit] = []
        var other: [ScoredHit] = []
        for hit in hits {
            let periods = (hit.offsetMs / (Double(periodFrames) * frame)).rounded()
            let residual = abs(hit.offsetMs - periods * Double(periodFrames) * frame)
            if abs(hit.offsetMs) <= toleranceFrames * frame + 1e-9 {
                onTime.append(hit)
            } else if (1...8).contains(periods), residual <= toleranceFrames * frame + 1e-9 {
                latePackets.append(hit)
            } else {
                other.append(hit)
            }
        }
        return (onTime, latePackets, other)
    }

    /// Frames (the far server's) of the notes played.
    var played: [Int64] {
        let count = state.pointee.playedCount.load(ordering: .acquiring)
        return Array(UnsafeBufferPointer(start: state.pointee.playedFrames, count: count))
    }
}

/// Shared by the two clients' process callbacks: `ear` writes the onsets,
/// `hands` reads them (count published with a release store after the slot).
struct JackBeatFollowerState: ~Copyable {
    static let capacity = 1024

    let ear: JackClientHandle
    let hands: JackClientHandle
    let earInput: JackPort
    let handsOutput: JackPort
    let beatFrames: Int64
    let note: UInt8
    let heardFrames: UnsafeMutablePointer<Int64>
    let playedFrames: UnsafeMutablePointer<Int64>
    let heardCount = Atomic<Int>(0)
    let playedCount = Atomic<Int>(0)
    /// `ear`'s thread only.
    var earClock = JackFrameClock()
    var detector: OnsetDetector
    /// `hands`' thread only.
    var handsClock = JackFrameClock()
    var lastPlayed = Int64.min

    init(
        ear: JackClientHandle, hands: JackClientHandle, earInput: JackPort, handsOutput: JackPort, beatFrames: Int64,
        detector: OnsetDetector, note: UInt8
    ) {
        self.beatFrames = beatFrames
        self.ear = ear
        self.hands = hands
        self.earInput = earInput
        self.handsOutput = handsOutput
        self.detector = detector
        self.note = note
        heardFrames = .allocate(capacity: Self.capacity)
        heardFrames.initialize(repeating: 0, count: Self.capacity)
        playedFrames = .allocate(capacity: Self.capacity)
        playedFrames.initialize(repeating: 0, count: Self.capacity)
    }

    deinit {
        heardFrames.deallocate()
        playedFrames.deallocate()
    }

    static let listen: JackProcessFunction = { frames, context in
        guard let context else { return 0 }
        listen(context.assumingMemoryBound(to: JackBeatFollowerState.self), frames: frames)
        return 0
    }

    static let play: JackProcessFunction = { frames, context in
        guard let context else { return 0 }
        play(context.assumingMemoryBound(to: JackBeatFollowerState.self), frames: frames)
        return 0
    }

    /// Realtime: scans the cycle's audio for onsets.
    @_noLocks @_noAllocation
    static func listen(_ state: UnsafeMutablePointer<JackBeatFollowerState>, frames: UInt32) {
        let start = state.pointee.earClock.extend(JackRealtime.lastFrameTime(state.pointee.ear))
        let audio = JackRealtime.audioBuffer(state.pointee.earInput, frames: frames)
        var offset = 0
        while offset < audio.count {
            if state.pointee.detector.isOnset(audio[offset]) {
                let slot = state.pointee.heardCount.load(ordering: .relaxed)
                if slot < capacity {
                    state.pointee.heardFrames[slot] = start + Int64(offset)
                    state.pointee.heardCount.store(slot + 1, ordering: .releasing)
                }
            }
            offset += 1
        }
    }

    /// Realtime: plays a note-on where the next click will be heard, if
    /// that falls in this cycle.
    @_noLocks @_noAllocation
    static func play(_ state: UnsafeMutablePointer<JackBeatFollowerState>, frames: UInt32) {
        let start = state.pointee.handsClock.extend(JackRealtime.lastFrameTime(state.pointee.hands))
        guard let midi = JackRealtime.midiBuffer(state.pointee.handsOutput, frames: frames) else { return }
        JackRealtime.clearMIDI(midi)
        // The last click heard before this cycle: `ear` may already have
        // heard this cycle's click, or not yet, as the two run in any order.
        var count = state.pointee.heardCount.load(ordering: .acquiring)
        while count >= 1, state.pointee.heardFrames[count - 1] >= start { count -= 1 }
        guard count >= 1 else { return }
        let next = state.pointee.heardFrames[count - 1] + state.pointee.beatFrames
        guard next > state.pointee.lastPlayed, next >= start, next < start + Int64(frames) else { return }
        var bytes: (UInt8, UInt8, UInt8) = (0x99, state.pointee.note, 100)
        let written = withUnsafeBytes(of: &bytes) { raw in
            JackRealtime.writeMIDI(midi, time: UInt32(next - start), bytes: raw.bindMemory(to: UInt8.self))
        }
        guard written else { return }
        state.pointee.lastPlayed = next
        let slot = state.pointee.playedCount.load(ordering: .relaxed)
        if slot < capacity {
            state.pointee.playedFrames[slot] = next
            state.pointee.playedCount.store(slot + 1, ordering: .releasing)
        }
    }
}
