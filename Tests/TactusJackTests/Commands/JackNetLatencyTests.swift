import Foundation
import Testing
import TactusCore
import TactusJack
import TactusTestSupport

/// Latency compensation from JACK's own figures, over a real netjack2 link
/// on localhost: tactus on the master, the player on the far server.
@Suite(.serialized)
struct JackNetLatencyTests {
    /// The player hears tactus' click on the far server and plays exactly on
    /// it; the notes come back over the link. With the latencies netjack2
    /// reports on the master (audio out to the far side, MIDI back), every
    /// hit is scored within 2 frames of 0 ms, with no offset given.
    ///
    /// The far server runs a cycle short now and then when a packet comes
    /// late (its xrun, frequent on a loaded machine): the clicks after it are
    /// heard a period early, and a note played just before it reaches tactus
    /// a period late. Only notes that fell exactly on a click heard, with
    /// the next click heard a beat later (no cycle lost in between), are judged.
    /// A note whose packet back came late arrives whole periods late, at its
    /// own offset in the cycle; it is named with its count and not judged.
    /// Every other note judged must be within 2 frames of 0 ms.
    @Test func aPlayerOnTheFarSideOfNetjackIsScoredOnTheBeat() async throws {
        try await JackTestServer.with { master in
            let (folder, environment) = try TactusBinary.scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            let slave = try JackNetSlave(master: master)
            defer { slave.stop() }
            let (out, back) = try slave.linkLatencies()
            #expect(out > 0 && back > 0, "netjack2 reports \(out) frames out, \(back) back")

            let report = folder.appendingPathComponent("net.json").path
            var heard: [Int64] = []
            var played: [Int64] = []
            do {
                let player = try JackBeatFollower(server: slave.name, beatFrames: 12_000)
                try player.ear.connect("system:capture_1", player.earInput.name)
                try player.hands.connect(player.handsOutput.name, "system:midi_playback_1")
                let run = try TactusChild(
                    ["run", "--server", master.name, "--bpm", "240", "--bars", "12", "--no-ui", "--no-calibration",
                     "--connect-click", "far:to_slave_1", "--connect-input", "far:midi_from_slave_1", "--report", report],
                    environment: environment)
                let result = try await run.result(within: .time(.seconds(60)))
                #expect(result.exitCode == 0, "\(result.stderr)")
                heard = player.heard
                played = player.played
                player.hands.close()
                player.ear.close()
            }
            let saved = try PracticeReport.decode(Data(contentsOf: URL(fileURLWithPath: report)), file: report)
            let latency = saved.settings.latencyChanges.last?.latency ?? saved.settings.scoring.latency
            #expect(latency.clickOutputFrames == Int64(out) && latency.inputCaptureFrames == Int64(back))
            #expect(latency.userOffsetMs == 0)
            // The i-th note played is the i-th hit tactus scored.
            let judged = JackBeatFollower.onTheClick(saved.hits, heard: heard, played: played, beatFrames: 12_000)
            let link = JackBeatFollower.byLink(judged, periodFrames: Int64(master.bufferSize), toleranceFrames: 2)
            Self.sayLatePackets(link.latePackets, player: "the far player")
            #expect(link.onTime.count >= 4, "heard \(heard), played \(played)")
            for hit in link.other {
                Issue.record("bar \(hit.position.bar) beat \(hit.position.beat): \(hit.offsetMs) ms, neither on the beat nor whole periods late")
            }
        }
    }

    /// A group session across the link: player a on the master hears
    /// tactus' click directly and plays into `tactus:player-a`; player b on
    /// the far server hears it over netjack2 and plays back over it into
    /// `tactus:player-b`. Each plays exactly on the click they hear (a
    /// listening and a playing client each), so each is scored within 2
    /// frames of 0 ms with the latencies of their own paths, and the pair's
    /// mean asynchrony is 0 within 0.05 ms, with no offset given. Notes are
    /// judged as above: played on a click heard a beat before the next one.
    @Test func aPlayerOnEachServerIsScoredOnTheBeatAndTogether() async throws {
        try await JackTestServer.with { master in
            let slave = try JackNetSlave(master: master)
            defer { slave.stop() }
            // netjack2 runs in real time: on a loaded machine packets come
            // late and the far side runs cycles short, and a take in which
            // fewer than 4 positions were judged for both is played again, with
            // a line saying so (at most 3 takes, the last judged whatever happened).
            for take in 1...3 {
                if try await Self.playTogether(master: master, slave: slave, judge: take == 3) { return }
                FileHandle.standardError.write(Data(
                    "JackNetLatencyTests: take \(take) judged fewer than 4 positions for both players (netjack2 cycles cut short by late packets); playing again\n".utf8))
            }
        }
    }

    /// Names the notes a late netjack2 packet delayed, with their count:
    /// an event of the link, not of tactus, so they are not judged.
    static func sayLatePackets(_ hits: [ScoredHit], player: String) {
        guard !hits.isEmpty else { return }
        let list = hits.map { "bar \($0.position.bar) beat \($0.position.beat) +\($0.offsetMs) ms" }.joined(separator: ", ")
        FileHandle.standardError.write(Data(
            "JackNetLatencyTests: \(hits.count) note(s) of \(player) came back in a late netjack2 packet, whole periods late, and are not judged: \(list)\n".utf8))
    }

    /// One take of the group across the link; false, judging nothing, when
    /// fewer than 4 positions were judged for both players and `judge` is false.
    static func playTogether(master: JackTestServer, slave: JackNetSlave, judge: Bool) async throws -> Bool {
        let (folder, environment) = try TactusBinary.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("group.json").path
        var near: (heard: [Int64], played: [Int64]) = ([], [])
        var far: (heard: [Int64], played: [Int64]) = ([], [])
        do {
            // libjack serves one server per process: player a follows in a process of its own.
            let a = try JackBeatFollowerProcess(server: master.name, beatFrames: 12_000)
            let b = try JackBeatFollower(server: slave.name, beatFrames: 12_000)
            try b.ear.connect("system:capture_1", b.earInput.name)
            try b.hands.connect(b.handsOutput.name, "system:midi_playback_1")
            let run = try TactusChild(
                ["run", "--server", master.name, "--bpm", "240", "--bars", "12", "--no-ui", "--no-calibration",
                 "--connect-click", a.earInput, "--connect-click", "far:to_slave_1",
                 "--player", "a=\(a.handsOutput)", "--player", "b=far:midi_from_slave_1", "--report", report],
                environment: environment)
            let result = try await run.result(within: .time(.seconds(60)))
            #expect(result.exitCode == 0, "\(result.stderr)")
            far = (b.heard, b.played)
            b.hands.close()
            b.ear.close()
            near = a.stop()
        }
        let saved = try PracticeReport.decode(Data(contentsOf: URL(fileURLWithPath: report)), file: report)
        let players = try #require(saved.players)
        #expect(players.map(\.name) == ["a", "b"])
        // The i-th note a player played is the i-th hit of theirs tactus scored.
        let judgedA = JackBeatFollower.onTheClick(players[0].hits, heard: near.heard, played: near.played, beatFrames: 12_000)
        let judgedB = JackBeatFollower.onTheClick(players[1].hits, heard: far.heard, played: far.played, beatFrames: 12_000)
        let linkA = JackBeatFollower.byLink(judgedA, periodFrames: Int64(master.bufferSize), toleranceFrames: 2)
        let linkB = JackBeatFollower.byLink(judgedB, periodFrames: Int64(master.bufferSize), toleranceFrames: 2)
        let series = EnsembleAsynchrony.series(linkA.onTime.filter { !$0.countIn }, linkB.onTime.filter { !$0.countIn })
        guard judge || series.count >= 4 else { return false }
        for (name, link, follower) in [("a", linkA, near), ("b", linkB, far)] {
            sayLatePackets(link.latePackets, player: "player \(name)")
            #expect(link.onTime.count >= 4, "\(name) heard \(follower.heard), played \(follower.played)")
            for hit in link.other {
                Issue.record("\(name) bar \(hit.position.bar) beat \(hit.position.beat): \(hit.offsetMs) ms, neither on the beat nor whole periods late")
            }
        }
        #expect(series.count >= 4)
        let mean = series.map(\.asynchronyMs).reduce(0, +) / Double(max(series.count, 1))
        #expect(abs(mean) <= 0.05, "mean asynchrony \(mean) ms on \(series.count) positions")
        let pair = try #require(saved.ensemble?.pairs.first { $0.players == ["a", "b"] })
        if pair.n == series.count {
            #expect(abs(try #require(pair.meanAsynchronyMs)) <= 0.05, "the report's mean asynchrony")
        }
        return true
    }
}
