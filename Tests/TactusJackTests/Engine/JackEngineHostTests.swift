import CAllocationCounter
import CJack
import Testing
import TactusCore
import TactusEngine
@testable import TactusJack

/// The engine under a real JACK dummy server: what a second client records
/// of `tactus:click` and `tactus:clock` must be the timeline's frames exactly,
/// and what a third client sends to `tactus:input` must come back stamped with
/// the frames it was sent at.
@Suite(.serialized)
struct JackEngineHostTests {
    @Test func clickAndClockMatchTheTimelineAndInputIsStampedExactly() async throws {
        try await JackTestServer.with { server in
            let host = try JackEngineHost.started(on: server)
            let sender = try JackMIDISender(intoTactusOn: server)
            let recorder = try JackRecorder(server: server.name, capacity: 16_384, minimumSilence: 32)
            try recorder.connect(audio: ["tactus:click"], midi: ["tactus:clock"])
            tactus_watch_thread(UInt(bitPattern: Int(jack_client_thread_id(host.client.handle.rawValue))))

            let onsetsBefore = recorder.onsets.count, eventsBefore = recorder.events.count
            let gapsBefore = recorder.gaps + host.skippedCycles, lateBefore = sender.late
            _ = host.drainEvents()
            let start = try #require(host.frameTimeNow) + 9_600
            let spec = TimelineSpec(
                tempo: Tempo(bpm: 97), subdivision: 2, accents: AccentPattern(parsing: "Xxox"), countInBars: 1,
                changes: [TempoChange(bar: 3, tempo: Tempo(bpm: 140), rampBars: 2)])
            let timeline = try Timeline(spec: spec, startFrame: start)
            #expect(host.send(EngineCommand.load(timeline, play: true)) == 0)
            let hits = [start + 20_000, start + 20_001, start + 100_123]
            try sender.schedule(hits.map { JackRecordedEvent(frame: $0, bytes: [0x99, 38, 100]) })
            let end = start + 48_000 * 12
            try await recorder.waitUntilProcessed(through: end)
            let onsets = recorder.onsets.dropFirst(onsetsBefore).filter { $0 < end }
            let clock = recorder.events.dropFirst(eventsBefore).filter { $0.frame < end }
            let stamped = host.drainEvents().filter { $0.kind == .input }.map(\.frame)
            // A cycle JACK skips (an xrun, or a client it left out) loses what
            // fell in it; everything that was heard must be exactly on the grid.
            let gaps = recorder.gaps + host.skippedCycles - gapsBefore
            let clicks = timeline.clicks(in: timeline.startFrame..<end).map(\.frame)
            let ticks = timeline.clockTicks(in: timeline.originFrame..<end)
            // On a loaded machine JACK may run tactus after the recorder in a
            // cycle; the recorder then hears that cycle one period late.
            let period = Int64(host.client.bufferSize)
            let (heardClicks, lateClicks) = JackLiveRig.settle(Array(onsets), on: clicks, period: period)
            let (heardTicks, lateTicks) = JackLiveRig.settle(
                clock.filter { $0.bytes == [0xF8] }.map(\.frame), on: ticks, period: period)
            #expect(Set(heardClicks).isSubset(of: Set(clicks)))
            #expect(Set(heardTicks).isSubset(of: Set(ticks)))
            #expect(heardClicks.count >= clicks.count - gaps)
            #expect(heardTicks.count >= ticks.count - 3 * gaps)
            if gaps == 0 && lateClicks + lateTicks == 0 {
                #expect(heardClicks == clicks)
                #expect(heardTicks == ticks)
                #expect(clock.first == JackRecordedEvent(frame: timeline.originFrame, bytes: [0xFA]))
            }
            let (stampedHits, lateHits) = JackLiveRig.settle(stamped, on: hits, period: period)
            #expect(Set(stampedHits).isSubset(of: Set(hits)))
            if sender.late == lateBefore && gaps == 0 && lateHits == 0 { #expect(stamped == hits) }
            #expect(clicks.count > 35 && ticks.count > 350)
            #expect(host.droppedEvents == 0)
            #expect(host.droppedInput == 0)
            #expect(host.cycles > 4_000)
            // The thread's CPU clock runs only while it works, so its slowest
            // cycle is no longer than the wall clock's (1 µs for the clocks' rounding).
            let cost = try #require(host.processCycleCost)
            #expect((cost.worstCPUMicroseconds ?? 0) > 0)
            #expect((cost.worstCPUMicroseconds ?? .max) <= cost.worstMicroseconds + 1)
            #expect((cost.cyclesOverPeriodCPU ?? .max) <= (cost.cyclesOverPeriod ?? -1))
            #expect(tactus_watched_allocations() == 0)
            tactus_watch_thread(0)
        }
    }
}
