import CAllocationCounter
import CJack
import Testing
import TactusCore
import TactusEngine
import TactusTestSupport
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
            _ = host.drainEvents()
            let spec = TimelineSpec(
                tempo: Tempo(bpm: 97), subdivision: 2, accents: AccentPattern(parsing: "Xxox"), countInBars: 1,
                changes: [TempoChange(bar: 3, tempo: Tempo(bpm: 140), rampBars: 2)])
            // JACK waits while the timeline and the hits are handed over, so
            // both are in place before their first frame however loaded the machine.
            let offsets: [Int64] = [20_000, 20_001, 100_123]
            let timeline = try await sender.holding(after: 9_600) { start in
                let timeline = try Timeline(spec: spec, startFrame: start)
                #expect(host.send(EngineCommand.load(timeline, play: true)) == 0)
                try sender.schedule(offsets.map { JackRecordedEvent(frame: $0, bytes: [0x99, 38, 100]) }, shiftedBy: start)
                return timeline
            }
            let start = timeline.startFrame
            let hits = offsets.map { start + $0 }
            let end = start + 48_000 * 12
            try await recorder.waitUntilProcessed(through: end)
            var stamped: [Int64] = []
            try await host.pollEvents(until: end) { stamped += $0.compactMap(\.input).map(\.frame) }
            let onsets = recorder.onsets.dropFirst(onsetsBefore).filter { $0 < end }
            let clock = recorder.events.dropFirst(eventsBefore).filter { $0.frame < end }
            let clicks = timeline.clicks(in: timeline.startFrame..<end).map(\.frame)
            let ticks = timeline.clockTicks(in: timeline.originFrame..<end)
            // The server runs synchronously: no cycle is skipped, and every
            // click, clock tick and input stamp is on its frame exactly.
            #expect(recorder.gaps == 0 && host.skippedCycles == 0)
            #expect(Array(onsets) == clicks)
            #expect(clock.filter { $0.bytes == [0xF8] }.map(\.frame) == ticks)
            // Apart from the timeline's maths: 12 beats at 97 (the count-in and
            // bars 1-2), 8 ramping to 140 linearly in time, then 140.
            let grid = { (beats: Double) in Double(start) + IdealGrid.frames(beats: beats, steadyBeats: 12, from: 97, to: 140, over: 8) }
            #expect(IdealGrid.matches(clicks, (0..<clicks.count).map { grid(Double($0) / 2) }))
            #expect(IdealGrid.matches(ticks, (0..<ticks.count).map { grid(4 + Double($0) / 24) }))
            #expect(clock.first == JackRecordedEvent(frame: timeline.originFrame, bytes: [0xFA]))
            #expect(sender.late == 0)
            #expect(stamped == hits)
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

    /// Click layers under the real server: five clicks a bar over 4/4 in
    /// eighths, through a ramp, each on the frame the timeline lists (one
    /// sample impulses: where a layer click meets the click, one onset).
    @Test func layerClicksLandOnTheirFramesBesideTheClick() async throws {
        try await JackTestServer.with { server in
            let host = try JackEngineHost.started(on: server, layerSounds: JackEngineHost.impulses)
            let recorder = try JackRecorder(server: server.name, capacity: 16_384, minimumSilence: 32)
            try recorder.connect(audio: ["tactus:click"])
            let onsetsBefore = recorder.onsets.count
            let spec = TimelineSpec(
                tempo: Tempo(bpm: 97), subdivision: 2, countInBars: 1,
                changes: [TempoChange(bar: 3, tempo: Tempo(bpm: 140), rampBars: 2)], layers: [ClickLayer(count: 5)])
            // JACK waits while the timeline is handed over (see the test above).
            let sender = try JackMIDISender(intoTactusOn: server)
            let timeline = try await sender.holding(after: 9_600) { start in
                let timeline = try Timeline(spec: spec, startFrame: start)
                #expect(host.send(EngineCommand.load(timeline, play: true)) == 0)
                return timeline
            }
            let start = timeline.startFrame
            let end = start + 48_000 * 16
            try await recorder.waitUntilProcessed(through: end)
            let onsets = recorder.onsets.dropFirst(onsetsBefore).filter { $0 < end }
            let clicks = timeline.clicks(in: start..<end).map(\.frame)
            let layer = timeline.layerClicks(0, in: start..<end).map(\.frame)
            #expect(recorder.gaps == 0 && host.skippedCycles == 0)
            #expect(Array(onsets) == Array(Set(clicks + layer)).sorted())
            // Apart from the timeline's maths: five a bar of four beats from bar 1
            // (the count-in has none); 12 beats at 97, 8 ramping to 140 linearly
            // in time, then 140.
            let grid = { (beats: Double) in Double(start) + IdealGrid.frames(beats: beats, steadyBeats: 12, from: 97, to: 140, over: 8) }
            #expect(IdealGrid.matches(layer, (0..<layer.count).map { grid(4 + Double($0) * 4 / 5) }))
            // Over seven bars, four of each bar's five apart from the click.
            #expect(layer.count > 30 && Set(layer).subtracting(clicks).count > 24)
        }
    }
}
