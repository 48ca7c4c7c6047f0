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

            // A second ahead of the sender's latest cycle, so no event is late;
            // offsets cover the cycle's first and last frame and a shared frame.
            let start = try await sender.frame(after: 48_000)
            let aligned = start - start % 64
            let requested = [
                JackRecordedEvent(frame: aligned, bytes: [0x90, 60, 100]),
                JackRecordedEvent(frame: aligned + 63, bytes: [0x80, 60, 0]),
                JackRecordedEvent(frame: aligned + 64, bytes: [0xF8]),
                JackRecordedEvent(frame: aligned + 64, bytes: [0xFA]),
                JackRecordedEvent(frame: aligned + 1_000, bytes: [0xB0, 64, 127]),
                JackRecordedEvent(frame: aligned + 24_001, bytes: [0xF2, 0x10, 0x02]),
                JackRecordedEvent(frame: aligned + 48_000, bytes: [0xF0, 0x7E, 0x7F, 0x06, 0x01, 0xF7]),
            ]
            try sender.schedule(requested)

            let recorded = try await recorder.waitForEvents(requested.count)
            #expect(recorded == requested)
            #expect(sender.sent == requested.count)
            #expect(sender.late == 0)
            #expect(recorder.dropped == 0)
        }
    }

    @Test func recordsAudioOnsetsAtTheFramesPulsesStart() async throws {
        try await JackTestServer.with { server in
            let sender = try JackMIDISender(server: server.name, pulseLength: 8)
            let recorder = try JackRecorder(server: server.name, minimumSilence: 32)
            try recorder.connect(audio: [sender.audioOutput.name])

            let start = try await sender.frame(after: 48_000)
            // A pulse straddling a cycle boundary counts once; one 40 frames
            // after the previous pulse ended counts again.
            let frames = [start, start + 61, start + 61 + 8 + 40, start + 5_000, start + 12_345]
            try sender.schedule(frames.map { JackRecordedEvent(frame: $0, bytes: [0xF8]) })

            let onsets = try await recorder.waitForOnsets(frames.count)
            #expect(onsets == frames)
            #expect(sender.late == 0)
        }
    }

    @Test func countsEventsWhoseFrameHasPassedAsLate() async throws {
        try await JackTestServer.with { server in
            let sender = try JackMIDISender(server: server.name)
            let recorder = try JackRecorder(server: server.name)
            try recorder.connect(midi: [sender.midiOutput.name])

            let future = try await sender.frame(after: 48_000)
            try sender.schedule([
                JackRecordedEvent(frame: 0, bytes: [0x90, 1, 1]),
                JackRecordedEvent(frame: future, bytes: [0x90, 2, 2]),
            ])
            let recorded = try await recorder.waitForEvents(1)
            #expect(recorded == [JackRecordedEvent(frame: future, bytes: [0x90, 2, 2])])
            #expect(sender.late == 1)
            #expect(sender.sent == 1)
        }
    }
}
