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
            let run = try await JackLoopbackTests.withoutGaps(sender, recorder) {
                let events = recorder.events.count, late = sender.late
                let start = try await sender.holding(after: 48_000) { start in
                    try sender.schedule(offsets, shiftedBy: start)
                    return start
                }
                let requested = offsets.map { JackRecordedEvent(frame: start + $0.frame, bytes: $0.bytes) }
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
            let run = try await JackLoopbackTests.withoutGaps(sender, recorder) {
                let onsets = recorder.onsets.count
                let start = try await sender.holding(after: 48_000) { start in
                    try sender.schedule(offsets.map { JackRecordedEvent(frame: $0, bytes: [0xF8]) }, shiftedBy: start)
                    return start
                }
                let frames = offsets.map { start + $0 }
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

    /// Runs `take` once and expects that neither client saw a gap in its
    /// cycles: the synchronous test server skips none, however loaded the machine.
    static func withoutGaps<Result>(
        _ sender: JackMIDISender, _ recorder: JackRecorder, _ take: () async throws -> Result
    ) async throws -> Result {
        let result = try await take()
        #expect(sender.gaps == 0)
        #expect(recorder.gaps == 0)
        return result
    }
}
