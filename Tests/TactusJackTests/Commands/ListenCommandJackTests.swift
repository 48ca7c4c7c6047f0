import Foundation
import Glibc
import Testing
import TactusCore
import TactusJack
import TactusTestSupport

/// `tactus listen` on a real server: a test client plays a bar of a kit in a
/// room into `tactus-listen:audio-in`, and listen prints a line for each
/// stroke the detector finds in the same take offline, with the same level
/// and the same gaps between strokes, then the count. The take starts on a
/// multiple of the detector's hop, as a file does, and the test server
/// runs synchronously and skips no cycle.
@Suite(.serialized)
struct ListenCommandJackTests {
    @Test func printsEachStrokeWithItsLevelAndTheGapBefore() async throws {
        let rate = 48_000
        let synthesizer = StrokeSynthesizer(sampleRate: rate, room: 0.3, noiseDb: nil, seed: 9)
        let strokes = synthesizer.kitTake(bars: 1, bpm: 120).map {
            SynthesizedStroke(frame: $0.frame + Int64(rate / 2), voice: $0.voice, gain: $0.gain, pitchHz: $0.pitchHz)
        }
        let take = synthesizer.render(strokes, frameCount: 4 * rate)
        var detector = try StrokeDetector(settings: StrokeDetectorSettings(sampleRate: rate))
        let found = detector.process(take) + detector.finish()
        #expect(found.count == 10)
        var listing = StrokeListing(sampleRate: rate)
        // Everything after the time since listening began, which starts
        // before the take does.
        let expected = found.map { String(listing.line(for: $0).dropFirst(12)) }
        let expectedSummary = listing.summary(seconds: 0, inputPeakDb: 0)

        try await JackTestServer.with { server in
            // The player is there first (silent until it plays), so listen
            // finds its port at once and says nothing on stderr.
            let player = try JackAudioPlayer(server: server.name, take: take)
            let probe = try JackClient(name: "probe", server: server.name)
            defer { probe.close() }
            let listen = try TactusChild(["listen", "--server", server.name, "--connect-audio", "audioplayer:out"])
            try await listen.poll("tactus listen to connect audioplayer:out", within: .time(.seconds(10))) {
                ((try? probe.connections(of: "audioplayer:out")) ?? []).contains("tactus-listen:audio-in")
            }
            player.play()
            try await player.waitUntilFinished()
            listen.signal(SIGINT)
            let result = try await listen.result(within: .time(.seconds(20)))
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(result.stderr == "")
            #expect(player.gaps == 0)

            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first == "listening on tactus-listen:audio-in (connected to audioplayer:out); play, and stop with Ctrl-C")
            #expect(lines.last == "")
            let printed = Array(lines.dropFirst().dropLast(2))
            #expect(printed.map { String($0.dropFirst(12)) } == expected)
            // The count and the levels; the seconds are the wall clock's.
            let summary = lines.dropLast().last ?? ""
            #expect(summary.hasPrefix("\(found.count) strokes in "))
            #expect(summary.components(separatedBy: " s, ").last == expectedSummary.components(separatedBy: " s, ").last, "\(summary)")
        }
    }
}
