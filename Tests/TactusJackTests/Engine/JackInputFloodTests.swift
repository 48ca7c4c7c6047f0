import CAllocationCounter
import CJack
import Testing
import TactusCore
import TactusEngine
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

            let start = try await sender.frame(after: 24_000)
            var sent: [JackRecordedEvent] = []
            for index in 0..<50_000 {
                let frame = start + Int64(index) * 48 / 10   // 10,000 a second at 48 kHz
                switch index % 10 {
                case 3: sent.append(JackRecordedEvent(frame: frame, bytes: [0xF0, 0x7E, 0x7F, 0x06, 0x01, 0xF7]))
                case 7: sent.append(JackRecordedEvent(frame: frame, bytes: [0x45, 0x12]))
                default: sent.append(JackRecordedEvent(frame: frame, bytes: [0x99, UInt8(36 + index % 12), 100]))
                }
            }
            let gapsBefore = host.skippedCycles + sender.gaps + host.client.xrunCount
            try sender.schedule(sent)
            var stamped: [EngineEvent] = []
            let end = start + 5 * 48_000 + 4_800
            while (host.frameTimeNow ?? 0) < end {
                stamped += host.drainEvents().filter { $0.kind == .input }
                try await Task.sleep(for: .milliseconds(20))
            }
            stamped += host.drainEvents().filter { $0.kind == .input }
            // An xrun or a skipped cycle (on a loaded machine) can lose events or
            // deliver a late client's events a cycle later; without one,
            // everything must arrive exactly.
            let gaps = host.skippedCycles + sender.gaps + host.client.xrunCount - gapsBefore
            let short = sent.filter { $0.bytes.count <= 3 }
            // A sender JACK ran late delivers its cycle one period later.
            let period = Int64(host.client.bufferSize)
            let sentFrames = Set(short.map(\.frame))
            var late = 0
            let received = stamped.map { event in
                var frame = event.frame
                if !sentFrames.contains(frame) && sentFrames.contains(frame - period) {
                    frame -= period
                    late += 1
                }
                return JackRecordedEvent(frame: frame, bytes: event.midi.bytes)
            }
            let unexpected = Set(received).subtracting(short)
            #expect(unexpected.count <= 40 * gaps, "\(unexpected.count) events stamped at frames they were not sent at")
            if gaps == 0 && sender.late == 0 && late == 0 {
                let missing = Set(short).subtracting(received)
                #expect(missing.isEmpty, "\(missing.count) events missing, e.g. \(missing.sorted { $0.frame < $1.frame }.prefix(3))")
                #expect(received.count == short.count)
                #expect(host.skippedLongInput == 5_000)
            }
            #expect(received.count >= short.count - gaps * 20)
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

            let start = try await sender.frame(after: 24_000)
            let onsetsBefore = recorder.onsets.count
            let gapsBefore = host.skippedCycles + recorder.gaps
            let events = (0..<1_000_000).map { index in
                JackRecordedEvent(frame: start + Int64(index) * 48 / 100, bytes: index % 2 == 0 ? [0x99, 38, 90] : [0x3C])
            }
            try sender.schedule(events)
            var received = 0
            let end = start + 10 * 48_000
            while (host.frameTimeNow ?? 0) < end + 4_800 {
                received += host.drainEvents().filter { $0.kind == .input }.count
                try await Task.sleep(for: .milliseconds(20))
            }
            received += host.drainEvents().filter { $0.kind == .input }.count
            let gaps = host.skippedCycles + recorder.gaps - gapsBefore
            let clicks = timeline.clicks(in: start..<end).map(\.frame)
            // On a loaded machine JACK may run tactus after the recorder in a
            // cycle; the recorder then hears that cycle one period late.
            let (onsets, _) = JackLiveRig.settle(
                recorder.onsets.dropFirst(onsetsBefore).filter { $0 >= start && $0 < end }, on: clicks,
                period: Int64(host.client.bufferSize))
            #expect(Set(onsets).isSubset(of: Set(clicks)))
            #expect(onsets.count >= clicks.count - gaps)
            // Every event is either delivered, counted as dropped, or lost with
            // a skipped cycle (JACK did not run the sender or tactus).
            let accounted = received + host.droppedInput + host.droppedEvents
            #expect(accounted <= events.count)
            if gaps == 0 && sender.gaps == 0 { #expect(accounted == events.count) }
        }
    }
}
