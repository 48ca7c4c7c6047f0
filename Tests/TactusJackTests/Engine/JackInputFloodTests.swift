import CAllocationCounter
import CJack
import Testing
import TactusCore
import TactusEngine
import TactusTestSupport
@testable import TactusJack

/// Hostile input on `tactus:input`: 10,000 events a second for 5 s, a tenth
/// of them SysEx and a tenth running-status garbage (data bytes with no
/// status). Every short event arrives stamped with the frame it was sent at,
/// the SysEx are counted and skipped, nothing is dropped, and the process
/// thread allocates nothing.
@Suite(.serialized)
struct JackInputFloodTests {
    @Test func tenThousandEventsASecondForFiveSeconds() async throws {
        try await JackTestServer.with { server in
            let host = try JackEngineHost.started(on: server)
            let sender = try JackMIDISender(intoTactusOn: server, capacity: 60_000)
            let timeline = try Timeline(
                spec: TimelineSpec(tempo: Tempo(bpm: 120), subdivision: 4), startFrame: try #require(host.frameTimeNow))
            host.send(EngineCommand.load(timeline, play: true))
            tactus_watch_thread(UInt(bitPattern: Int(jack_client_thread_id(host.client.handle.rawValue))))

            var sent: [JackRecordedEvent] = []
            let start = try await sender.holding(after: 24_000) { start in
                for index in 0..<50_000 {
                    let frame = start + Int64(index) * 48 / 10   // 10,000 a second at 48 kHz
                    switch index % 10 {
                    case 3: sent.append(JackRecordedEvent(frame: frame, bytes: [0xF0, 0x7E, 0x7F, 0x06, 0x01, 0xF7]))
                    case 7: sent.append(JackRecordedEvent(frame: frame, bytes: [0x45, 0x12]))
                    default: sent.append(JackRecordedEvent(frame: frame, bytes: [0x99, UInt8(36 + index % 12), 100]))
                    }
                }
                try sender.schedule(sent)
                return start
            }
            var stamped: [RawMIDIEvent] = []
            let end = start + 5 * 48_000 + 4_800
            try await host.pollEvents(until: end) { stamped += $0.compactMap(\.input) }
            // The server runs synchronously: no cycle is missed, so every short
            // event arrives stamped exactly with the frame it was sent at.
            let short = sent.filter { $0.bytes.count <= 3 }
            let received = stamped.map { JackRecordedEvent(frame: $0.frame, bytes: $0.bytes) }
            #expect(sender.late == 0)
            #expect(received == short)
            #expect(host.skippedLongInput == 5_000)
            #expect(host.skippedCycles == 0)
            #expect(host.droppedInput == 0)
            #expect(host.droppedEvents == 0)
            #expect(tactus_watched_allocations() == 0)
            tactus_watch_thread(0)
        }
    }
}

extension JackInputFloodTests {
    /// 100,000 events a second for 10 s changes nothing but the counters: the
    /// click heard during the flood is still exactly on the grid, and what
    /// was not delivered is counted.
    @Test func aHundredThousandEventsASecondLeaveTheClickAlone() async throws {
        try await JackTestServer.with { server in
            let host = try JackEngineHost.started(on: server)
            let sender = try JackMIDISender(intoTactusOn: server, capacity: 1_000_000)
            let recorder = try JackRecorder(server: server.name, capacity: 4_096, minimumSilence: 32)
            try recorder.connect(audio: ["tactus:click"])
            let timeline = try Timeline(
                spec: TimelineSpec(tempo: Tempo(bpm: 97), subdivision: 4), startFrame: try #require(host.frameTimeNow) + 4_800)
            host.send(EngineCommand.load(timeline, play: true))

            let onsetsBefore = recorder.onsets.count
            let count = 1_000_000
            let flood = (0..<count).map { index in
                JackRecordedEvent(frame: Int64(index) * 48 / 100, bytes: index % 2 == 0 ? [0x99, 38, 90] : [0x3C])
            }
            let start = try await sender.holding(after: 24_000) { start in
                try sender.schedule(flood, shiftedBy: start)
                return start
            }
            var received = 0
            let end = start + 10 * 48_000
            try await host.pollEvents(until: end + 4_800) { received += $0.compactMap(\.input).count }
            // Sixteenths at 97 BPM from the timeline's start, rounded once.
            let clicks = (0..<Int64(2_000)).map { IdealGrid.steadyFrame(origin: timeline.startFrame, numerator: $0, denominator: 4, bpm: 97) }
                .filter { $0 >= start && $0 < end }
            try await recorder.waitUntilProcessed(through: end)
            let onsets = recorder.onsets.dropFirst(onsetsBefore).filter { $0 >= start && $0 < end }
            #expect(Array(onsets) == clicks)
            // Every event is either delivered or counted as dropped.
            #expect(sender.late == 0)
            #expect(received + host.droppedInput + host.droppedEvents == count)
        }
    }
}
