import Foundation
import Glibc
import Testing
import TactusCore
import TactusJack
import TactusTestSupport

/// `tactus run` (the built binary) against a real dummy server when things go
/// wrong: the server dies or comes back, the process is signalled or killed,
/// the report's folder disappears or its disk fills.
///
/// Sessions run at 240 BPM in 4/4 at 48 kHz: 12 000 frames a beat, 48 000 a
/// bar. The test learns the grid from the journal (its header's origin, the
/// reconnected event's shift) and sends a snare hit 96 frames after each beat.
/// The test server runs synchronously, so no cycle is skipped and every hit
/// sent is heard at its exact frame, whatever the machine's load.
@Suite(.serialized)
struct TactusRunFaultTests {
    static let beatFrames: Int64 = 12_000
    static let barFrames: Int64 = 48_000

    /// A wait for something `bars` bars into a session on `server`, in its
    /// cycles' frames: the bars, a lead of up to 2 s, and 10 s for tactus
    /// to start and to write what it writes after them.
    static func within(bars: Int, of server: JackTestServer) -> TestWait {
        .frames(Int64(bars) * barFrames + 12 * 48_000, of: server)
    }

    /// A planned hit: its frame and the grid position it is meant for.
    struct Hit: Hashable {
        var frame: Int64
        var position: GridPosition
    }

    /// A hit 96 frames after every beat of `bars`, from the grid origin `origin`.
    static func hits(bars: ClosedRange<Int>, origin: Int64) -> [Hit] {
        bars.flatMap { bar in
            (1...4).map { beat in
                let frame = origin + Int64(bar - 1) * barFrames + Int64(beat - 1) * beatFrames + 96
                return Hit(frame: frame, position: GridPosition(bar: bar, beat: beat))
            }
        }
    }


    static func send(_ hits: [Hit], with sender: JackMIDISender) throws {
        try sender.schedule(hits.map { JackRecordedEvent(frame: $0.frame, bytes: [0x99, 38, 100]) })
    }

    static func header(_ journal: String) -> JournalHeader? {
        if case .header(let header)? = JournalEntry.read(journal).first { return header }
        return nil
    }

    static func completedBars(_ journal: String) -> [Int] {
        JournalEntry.read(journal).compactMap { if case .bar(let bar) = $0 { bar.summary.bar } else { nil } }
    }

    static func events(_ journal: String) -> [SessionEvent] {
        JournalEntry.read(journal).compactMap { if case .event(let event) = $0 { event } else { nil } }
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    // MARK: - The server goes away

    @Test func aLostServerEndsTheRunWithItsReport() async throws {
        try await TactusRunScratch.with { scratch in
            let (server, report) = (scratch.server, scratch.report)
            let run = try scratch.run()
            try await run.poll("first bar", within: Self.within(bars: 1, of: server)) { run.stdout.contains("bar 1 ") }
            server.terminate(signal: SIGTERM)
            // It ends by itself: the wait fails the test after 10 s.
            let status = try await run.wait(within: .time(.seconds(30)))
            #expect(status == 3)
            let lines = run.stderr.split(separator: "\n").map(String.init)
            #expect(lines.count == 1)
            #expect(lines.first?.hasPrefix("tactus run: JACK server '\(server.name)' went away (") == true)
            #expect(lines.first?.hasSuffix("); report saved to \(report)") == true)
            #expect(run.stdout.hasSuffix("report: \(report)\n"))
            let saved = try PracticeReport.read(report)
            #expect(saved.events.filter { $0.kind == .serverLost }.count == 1)
            #expect(saved.bars.first?.bar == 1)
            #expect(!Self.exists(scratch.journal))
        }
    }

    @Test func withReconnectTheSessionCarriesOnOnTheServerThatComesBack() async throws {
        try await TactusRunScratch.with { scratch in
            let (server, report, journal) = (scratch.server, scratch.report, scratch.journal)
            let bars = 5
            let run = try scratch.run(["--bars", "\(bars)", "--lead-ms", "2000", "--reconnect"])
            try await run.poll("journal header") { Self.header(journal) != nil }
            let origin = try #require(Self.header(journal)).originFrame

            // Before the loss: a hit on every beat of every bar; the sender
            // dies with the server, so only those before the loss go out.
            var first: JackMIDISender? = try JackMIDISender(server: server.name, name: "kit")
            try first?.client.connect("kit:midi_out", "tactus:input")
            let planned = Self.hits(bars: 1...bars, origin: origin)
            let firstStart = try await #require(first).frame(after: 0)
            #expect(firstStart < planned[0].frame - 2_400)
            try Self.send(planned, with: try #require(first))
            // The server goes on beat 2 of bar 2 by its own frames, 3.75 bars
            // before the session's end. Not once the journal shows a bar:
            // tactus's control loop and its journal can be held in the kernel
            // for seconds (a page read in on a busy disk) while the engine
            // plays on, so a journal read late let the server go after the
            // last bar had begun, when there is no bar left to carry on at.
            let lossFrame = origin + Self.barFrames + Self.beatFrames
            try await run.poll("beat 2 of bar 2 on the server", within: Self.within(bars: 2, of: server)) { server.cycleFrame >= lossFrame }
            server.terminate(signal: SIGTERM)
            try await run.poll("the wait for the server") { run.stderr.contains("waiting for the server to come back") }
            #expect(Self.exists(report))
            #expect(first?.late == 0)
            first = nil

            let returned = try JackTestServer.start(name: server.name)
            defer { returned.stop() }
            try await run.poll("reconnection in the journal") { Self.events(journal).contains { $0.kind == .reconnected } }
            let events = Self.events(journal).filter { $0.kind != .xrun }
            let lost = try #require(events.first { $0.kind == .serverLost })
            let back = try #require(events.first { $0.kind == .reconnected })
            let shift = try #require(back.shiftFrames)
            // The session carries on at the first bar not begun before the loss.
            let resumeBar = Int((lost.frame - origin + Self.barFrames - 1) / Self.barFrames) + 1
            #expect(back.detail.contains("bar \(resumeBar) starts at frame \(origin + shift + Int64(resumeBar - 1) * Self.barFrames)"))

            let second = try JackMIDISender(server: server.name, name: "kit")
            try second.client.connect("kit:midi_out", "tactus:input")
            let secondPlanned = Self.hits(bars: resumeBar...bars, origin: origin + shift)
            let secondStart = try await second.frame(after: 0)
            #expect(secondStart < secondPlanned[0].frame - 2_400)
            try Self.send(secondPlanned, with: second)
            let status = try await run.wait(within: Self.within(bars: bars - resumeBar + 1, of: returned))
            #expect(status == 0, "stderr: \(run.stderr)")
            #expect(run.stderr.contains("JACK server '\(server.name)' is back after"))

            let saved = try PracticeReport.read(report)
            #expect(saved.events.filter { $0.kind != .xrun }.map(\.kind) == [.serverLost, .reconnected])
            #expect((saved.events.first { $0.kind == .reconnected }?.gapS ?? 0) > 0)
            let sentBefore = planned.filter { $0.frame < lost.frame }
            let heardBefore = saved.hits.filter { $0.position.bar < resumeBar }.map { Hit(frame: $0.frame, position: $0.position) }
            let heardAfter = saved.hits.filter { $0.position.bar >= resumeBar }.map { Hit(frame: $0.frame, position: $0.position) }
            #expect(!heardBefore.isEmpty)
            #expect(!heardAfter.isEmpty)
            // Every hit sent is heard at its frame; the positions in the gap
            // are no misses.
            #expect(second.late == 0)
            #expect(heardBefore == sentBefore)
            #expect(heardAfter == secondPlanned)
            #expect(saved.misses == [])
            #expect(saved.bars.map(\.bar) == Array(1...bars))
        }
    }

    /// The start and a server's return check the rate alike: a session at
    /// 44.1 kHz does not start on a 48 kHz server, and one at 48 kHz waits
    /// out a server back at 44.1 kHz, saying so once.
    @Test func aServerAtAnotherRateIsRefusedAtTheStartAndWaitedOutOnItsReturn() async throws {
        try await TactusRunScratch.with { scratch in
            let server = scratch.server
            let refused = try await scratch.run(["--sample-rate", "44100"]).result(within: .time(.seconds(30)))
            #expect(refused.exitCode == 3)
            #expect(refused.stderr == "tactus run: JACK server '\(server.name)' runs at 48000 Hz, not 44100 Hz; restart it at 44100 Hz\n")
            #expect(!Self.exists(scratch.report))

            let run = try scratch.run(["--reconnect"])
            try await run.poll("first bar", within: Self.within(bars: 1, of: server)) { run.stdout.contains("bar 1 ") }
            server.terminate(signal: SIGTERM)
            try await run.poll("the wait for the server") { run.stderr.contains("waiting for the server to come back") }
            let returned = try JackTestServer.start(name: server.name, sampleRate: 44_100)
            defer { returned.stop() }
            let message = "tactus run: JACK server '\(server.name)' runs at 44100 Hz, not 48000 Hz; restart it at 48000 Hz\n"
            try await run.poll("the rate refused") { run.stderr.contains(message) }
            run.signal(SIGINT)
            #expect(try await run.wait(within: .time(.seconds(30))) == 0)
            #expect(run.stderr.components(separatedBy: message).count == 2)
            let saved = try PracticeReport.read(scratch.report)
            #expect(saved.events.filter { $0.kind != .xrun }.map(\.kind) == [.serverLost])
        }
    }

    @Test func ctrlCWhileWaitingForTheServerEndsTheRunWithItsReport() async throws {
        try await TactusRunScratch.with { scratch in
            let (server, report) = (scratch.server, scratch.report)
            let run = try scratch.run(["--reconnect"])
            try await run.poll("first bar", within: Self.within(bars: 1, of: server)) { run.stdout.contains("bar 1 ") }
            server.terminate(signal: SIGTERM)
            try await run.poll("the wait for the server") { run.stderr.contains("waiting for the server to come back") }
            let soFar = try PracticeReport.read(report)
            #expect(soFar.events.filter { $0.kind != .xrun }.map(\.kind) == [.serverLost])
            run.signal(SIGINT)
            #expect(try await run.wait(within: .time(.seconds(30))) == 0)
            let saved = try PracticeReport.read(report)
            #expect(saved.events.filter { $0.kind != .xrun }.map(\.kind) == [.serverLost])
            #expect(saved.bars.map(\.bar) == soFar.bars.map(\.bar))
            #expect(saved.summary.misses == soFar.summary.misses)
            #expect(!Self.exists(scratch.journal))
        }
    }

    // MARK: - Signals and crashes

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalEndsTheRunWithItsReport(signal: Int32) async throws {
        try await TactusRunScratch.with { scratch in
            let report = scratch.report
            let run = try scratch.run()
            try await run.poll("first bar", within: Self.within(bars: 1, of: scratch.server)) { run.stdout.contains("bar 1 ") }
            run.signal(signal)
            let status = try await run.wait(within: .time(.seconds(30)))
            #expect(status == 0, "stderr: \(run.stderr)")
            #expect(run.stderr == "")
            #expect(run.stdout.hasSuffix("report: \(report)\n"))
            let saved = try PracticeReport.read(report)
            #expect(saved.bars.first?.bar == 1)
            #expect(!Self.exists(scratch.journal))
            let cost = try #require(saved.source.processCycle)
            #expect(cost.periodMicroseconds == 1333.333)
            #expect(cost.cycles > 375)
            #expect(cost.worstCPUMicroseconds.map { $0 <= cost.worstMicroseconds + 1 } == true)
            #expect(cost.worstCPUCycle.map { (1...cost.cycles).contains($0) } == true)
            #expect(cost.cyclesOverPeriodCPU.map { $0 <= cost.cyclesOverPeriod ?? -1 } == true)
        }
    }

    @Test func afterSIGKILLTheJournalRecoversEveryHitUpToTheLastFlush() async throws {
        try await TactusRunScratch.with { scratch in
            let (server, report, journal) = (scratch.server, scratch.report, scratch.journal)
            let run = try scratch.run(["--lead-ms", "2000"])
            try await run.poll("journal header") { Self.header(journal) != nil }
            let origin = try #require(Self.header(journal)).originFrame
            let sender = try JackMIDISender(server: server.name, name: "kit")
            try sender.client.connect("kit:midi_out", "tactus:input")
            let planned = Self.hits(bars: 1...16, origin: origin)
            let start = try await sender.frame(after: 0)
            #expect(start < planned[0].frame - 2_400)
            try Self.send(planned, with: sender)
            try await run.poll("bar 2 in the journal", within: Self.within(bars: 2, of: server)) {
                Self.completedBars(journal).contains(2)
            }
            run.signal(SIGKILL)
            _ = try await run.wait(within: .time(.seconds(30)))
            #expect(run.process.terminationSignal == SIGKILL)
            #expect(!Self.exists(report))
            let lastBar = try #require(Self.completedBars(journal).max())

            let recoveredPath = scratch.path("recovered.json")
            let recover = try scratch.tactus(["report", "recover", journal, "--out", recoveredPath])
            #expect(try await recover.wait(within: .time(.seconds(30))) == 0)
            let recovered = try PracticeReport.read(recoveredPath)
            #expect(recovered.source.kind == .recovered)
            let heard = recovered.hits.map { Hit(frame: $0.frame, position: $0.position) }
            let flushed = planned.filter { $0.position.bar <= lastBar }
            #expect(sender.late == 0)
            #expect(Array(heard.prefix(flushed.count)) == flushed)
            #expect(Array(heard.dropFirst(flushed.count)) == Array(planned.dropFirst(flushed.count).prefix(heard.count - flushed.count)))
            #expect(recovered.bars.map(\.bar).prefix(lastBar) == ArraySlice(1...lastBar))
        }
    }

    // MARK: - Disk problems

    /// The journal moves at its first write after the folder is gone, on its
    /// own disk queue, which the session's end does not wait for: on a busy
    /// machine a queue held in an fsync may see no write before the end, and
    /// then it has nothing to move. So the session runs until the test has
    /// seen the journal move, and then it is stopped.
    @Test func whenTheReportFolderIsRemovedTheReportGoesToTMPDIR() async throws {
        try await TactusRunScratch.with { scratch in
            let (sub, temporary) = (scratch.path("sessions"), scratch.temporary)
            let run = try scratch.run(report: sub + "/r.json")
            try await run.poll("journal header") { Self.header(sub + "/r.journal.jsonl") != nil }
            try FileManager.default.removeItem(atPath: sub)
            let journalMoved = "tactus run: warning: \(sub)/r.journal.jsonl: its folder \(sub) was removed; the journal continues in \(temporary)/r.journal.jsonl"
            try await run.poll("the journal's move and bar 1", within: Self.within(bars: 2, of: scratch.server)) {
                run.stderr.contains(journalMoved) && run.stdout.contains("bar 1 ")
            }
            run.signal(SIGINT)
            let status = try await run.wait(within: .time(.seconds(30)))
            #expect(status == 1)
            let warnings: [String] = [
                journalMoved,
                "tactus run: \(sub)/r.json: its folder \(sub) is gone; the report is saved to \(temporary)/r.json instead",
            ]
            #expect(run.stderr.split(separator: "\n").map(String.init) == warnings)
            #expect(run.stdout.hasSuffix("report: \(temporary)/r.json\n"))
            let saved = try PracticeReport.read(temporary + "/r.json")
            #expect(saved.bars.map(\.bar) == Array(1...max(saved.bars.count, 1)))
            #expect(saved.bars.first?.bar == 1)
            #expect(!Self.exists(temporary + "/r.journal.jsonl"))
            #expect(!Self.exists(sub))
        }
    }

    @Test func aJournalMovedToTMPDIRKeepsEverythingFromTheStart() async throws {
        try await TactusRunScratch.with { scratch in
            let (sub, temporary) = (scratch.path("sessions"), scratch.temporary)
            let run = try scratch.run(report: sub + "/r.json")
            try await run.poll("bar 1 in the journal", within: Self.within(bars: 1, of: scratch.server)) {
                Self.completedBars(sub + "/r.journal.jsonl").contains(1)
            }
            try FileManager.default.removeItem(atPath: sub)
            let moved = temporary + "/r.journal.jsonl"
            try await run.poll("three bars in the moved journal", within: Self.within(bars: 3, of: scratch.server)) {
                Self.completedBars(moved).count >= 3
            }
            run.signal(SIGKILL)
            _ = try await run.wait(within: .time(.seconds(30)))
            let bars = Self.completedBars(moved)
            #expect(Self.header(moved) != nil)
            #expect(bars == Array(1...bars.count))
            let recover = try scratch.tactus(["report", "recover", moved, "--out", scratch.path("recovered.json")])
            #expect(try await recover.wait(within: .time(.seconds(30))) == 0)
            // The kill may land after the first misses of the bar after the
            // last one closed: the recovered report then has that bar too,
            // cut short, after every closed one.
            let recovered = try PracticeReport.read(scratch.path("recovered.json")).bars.map(\.bar)
            #expect(Array(recovered.prefix(bars.count)) == bars)
            #expect(recovered.count - bars.count <= 1, "recovered bars \(recovered), closed in the journal \(bars)")
            #expect(recovered.dropFirst(bars.count).allSatisfy { $0 == bars.count + 1 })
        }
    }

    /// As for the removed folder, the session runs until the journal has
    /// moved: its disk queue finds the disk full only at a write it gets to.
    @Test(.enabled(if: SmallDisk.canMount, "needs root to mount a 64 KiB tmpfs"))
    func whenTheDiskFillsJournalAndReportGoToTMPDIR() async throws {
        try await TactusRunScratch.with { scratch in
            let disk = try SmallDisk(at: scratch.path("disk"))
            defer { disk.unmount() }
            let temporary = scratch.temporary
            // Sixteenths, all missed: about 2 KB of journal a bar.
            let run = try scratch.run(["--subdivision", "4"], report: disk.path + "/r.json")
            try await run.poll("journal header") { Self.header(disk.path + "/r.journal.jsonl") != nil }
            try disk.fill()
            let journalMoved = "tactus run: warning: \(disk.path)/r.journal.jsonl: No space left on device; the journal continues in \(temporary)/r.journal.jsonl"
            try await run.poll("the journal's move and bar 1", within: Self.within(bars: 2, of: scratch.server)) {
                run.stderr.contains(journalMoved) && run.stdout.contains("bar 1 ")
            }
            run.signal(SIGINT)
            let status = try await run.wait(within: .time(.seconds(30)))
            #expect(status == 1)
            let warnings: [String] = [
                journalMoved,
                "tactus run: \(disk.path)/r.json: cannot write it: No space left on device; the report is saved to \(temporary)/r.json instead",
            ]
            #expect(run.stderr.split(separator: "\n").map(String.init) == warnings)
            let saved = try PracticeReport.read(temporary + "/r.json")
            #expect(saved.bars.map(\.bar) == Array(1...max(saved.bars.count, 1)))
            #expect(saved.bars.first?.bar == 1)
            // Every position missed: 16 a bar, but the last bar may be cut short by the stop.
            #expect(saved.bars.dropLast().map(\.misses) == Array(repeating: 16, count: max(saved.bars.count - 1, 0)))
            #expect(saved.summary.misses == saved.bars.map(\.misses).reduce(0, +))
            #expect(!Self.exists(disk.path + "/r.journal.jsonl"))
            #expect(!Self.exists(temporary + "/r.journal.jsonl"))
        }
    }
}
