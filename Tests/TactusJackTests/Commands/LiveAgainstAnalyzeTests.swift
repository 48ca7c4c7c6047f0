import Foundation
import Testing
import TactusCore
import TactusTestSupport

/// One performance two ways: `tactus play` feeds a simulated drummer into a
/// live `tactus run` on a real server, and `tactus analyze` scores the same
/// file offline. Every note must get the same offset to within one frame
/// (the file's ticks round to frames): the test server runs synchronously
/// and skips no cycle. The player starts on tactus's MIDI Start, which makes
/// a loop through JACK (tactus → player → tactus) that JACK breaks by
/// delaying it one period; the player sees the loop and sends that much early.
@Suite(.serialized)
struct LiveAgainstAnalyzeTests {
    @Test func liveAndOfflineScoresAgree() async throws {
        try await JackTestServer.with { server in
            let folder = try TactusBinary.scratchFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("player.mid").path
            let simulated = try await TactusChild.run(
                ["simulate", "--bpm", "120", "--bars", "8", "--seed", "11", "--mean-ms", "4", "--spread-ms", "6", "--out", file])
            #expect(simulated.exitCode == 0)
            let hits = try await Self.compare(file, server: server, folder: folder, options: ["--subdivision", "2"])
            #expect(hits > 80)
        }
    }

    /// A groove with the kick 9 ms late, its voices named by a map file in
    /// both: the same voices, and the kick named live as offline.
    @Test func liveAndOfflineNameTheSameVoices() async throws {
        try await JackTestServer.with { server in
            let folder = try TactusBinary.scratchFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("kit.mid").path
            let simulated = try await TactusChild.run([
                "simulate", "--bpm", "120", "--bars", "8", "--seed", "5", "--mean-ms", "0", "--drift", "0", "--beat-bias", "0",
                "--spread-ms", "4", "--voice-bias", "kick:9", "--out", file,
            ])
            #expect(simulated.exitCode == 0)
            let map = folder.appendingPathComponent("kit.json")
            try Data(#"{"channel": 10, "notes": [{"note": 36, "voice": "kick"}, {"note": 38, "voice": "snare"}, {"note": 42, "voice": "hi-hat"}]}"#.utf8)
                .write(to: map)
            let hits = try await Self.compare(file, server: server, folder: folder, options: ["--subdivision", "2", "--drum-map", map.path])
            #expect(hits > 80)
            let live = try PracticeReport.read(folder.appendingPathComponent("live.json").path)
            let offline = try PracticeReport.read(folder.appendingPathComponent("offline.json").path)
            #expect(live.settings.drumMap.name == "kit")
            #expect(live.byVoice.map(\.voice) == ["kick", "snare", "hi-hat"])
            #expect(live.byVoice.map(\.voice) == offline.byVoice.map(\.voice))
            #expect(live.findings.filter { $0.kind == .voice }.map(\.voice) == ["kick"])
            #expect(offline.findings.filter { $0.kind == .voice }.map(\.voice) == ["kick"])
        }
    }

    /// The feet keep four while the hands play three over the bar, the
    /// snare a part of its own on the 3:4 layer (`--voice-layer snare=2`):
    /// live and offline put each note of both parts at the same place.
    @Test func liveAndOfflineAgreeOnAPartOnItsLayer() async throws {
        try await JackTestServer.with { server in
            let folder = try TactusBinary.scratchFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("hands.mid")
            let jitter = [0, 7, -5, 3, -9, 4, 11, -2]
            var notes: [MIDIFileNote] = []
            for bar in 0..<8 {
                for beat in 0..<4 {
                    notes.append(MIDIFileNote(tick: 1920 * bar + 480 * beat + 9 + jitter[(bar + beat) % 8], duration: 60, channel: 9, note: 36, velocity: 100))
                }
                for note in 0..<3 {
                    let tick = 1920 * bar + 640 * note + (note == 1 ? 12 : 0) + 9 + jitter[(bar * 3 + note) % 8]
                    notes.append(MIDIFileNote(tick: tick, duration: 60, channel: 9, note: 38, velocity: 100))
                }
            }
            let midi = MIDIFile.take120(notes)
            try Data(midi.encoded()).write(to: file)
            let hits = try await Self.compare(file.path, server: server, folder: folder, options: ["--poly", "3:4", "--voice-layer", "snare=2"])
            #expect(hits == 32)
            let live = try #require(try PracticeReport.read(folder.appendingPathComponent("live.json").path).players?.first)
            let offline = try #require(try PracticeReport.read(folder.appendingPathComponent("offline.json").path).players?.first)
            #expect(live.name == "snare" && live.layer == 2 && offline.layer == 2)
            #expect(live.hits.map(\.position) == offline.hits.map(\.position))
            #expect(live.hits.count == 24)
            let worst = zip(live.hits, offline.hits).map { abs($0.offsetMs - $1.offsetMs) }.max() ?? .infinity
            #expect(worst <= 1000.0 / 48_000 + 1e-9, "largest live-offline difference of the snare's part \(worst) ms")
        }
    }

    /// Three notes a bar against 4/4, scored against a 3:4 click layer: the
    /// live run and the analysis match each note to the same note of the 3.
    @Test func liveAndOfflineAgreeOnALayer() async throws {
        try await JackTestServer.with { server in
            let folder = try TactusBinary.scratchFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("three.mid")
            // 480 ticks a quarter at 120 BPM: the 3 falls 640 ticks apart; the
            // 2nd note 12 ticks late, every note a few ticks off.
            let jitter = [0, 7, -5, 3, -9, 4, 11, -2]
            var notes: [MIDIFileNote] = []
            for index in 0..<24 {
                let tick = 640 * index + (index % 3 == 1 ? 12 : 0) + jitter[index % jitter.count] + 9
                notes.append(MIDIFileNote(tick: tick, duration: 60, channel: 9, note: 38, velocity: 100))
            }
            let midi = MIDIFile.take120(notes)
            try Data(midi.encoded()).write(to: file)
            let hits = try await Self.compare(file.path, server: server, folder: folder, options: ["--poly", "3:4", "--score-layer", "2"])
            #expect(hits == 24)
        }
    }

    /// Plays `file` into `tactus run … options` on `server` and analyses it
    /// with the same options; every note must get the same position and
    /// offset to within a frame. Returns the notes compared.
    static func compare(_ file: String, server: JackTestServer, folder: URL, options: [String]) async throws -> Int {
        let live = folder.appendingPathComponent("live.json").path
        let offline = folder.appendingPathComponent("offline.json").path
        let player = try TactusChild([
            "play", file, "--to", "tactus:input", "--start-on-clock", "tactus:clock", "--server", server.name, "--quiet",
        ])
        let run = try await TactusChild.run([
            "run", "--server", server.name, "--bpm", "120", "--count-in", "1", "--bars", "8",
            "--no-ui", "--lead-ms", "500", "--report", live,
        ] + options, within: .frames(9 * 96_000 + 11 * 48_000, of: server))
        #expect(run.exitCode == 0, "\(run.stderr)")
        _ = try await player.wait(within: .time(.seconds(30)))
        let analyzed = try await TactusChild.run(["analyze", file, "--report", offline] + options)
        #expect(analyzed.exitCode == 0, "\(analyzed.stderr)")

        let liveReport = try PracticeReport.read(live)
        let offlineReport = try PracticeReport.read(offline)
        #expect(liveReport.settings.scoring.layer == offlineReport.settings.scoring.layer)
        let liveHits = offsetsByPlace(liveReport), offlineHits = offsetsByPlace(offlineReport)
        let common = Set(liveHits.keys).intersection(offlineHits.keys)
        #expect(Set(liveHits.keys) == Set(offlineHits.keys))
        let frameMs = 1000.0 / 48_000
        let worst = common.map { abs(liveHits[$0]! - offlineHits[$0]!) }.max() ?? .infinity
        #expect(worst <= frameMs + 1e-9, "largest live-offline difference \(worst) ms")
        return offlineHits.count
    }

    /// Where a matched note was scored: its bar, beat, subdivision and note.
    struct HitPlace: Hashable { var bar: Int, beat: Int, subdivision: Int, note: Int }

    /// Each matched note's offset by where it was scored.
    static func offsetsByPlace(_ report: PracticeReport) -> [HitPlace: Double] {
        var result: [HitPlace: Double] = [:]
        for hit in report.hits where hit.grade != .extra {
            result[HitPlace(bar: hit.position.bar, beat: hit.position.beat, subdivision: hit.position.subdivision, note: hit.note)] = hit.offsetMs
        }
        return result
    }
}
