import Foundation
import Testing
import TactusCore
import TactusJack
import TactusTestSupport

/// One drummer's take two ways: a test client plays it into a live `tactus
/// run --connect-audio` (or a player's audio input) on a real server, and `tactus analyze` scores the
/// same WAV file offline with bar 1 where the live session put it. Every
/// stroke must be found on the same frame (the take starts on a multiple of
/// the detector's hop, as the file does) and get the same offset to within
/// one frame: the test server runs synchronously and skips no cycle.
@Suite(.serialized)
struct LiveAudioAgainstAnalyzeTests {
    static let rate = 48_000
    static let subdivision = 4

    /// Four bars of a kit at 120 BPM in a room, from three seconds in. No
    /// noise: live, the take comes in after silence, and noise that starts
    /// is a stroke; the file has none before it.
    static func take() -> [Float] {
        let synthesizer = StrokeSynthesizer(sampleRate: rate, room: 0.3, noiseDb: nil, seed: 5)
        let strokes = synthesizer.kitTake(bars: 4, bpm: 120).map {
            SynthesizedStroke(frame: $0.frame + Int64(2 * rate), voice: $0.voice, gain: $0.gain, pitchHz: $0.pitchHz)
        }
        return synthesizer.render(strokes, frameCount: 12 * rate)
    }

    @Test func liveAndOfflineStrokesAgree() async throws {
        try await Self.compare(arguments: ["--connect-audio", "audioplayer:out"], port: "tactus:audio-in") { $0.hits }
    }

    /// A group session's player who plays audio (`--player NAME=audio:PORT`),
    /// on `tactus:player-NAME`, with a player on MIDI who plays nothing.
    @Test func anAudioPlayersStrokesAgreeWithTheFiles() async throws {
        try await Self.compare(
            arguments: ["--player", "kit=audio:audioplayer:out", "--player", "keys=nosuch:midi"], port: "tactus:player-kit"
        ) { report in
            #expect(report.players?.map(\.name) == ["kit", "keys"])
            #expect(report.players?.last?.hits.isEmpty == true)
            // The session's own hits are the audio player's.
            #expect(report.hits == report.players?.first?.hits)
            return report.players?.first?.hits ?? []
        }
    }

    /// Plays the take into `port` of `tactus run ARGUMENTS…` and compares the
    /// hits `hits` picks from the live report with those `tactus analyze`
    /// finds in the file.
    static func compare(arguments: [String], port: String, hits: (PracticeReport) -> [ScoredHit]) async throws {
        try await JackTestServer.with { server in
            let folder = try TactusBinary.scratchFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("take.wav").path
            let live = folder.appendingPathComponent("live.json").path
            let offline = folder.appendingPathComponent("offline.json").path
            try Data(try WAVFile(sampleRate: Self.rate, format: .float32, samples: Self.take()).bytes())
                .write(to: URL(fileURLWithPath: file))
            let take = try WAVFile(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))).monoSamples

            let run = try TactusChild([
                "run", "--server", server.name, "--bpm", "120", "--subdivision", "\(Self.subdivision)", "--bars", "8",
                "--no-ui", "--lead-ms", "2000", "--report", live,
            ] + arguments)
            let probe = try JackClient(name: "probe", server: server.name)
            defer { probe.close() }
            try await run.poll("\(port) among the server's ports", within: .time(.seconds(10))) {
                !((try? probe.ports(matching: "^\(port)$"))?.isEmpty ?? true)
            }
            let player = try JackAudioPlayer(server: server.name, take: take)
            // The take starts once tactus listens to the player.
            try await run.poll("tactus's connection from audioplayer:out", within: .time(.seconds(10))) {
                ((try? probe.connections(of: "audioplayer:out")) ?? []).contains(port)
            }
            player.play()
            try await player.waitUntilFinished()
            let ran = try await run.result(within: .frames(8 * 96_000 + 12 * 48_000, of: server))
            #expect(ran.exitCode == 0, "\(ran.stderr)")
            #expect(player.gaps == 0)
            let start = try #require(player.startFrame)

            let liveReport = try PracticeReport.read(live)
            // A cycle the server ran without tactus (a loaded machine held
            // tactus past the server's client timeout) or samples the ring
            // refused are missing from what the detector heard, and the
            // report lists them: the strokes within half a second of one are
            // named and not judged. Every other stroke must match. (The
            // dummy server's xruns are late wakeups; they lose no samples.)
            let disturbances = liveReport.events.filter { $0.kind == .dropped }.map(\.frame)
            let halfSecond = Int64(Self.rate / 2)
            func judged(_ frame: Int64) -> Bool { !disturbances.contains { abs($0 - frame) <= halfSecond } }
            if !disturbances.isEmpty {
                print("the live take missed samples \(disturbances.count) times, at frames \(disturbances.map { $0 - start }) of the take")
            }
            let liveHits = hits(liveReport).sorted { $0.frame < $1.frame }.filter { judged($0.frame) }
            let first = try #require(liveHits.first)
            #expect(liveHits.filter { !$0.isAudio }.isEmpty)
            // Bar 1's frame: the grid frame of the first hit's position, less
            // the positions before it at 120 BPM in 4/4.
            let perPosition = Int64(Self.rate / 2 / Self.subdivision)
            let index = Int64(((first.position.bar - 1) * 4 + first.position.beat - 1) * Self.subdivision + first.position.subdivision - 1)
            let origin = first.gridFrame - index * perPosition
            #expect(origin > start)
            let originMs = String(format: "%.6f", Double(origin - start) * 1000 / Double(Self.rate))
            let analyzed = try await TactusChild.run([
                "analyze", file, "--bpm", "120", "--subdivision", "\(Self.subdivision)", "--origin-ms", originMs, "--report", offline,
            ])
            #expect(analyzed.exitCode == 0, "\(analyzed.stderr)")
            let allOffline = try PracticeReport.read(offline).hits.sorted { $0.frame < $1.frame }
            #expect(allOffline.count == 46)
            let offlineHits = allOffline.filter { judged($0.frame + start) }
            #expect(offlineHits.count >= 30, "too few strokes away from the take's xruns to judge")

            #expect(liveHits.count == offlineHits.count)
            #expect(liveHits.map { $0.frame - start } == offlineHits.map(\.frame))
            #expect(liveHits.map(\.levelDb) == offlineHits.map(\.levelDb))
            let frameMs = 1000.0 / Double(Self.rate)
            let worst = zip(liveHits, offlineHits).map { abs($0.offsetMs - $1.offsetMs) }.max() ?? .infinity
            #expect(worst <= frameMs + 1e-9, "largest live-offline difference \(worst) ms")
        }
    }
}
