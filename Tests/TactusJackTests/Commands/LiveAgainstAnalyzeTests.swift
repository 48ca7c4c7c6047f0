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
            let live = folder.appendingPathComponent("live.json").path
            let offline = folder.appendingPathComponent("offline.json").path

            let simulated = try await TactusChild.run(
                ["simulate", "--bpm", "120", "--bars", "8", "--seed", "11", "--mean-ms", "4", "--spread-ms", "6", "--out", file])
            #expect(simulated.exitCode == 0)
            let player = try TactusChild([
                "play", file, "--to", "tactus:input", "--start-on-clock", "tactus:clock", "--server", server.name, "--quiet",
            ])
            let run = try await TactusChild.run([
                "run", "--server", server.name, "--bpm", "120", "--subdivision", "2", "--count-in", "1", "--bars", "8",
                "--no-ui", "--lead-ms", "500", "--report", live,
            ], within: .frames(9 * 96_000 + 11 * 48_000, of: server))
            #expect(run.exitCode == 0, "\(run.stderr)")
            _ = try await player.wait(within: .time(.seconds(30)))
            let analyzed = try await TactusChild.run(["analyze", file, "--subdivision", "2", "--report", offline])
            #expect(analyzed.exitCode == 0, "\(analyzed.stderr)")

            let liveReport = try PracticeReport.read(live)
            let offlineReport = try PracticeReport.read(offline)
            struct Key: Hashable { var bar: Int, beat: Int, subdivision: Int, note: Int }
            func keyed(_ report: PracticeReport) -> [Key: Double] {
                var result: [Key: Double] = [:]
                for hit in report.hits where hit.grade != .extra {
                    result[Key(bar: hit.position.bar, beat: hit.position.beat, subdivision: hit.position.subdivision, note: hit.note)] = hit.offsetMs
                }
                return result
            }
            let liveHits = keyed(liveReport), offlineHits = keyed(offlineReport)
            let common = Set(liveHits.keys).intersection(offlineHits.keys)
            #expect(Set(liveHits.keys) == Set(offlineHits.keys))
            #expect(offlineHits.count > 80)
            let frameMs = 1000.0 / 48_000
            let worst = common.map { abs(liveHits[$0]! - offlineHits[$0]!) }.max() ?? .infinity
            #expect(worst <= frameMs + 1e-9, "largest live-offline difference \(worst) ms")
        }
    }
}
