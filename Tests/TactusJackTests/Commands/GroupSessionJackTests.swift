import Foundation
import Testing
import TactusCore
import TactusTestSupport

/// A group session on a real server: two `tactus play` clients, each a
/// simulated player, play into `tactus:player-anna` and `tactus:player-ben`;
/// a third player's port never appears. Each player's live offsets must
/// match `tactus analyze` of their own file to within 2 frames, and the
/// pair's mean asynchrony the offline one on the same positions to within
/// 0.05 ms. Both players start on tactus's MIDI Start, a loop JACK breaks by
/// one period, which the players send early as in LiveAgainstAnalyzeTests.
/// The test server runs synchronously and skips no cycle: every hit is heard.
@Suite(.serialized)
struct GroupSessionJackTests {
    @Test func twoPlayersAreScoredApartAndAgainstEachOther() async throws {
        try await JackTestServer.with { server in
            let folder = try TactusBinary.scratchFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
            let takes = [("anna", "21", "6"), ("ben", "22", "-2")]
            for (name, seed, mean) in takes {
                let simulated = try await TactusChild.run([
                    "simulate", "--bpm", "120", "--bars", "8", "--seed", seed, "--mean-ms", mean, "--spread-ms", "5",
                    "--out", path("\(name).mid"),
                ])
                #expect(simulated.exitCode == 0)
            }
            let players = try takes.map { name, _, _ in
                try TactusChild([
                    "play", path("\(name).mid"), "--name", "\(name)-kit", "--to", "tactus:player-\(name)",
                    "--start-on-clock", "tactus:clock", "--server", server.name, "--quiet",
                ])
            }
            let run = try await TactusChild.run([
                "run", "--server", server.name, "--bpm", "120", "--subdivision", "2", "--count-in", "1", "--bars", "8",
                "--no-ui", "--lead-ms", "500", "--report", path("live.json"),
                "--player", "anna=anna-kit:out", "--player", "ben=ben-kit:ou[t]", "--player", "carl=nobody:out",
            ], within: .frames(9 * 96_000 + 11 * 48_000, of: server))
            #expect(run.exitCode == 0, "\(run.stderr)")
            #expect(run.stderr.contains(
                "tactus run: warning: --player carl: no MIDI output port matches 'nobody:out' yet; waiting for it (tactus ports lists them)\n"))
            for player in players { _ = try await player.wait(within: .time(.seconds(30))) }

            let live = try PracticeReport.read(path("live.json"))
            let livePlayers = try #require(live.players)
            #expect(livePlayers.map(\.name) == ["anna", "ben", "carl"])
            #expect(livePlayers[2].hits.isEmpty)
            var offline: [String: PlayerReport] = [:]
            let frameMs = 1000.0 / 48_000
            for (index, (name, _, _)) in takes.enumerated() {
                let analyzed = try await TactusChild.run(["analyze", path("\(name).mid"), "--subdivision", "2", "--report", path("\(name).json")])
                #expect(analyzed.exitCode == 0, "\(analyzed.stderr)")
                let report = try PracticeReport.read(path("\(name).json"))
                offline[name] = PlayerReport(name: name, port: "", report: report)
                struct Key: Hashable { var position: GridPosition, note: Int }
                let truth = Dictionary(
                    report.hits.filter { $0.grade.isMatched && !$0.countIn }.map { (Key(position: $0.position, note: $0.note), $0.offsetMs) },
                    uniquingKeysWith: { first, _ in first })
                let heard = livePlayers[index].hits.filter { $0.grade.isMatched && !$0.countIn }
                #expect(Set(heard.map { Key(position: $0.position, note: $0.note) }) == Set(truth.keys), "\(name): \(heard.count) of \(truth.count) hits")
                let differences = heard.compactMap { hit in truth[Key(position: hit.position, note: hit.note)].map { abs($0 - hit.offsetMs) } }
                let worst = differences.max() ?? .infinity
                #expect(worst <= 2 * frameMs + 1e-9, "\(name): largest live-offline difference \(worst) ms")
            }
            let pair = try #require(live.ensemble?.pairs.first { $0.players == ["anna", "ben"] })
            let liveSeries = EnsembleAsynchrony.series(livePlayers[0].hits, livePlayers[1].hits)
            let shared = Set(liveSeries.map(\.position))
            let truthSeries = EnsembleAsynchrony.series(offline["anna"]!.hits, offline["ben"]!.hits).filter { shared.contains($0.position) }
            #expect(truthSeries.count == pair.n)
            let truthMean = truthSeries.map(\.asynchronyMs).reduce(0, +) / Double(max(truthSeries.count, 1))
            let mean = try #require(pair.meanAsynchronyMs)
            #expect(abs(mean - truthMean) <= 0.05, "mean asynchrony \(mean) ms, truth \(truthMean) ms")
            #expect(pair.n >= 50)
            let empty = try #require(live.ensemble?.pairs.first { $0.players == ["anna", "carl"] })
            #expect(empty.n == 0 && empty.meanAsynchronyMs == nil)
        }
    }
}
