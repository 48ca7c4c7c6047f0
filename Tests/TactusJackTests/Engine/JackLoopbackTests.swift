import Testing
import TactusJack

/// The sender and recorder test clients checked against each other: what
/// one sends at a frame, the other must record at exactly that frame.
@Suite(.serialized)
struct JackLoopbackTests {
    @Test func recordsMIDIAtTheFramesItWasSent() async throws {
        try await JackTestServer.with { server in
            let sender = try JackMIDISender(server: server.name)
            let recorder = try JackRecorder(server: server.name)
            try recorder.connect(midi: [sender.midiOutput.name])

            // Offsets from a cycle start: its first and last frame, a shared
            // frame, the next cycles, a SysEx a second later.
            let offsets = [
                JackRecordedEvent(frame: 0, bytes: [0x90, 60, 100]),
                JackRecordedEvent(frame: 63, bytes: [0x80, 60, 0]),
                JackRecordedEvent(frame: 64, bytes: [0xF8]),
                JackRecordedEvent(frame: 64, bytes: [0xFA]),
                JackRecordedEvent(frame: 1_000, bytes: [0xB0, 64, 127]),
                JackRecordedEvent(frame: 24_001, bytes: [0xF2, 0x10, 0x02]),
                JackRecordedEvent(frame: 48_000, bytes: [0xF0, 0x7E, 0x7F, 0x06, 0x01, 0xF7]),
            ]
            let run = try await JackLoopbackTests.withoutGaps(sender, recorder, exact: { $0.1 == $0.0 && $0.2 == 0 }) {
                let events = recorder.events.count, late = sender.late
                let start = try await sender.frame(after: 48_000)
                let requested = offsets.map { JackRecordedEvent(frame: start + $0.frame, bytes: $0.bytes) }
                try sender.schedule(requested)
                try await recorder.waitUntilProcessed(through: start + 48_000)
                return (requested, Array(recorder.events.dropFirst(events)), sender.late - late)
            }
            #expect(run.1 == run.0)
            #expect(run.2 == 0)
            #expect(recorder.dropped == 0)
            #expect(sender.allocations == 0)
            #expect(recorder.allocations == 0)
            #expect(recorder.cycles > 0)
        }
    }

    @Test func recordsAudioOnsetsAtTheFramesPulsesStart() async throws {
        try await JackTestServer.with { server in
            let sender = try JackMIDISender(server: server.name, pulseLength: 8)
            let recorder = try JackRecorder(server: server.name, minimumSilence: 32)
            try recorder.connect(audio: [sender.audioOutput.name])

            // A pulse straddling a cycle boundary counts once; one 40 frames
            // after the previous pulse ended counts again.
            let offsets: [Int64] = [0, 61, 61 + 8 + 40, 5_000, 12_345]
            let run = try await JackLoopbackTests.withoutGaps(sender, recorder, exact: { $0.1 == $0.0 }) {
                let onsets = recorder.onsets.count
                let start = try await sender.frame(after: 48_000)
                let frames = offsets.map { start + $0 }
                try sender.schedule(frames.map { JackRecordedEvent(frame: $0, bytes: [0xF8]) })
                try await recorder.waitUntilProcessed(through: start + 12_345 + 64)
                return (frames, Array(recorder.onsets.dropFirst(onsets)))
            }
            #expect(run.1 == run.0)
            #expect(recorder.allocations == 0)
        }
    }

    @Test func countsEventsWhoseFrameHasPassedAsLate() async throws {
        try await JackTestServer.with { server in
            let sender = try JackMIDISender(server: server.name)
            let recorder = try JackRecorder(server: server.name)
            try recorder.connect(midi: [sender.midiOutput.name])

            let run = try await JackLoopbackTests.withoutGaps(sender, recorder) {
                let events = recorder.events.count, late = sender.late, sent = sender.sent
                let future = try await sender.frame(after: 48_000)
                // The first frame of the sender's latest finished cycle.
                let past = future - 48_000
                try sender.schedule([
                    JackRecordedEvent(frame: past, bytes: [0x90, 1, 1]),
                    JackRecordedEvent(frame: future, bytes: [0x90, 2, 2]),
                ])
                try await recorder.waitUntilProcessed(through: future)
                return (
                    future, Array(recorder.events.dropFirst(events)), sender.late - late, sender.sent - sent
                )
            }
            #expect(run.1 == [JackRecordedEvent(frame: run.0, bytes: [0x90, 2, 2])])
            #expect(run.2 == 1)
            #expect(run.3 == 1)
        }
    }

    /// Runs `attempt` until one sees no gap in the cycles of either client,
    /// or comes out `exact` all the same, at most 5 times: an xrun on a
    /// loaded machine can make JACK skip frame time, and a skipped frame can
    /// be neither sent nor recorded.
    static func withoutGaps<Result>(
        _ sender: JackMIDISender, _ recorder: JackRecorder, exact: (Result) -> Bool = { _ in false },
        _ attempt: () async throws -> Result
    ) async throws -> Result {
        for _ in 1...5 {
            let gaps = sender.gaps + recorder.gaps
            let result = try await attempt()
            if sender.gaps + recorder.gaps == gaps || exact(result) {
                return result
            }
        }
        throw JackTestServerError("JACK skipped cycles during each of 5 attempts: the machine is too loaded")
    }
}
