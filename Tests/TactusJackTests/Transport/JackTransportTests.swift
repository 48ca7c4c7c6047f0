import Synchronization
import Testing
import TactusJack

@Suite(.serialized)
struct JackTransportTests {
    @Test func timebaseMasterPublishesBarsBeatsAndTicks() async throws {
        try await JackTestServer.with { server in
            let master = try JackClient(name: "tactus", server: server.name)
            let follower = try JackClient(name: "follower", server: server.name)
            try master.activateIdle()
            try follower.activateIdle()
            let calls = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: 1)
            calls.initialize(to: Atomic(0))
            defer {
                master.close()
                calls.deinitialize(count: 1)
                calls.deallocate()
            }

            try master.becomeTimebaseMaster(FixedTempoTimebase.function, context: UnsafeMutableRawPointer(calls))
            #expect(throws: JackError.timebaseMasterTaken) {
                try follower.becomeTimebaseMaster(FixedTempoTimebase.function, context: nil, conditional: true)
            }

            // Bar 2, beat 1 and half a beat: 4 × 24 000 + 12 000 frames.
            try master.locateTransport(frame: 108_000)
            try await TestWait.frames(48_000, of: server).until("the transport at frame 108000") {
                (try? follower.transportQuery())?.frame == 108_000
            }
            let located = try follower.transportQuery()
            #expect(located == JackTransportPosition(
                state: .stopped, frame: 108_000, frameRate: 48_000,
                bbt: JackBBT(
                    bar: 2, beat: 1, tick: 960, barStartTick: 7_680,
                    beatsPerBar: 4, beatType: 4, ticksPerBeat: 1_920, beatsPerMinute: 120
                )
            ))
            #expect(calls.pointee.load(ordering: .relaxed) > 0)

            try follower.startTransport()
            try await TestWait.frames(48_000, of: server).until("the transport rolling") {
                (try? follower.transportQuery())?.state == .rolling
            }
            #expect(try follower.transportQuery().state == .rolling)

            try follower.stopTransport()
            try await TestWait.frames(48_000, of: server).until("the transport stopped") {
                (try? follower.transportQuery())?.state == .stopped
            }
            let stopped = try follower.transportQuery()
            #expect(stopped.state == .stopped)
            #expect(stopped.frame > 108_000)
            #expect(stopped.bbt == FixedTempoTimebase.bbt(at: stopped.frame))

            try master.releaseTimebase()
            try follower.becomeTimebaseMaster(FixedTempoTimebase.function, context: nil, conditional: true)
            try follower.releaseTimebase()
        }
    }

    @Test func transportRunsWithoutATimebaseMaster() async throws {
        try await JackTestServer.with { server in
            let client = try JackClient(name: "tactus", server: server.name)
            try client.activateIdle()
            #expect(try client.transportQuery() == JackTransportPosition(
                state: .stopped, frame: 0, frameRate: 48_000, bbt: nil
            ))
            try client.locateTransport(frame: 480)
            try await TestWait.frames(48_000, of: server).until("the transport at frame 480") { (try? client.transportQuery())?.frame == 480 }
            #expect(try client.transportQuery() == JackTransportPosition(
                state: .stopped, frame: 480, frameRate: 48_000, bbt: nil
            ))
            #expect(throws: JackError.timebaseFailed(code: 22)) { try client.releaseTimebase() }
        }
    }
}

/// 120 BPM in 4/4 at 48 kHz (24 000 frames a beat), 1920 ticks a beat, bar 1
/// at transport frame 0.
enum FixedTempoTimebase {
    static let function: JackTimebaseFunction = { frame, _, _, bbt, context in
        fill(frame: frame, bbt: bbt, calls: context?.assumingMemoryBound(to: Atomic<Int>.self))
        return true
    }

    /// Realtime: integer arithmetic and one atomic add.
    @_noLocks @_noAllocation
    static func fill(frame: UInt32, bbt: UnsafeMutableRawPointer, calls: UnsafeMutablePointer<Atomic<Int>>?) {
        bbt.storeBytes(of: self.bbt(at: frame), as: JackBBT.self)
        calls?.pointee.add(1, ordering: .relaxed)
    }

    /// Realtime: integer arithmetic only.
    @_noLocks @_noAllocation
    static func bbt(at frame: UInt32) -> JackBBT {
        let framesPerBeat: Int64 = 24_000
        let frames = Int64(truncatingIfNeeded: frame)
        let beats = frames / framesPerBeat
        let tick = (frames % framesPerBeat) * 1_920 / framesPerBeat
        let bar = beats / 4
        return JackBBT(
            bar: Int32(truncatingIfNeeded: bar + 1), beat: Int32(truncatingIfNeeded: beats % 4 + 1),
            tick: Int32(truncatingIfNeeded: tick), barStartTick: Double(bar * 4 * 1_920),
            beatsPerBar: 4, beatType: 4, ticksPerBeat: 1_920, beatsPerMinute: 120
        )
    }
}
