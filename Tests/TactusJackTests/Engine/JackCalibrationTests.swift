import CAllocationCounter
import CJack
import Testing
import TactusCore
import TactusEngine
@testable import TactusJack
import TactusTestSupport

/// Both calibrations on a real JACK dummy server, through the same host
/// calls `tactus calibrate` makes: taps sent a known number of frames after
/// each beat, and clicks looped back through a delay line of known length.
@Suite(.serialized)
struct JackCalibrationTests {
    @Test func tapsTwoMillisecondsAfterEveryBeatCalibrateToTwoMilliseconds() async throws {
        try await JackTestServer.with { server in
            let host = try JackEngineHost.started(on: server)
            let sender = try JackMIDISender(intoTactusOn: server)
            let latencies = host.latencies()
            #expect(latencies.clickFrames == 0 && latencies.inputFrames == 0)

            // JACK waits while the taps are scheduled; the timeline starts a
            // second later, as `tactus calibrate` loads it itself.
            let timeline = try await sender.holding(after: 48_000) { start in
                let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 150), countInBars: 1), startFrame: start)
                // 96 frames (2 ms at 48 kHz) after each of the 32 beats from bar 1.
                let beats = (0..<32).map { timeline.frame(of: GridPosition(bar: 1 + $0 / 4, beat: 1 + $0 % 4), subdivision: 1, swing: nil) }
                #expect(beats[1] - beats[0] == 19_200)
                try sender.schedule(beats.map { JackRecordedEvent(frame: $0 + 96, bytes: [0x99, 38, 100]) })
                return timeline
            }
            var along = TapAlong(timeline: timeline, tapCount: 32)
            var outcomes: [TapAlong.Outcome] = []
            #expect(host.collectTaps(into: &along, interrupted: { false }) { outcomes.append($0) })

            // The synchronous server skips no cycle: every tap arrives, exactly 2 ms late.
            #expect(sender.late == 0 && host.skippedCycles == 0)
            #expect(outcomes == (1...32).map { .counted(count: $0, offsetMs: 2) })
            let result = try TapCalibration(tapCount: 32).measure(offsetsMs: along.offsetsMs)
            #expect(result.latencyMs == 2.000)
            #expect(result.sdMs == 0)
            #expect(result.quality == .good)
            #expect(result.deviceCalibration(measuredAt: .distantPast).latencyMs == 2)
        }
    }

    @Test func aLoopThroughADelayLineComesBackExactlyThatLate() async throws {
        try await JackTestServer.with { server in
            let delay: Int64 = 333
            let host = try JackEngineHost.started(on: server, sounds: ClickSound.loopback(sampleRate: 48_000).buffers)
            let input = try JackLoopbackInput(
                name: "tactus-loopback", server: server.name, detector: try OnsetDetector(threshold: 0.1, holdOffSamples: 2_400))
            try input.activate()
            let line = try JackDelayLine(server: server.name, delay: delay)
            try line.client.connect("tactus:click", line.input.name)
            try line.client.connect(line.output.name, "tactus-loopback:in")
            tactus_watch_thread(UInt(bitPattern: Int(jack_client_thread_id(input.client.handle.rawValue))))

            let start = try #require(host.frameTimeNow) + 48_000
            let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 240)), startFrame: start)
            var clicks = LoopbackClicks(count: 8, of: timeline)
            #expect(host.sendClicks(&clicks, to: input, interrupted: { false }))
            #expect(clicks.sent == frames(from: start, every: 12_000, count: 8))
            #expect(clicks.calibration.maxDelayFrames == 6_000)
            let result = try clicks.measure()
            #expect(result.delayFrames == Double(delay))
            #expect(result.delayMs(sampleRate: 48_000) == 6.9375)
            #expect(line.gaps == 0 && host.skippedCycles == 0)
            #expect(result.delays == Array(repeating: delay, count: 8))
            #expect(clicks.detected == clicks.sent.map { $0 + delay })
            #expect(result.jitterFrames == 0)
            #expect(input.captureLatency() == 0)
            #expect(input.peak == 0.8)
            #expect(input.droppedOnsets == 0)
            #expect(tactus_watched_allocations() == 0)
            tactus_watch_thread(0)
        }
    }
}
