import Foundation
import Testing
import TactusCore
import TactusTestSupport

/// `tactus run --free` on a real server: a simulated drummer who holds 120
/// BPM for eight bars and then speeds up to 132 by bar 16, played into a
/// live run after a bar of count-in. The live lines follow the tempo, and
/// the report holds the pulse and offsets `analyze --free` finds in the same
/// file, to a frame. The player starts on tactus's MIDI Start (see LiveAgainstAnalyzeTests).
@Suite(.serialized)
struct RunFreeJackTests {
    @Test func aFreeTakeIsScoredAgainstThePlayersOwnPulseLiveAsOffline() async throws {
        try await JackTestServer.with { server in
            let folder = try TactusBinary.scratchFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("free.mid").path
            let live = folder.appendingPathComponent("live.json").path
            let offline = folder.appendingPathComponent("offline.json").path
            let run = try await Self.play(
                file, bars: 16, of: 16, spreadMs: 4, curve: ["1:120", "9:120", "16:132"], into: ["--free", "--report", live], server: server)
            let analyzed = try await TactusChild.run(["analyze", file, "--free", "--subdivision", "2", "--report", offline])
            #expect(analyzed.exitCode == 0, "\(analyzed.stderr)")

            // One line a bar of the player's pulse, the tempo held against 120.
            // (Bar 1's tempo is "-": four beats are half the line.)
            let lines = run.stdout.split(separator: "\n").filter { $0.hasPrefix("bar ") && $0.contains("  free, from 120") }
            #expect(lines.count == 16, "\(run.stdout)")
            let tempi = lines.compactMap { line in Double(line.split(separator: " ")[2]) }
            #expect(tempi.count == 15 && tempi.prefix(7).allSatisfy { abs($0 - 120) < 1 }, "\(tempi)")
            #expect((tempi.last ?? 0) > 128, "\(tempi)")

            let liveReport = try PracticeReport.read(live)
            let offlineReport = try PracticeReport.read(offline)
            #expect(liveReport.settings.freeTime && liveReport.settings.gap == nil)
            let livePulse = try #require(liveReport.pulse)
            let offlinePulse = try #require(offlineReport.pulse)
            #expect(livePulse.bars.map(\.bar) == offlinePulse.bars.map(\.bar))
            let worstTempo = zip(livePulse.bars, offlinePulse.bars).map { abs($0.bpm - $1.bpm) }.max() ?? .infinity
            #expect(worstTempo < 0.01, "largest live-offline tempo difference \(worstTempo) BPM")
            let liveHits = LiveAgainstAnalyzeTests.offsetsByPlace(liveReport)
            let offlineHits = LiveAgainstAnalyzeTests.offsetsByPlace(offlineReport)
            #expect(Set(liveHits.keys) == Set(offlineHits.keys))
            #expect(liveHits.count > 160)
            let worst = Set(liveHits.keys).intersection(offlineHits.keys).map { abs(liveHits[$0]! - offlineHits[$0]!) }.max() ?? .infinity
            // The notes are on the same frames live and offline, to one frame (the file's ticks round to frames).
            #expect(worst <= 1000.0 / 48_000 + 1e-9, "largest live-offline offset difference \(worst) ms")
        }
    }

    /// A gap click of two bars on, two off, and a player who holds 120 BPM
    /// through bar 2 and then speeds up, 128 BPM by bar 5: the lines of the
    /// muted bars 3 and 4 say the tempo held.
    @Test func aGapClicksMutedBarsShowTheTempoHeld() async throws {
        try await JackTestServer.with { server in
            let folder = try TactusBinary.scratchFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("gap.mid").path
            let run = try await Self.play(
                file, bars: 4, of: 6, spreadMs: 2, curve: ["1:120", "3:120", "5:128"],
                into: ["--gap", "2,2", "--report", folder.appendingPathComponent("gap.json").path], server: server)
            let lines = run.stdout.split(separator: "\n").filter { $0.hasPrefix("bar ") && $0.contains(" BPM  hits ") }
            #expect(lines.count == 4, "\(run.stdout)")
            guard lines.count == 4 else { return }
            #expect(!lines[0].contains("held") && !lines[1].contains("held"))
            func held(_ line: Substring) -> Double? {
                guard let range = line.range(of: "no click  held ") else { return nil }
                return Double(line[range.upperBound...].split(separator: " ")[0])
            }
            // The tempo of the last eight beats at each muted bar's end: beat
            // b of bars 3 and 4 at 120 + b BPM, so eight beats in 60·Σ 1/(120 + b)
            // s: 123.4 BPM at bar 4's end, 120.7 at bar 3's (four beats at 120).
            func tempo(_ bpms: [Double]) -> Double { Double(bpms.count) * 60 / bpms.map { 60 / $0 }.reduce(0, +) }
            let bar3 = try #require(held(lines[2])), bar4 = try #require(held(lines[3]))
            let truth3 = tempo([120, 120, 120, 120, 120, 121, 122, 123]), truth4 = tempo((0..<8).map { 120 + Double($0) })
            #expect(abs(bar3 - truth3) < 1 && abs(bar4 - truth4) < 1, "\(lines): \(truth3), \(truth4)")
        }
    }

    /// A free take nobody plays into carries no pulse: the report is
    /// scored against the starting tempo, and the run ends saying why, in
    /// the words `analyze --free` uses, with exit 4.
    @Test func aFreeTakeWithNoNotesKeepsTheReportOfTheStartingTempoAndSaysWhy() async throws {
        try await JackTestServer.with { server in
            let folder = try TactusBinary.scratchFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("silent.json").path
            let run = try await TactusChild.run([
                "run", "--server", server.name, "--bpm", "120", "--count-in", "1", "--bars", "1", "--free", "--no-ui", "--report", path,
            ], within: .frames(2 * 96_000 + 11 * 48_000, of: server))
            #expect(run.exitCode == 4)
            #expect(run.stderr == "tactus run: no pulse to score against: 0 notes cannot carry a pulse; free time needs at least 8; "
                + "the report scores it against the starting tempo (\(path))\n")
            let report = try PracticeReport.read(path)
            // Scored on the grid of the starting tempo, not the player's own.
            #expect(!report.settings.freeTime && report.pulse == nil && report.hits.isEmpty)
        }
    }

    /// A drummer simulated at 120 BPM to the tempo `curve` (`--tempo-at`
    /// points) for `simulated` bars, played into `tactus run --bpm
    /// 120 --count-in 1 --bars BARS --subdivision 2 --no-ui` with `options`
    /// from tactus's MIDI Start on; the run's result, its exit checked.
    static func play(
        _ file: String, bars: Int, of simulated: Int, spreadMs: Int, curve: [String], into options: [String], server: JackTestServer
    ) async throws -> TactusChild.Result {
        let simulated = try await TactusChild.run([
            "simulate", "--bpm", "120", "--bars", "\(simulated)", "--seed", "3", "--mean-ms", "0", "--spread-ms", "\(spreadMs)", "--out", file,
        ] + curve.flatMap { ["--tempo-at", $0] })
        #expect(simulated.exitCode == 0, "\(simulated.stderr)")
        let player = try TactusChild([
            "play", file, "--to", "tactus:input", "--start-on-clock", "tactus:clock", "--server", server.name, "--quiet",
        ])
        let run = try await TactusChild.run([
            "run", "--server", server.name, "--bpm", "120", "--count-in", "1", "--bars", "\(bars)", "--subdivision", "2",
            "--no-ui", "--lead-ms", "500",
        ] + options, within: .frames(Int64(bars + 1) * 96_000 + 11 * 48_000, of: server))
        #expect(run.exitCode == 0, "\(run.stderr)")
        _ = try await player.wait(within: .time(.seconds(30)))
        return run
    }
}
