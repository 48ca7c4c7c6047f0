import Foundation
import Glibc
import Testing
import TactusCore
import TactusJack
import TactusTestSupport

/// tactus and klick (the Debian package `klick`, installed by Scripts/setup)
/// on one dummy server, each as the other's transport peer: klick -j
/// following tactus as timebase master, and tactus following klick -T. Both
/// clicks are recorded by test clients, frame-exactly. One case at a time:
/// beside the other JACK tests, two klick takes at once disturb each other.
@Suite(.serialized)
struct KlickTransportTests {
    /// A meter, a tempo that keeps two bars short, and JACK beats (the
    /// meter's note value) per tactus beat: 3 in compound meters.
    struct Case: CustomTestStringConvertible, Sendable {
        var meter: String
        var beats: Int
        var noteValue: Int
        var bpm: Int
        var jackBeatsPerBeat: Int

        var testDescription: String { "\(meter) at \(bpm)" }
        /// Frames of one tactus beat at 48 kHz.
        var beatFrames: Int64 { Int64(48_000 * 60 / bpm) }
    }

    /// Meters whose beat is the quarter note.
    static let leadingInQuarters: [Case] = [
        Case(meter: "4/4", beats: 4, noteValue: 4, bpm: 240, jackBeatsPerBeat: 1),
        Case(meter: "3/4", beats: 3, noteValue: 4, bpm: 240, jackBeatsPerBeat: 1),
        Case(meter: "5/4", beats: 5, noteValue: 4, bpm: 240, jackBeatsPerBeat: 1),
    ]

    /// Compound and odd meters counted in eighths.
    static let leadingInEighths: [Case] = [
        Case(meter: "6/8", beats: 6, noteValue: 8, bpm: 120, jackBeatsPerBeat: 3),
        Case(meter: "7/8", beats: 7, noteValue: 8, bpm: 360, jackBeatsPerBeat: 1),
        Case(meter: "12/8", beats: 12, noteValue: 8, bpm: 160, jackBeatsPerBeat: 3),
    ]

    /// klick -j follows tactus --transport master without aborting and
    /// clicks every JACK beat — every tactus beat, and in 6/8 and 12/8 the
    /// eighths between — within a period of tactus' click; a client reading
    /// `jack_position_t` finds every field in range every cycle. One take:
    /// the synchronous test server skips no cycle, so the transport keeps
    /// step with frame time.
    @Test(arguments: leadingInQuarters) func klickFollowsTactusAsTransportMaster(_ meter: Case) async throws {
        try await JackTestServer.with { server in try await Self.lead(meter, server: server) }
    }

    /// The same in 6/8, 7/8 and 12/8.
    @Test(arguments: leadingInEighths) func klickFollowsTactusAsTransportMasterInEighths(_ meter: Case) async throws {
        try await JackTestServer.with { server in try await Self.lead(meter, server: server) }
    }

    static func lead(_ meter: Case, server: JackTestServer) async throws {
        let (folder, environment) = try TactusBinary.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tactusEar = try JackRecorder(server: server.name, name: "tactus-ear")
        // klick places its clicks by the transport, tactus leading by frame time.
        let klickEar = try JackRecorder(server: server.name, name: "klick-ear", correctsReadAhead: true)
        let check = try JackPositionCheck(server: server.name, meter: (meter.beats, meter.noteValue))
        let klickLog = folder.appendingPathComponent("klick.log")
        let klick = try JackTool.start(
            "klick", ["-L", "-j", "-n", "klick", "-p", klickEar.audioInput.name], logPath: klickLog.path, server: server.name)
        defer { klick.stop(grace: .seconds(2)) }
        try await waitUntilStarted(klick, log: klickLog, connectedTo: klickEar)
        let result = try await TactusChild(
            ["run", "--server", server.name, "--meter", meter.meter, "--bpm", "\(meter.bpm)", "--bars", "2",
             "--transport", "master", "--lead-ms", "1000", "--no-ui", "--no-calibration", "--connect-click", tactusEar.audioInput.name,
             "--report", folder.appendingPathComponent("r.json").path],
            environment: environment).result(within: .frames(2 * Int64(meter.beats) * meter.beatFrames + 11 * 48_000, of: server))
        #expect(result.exitCode == 0, "\(result.stderr)")
        // klick runs on past tactus's end: ten more cycles of the server.
        try await klickEar.waitForCycles(klickEar.cycles + 10)
        #expect(!klick.hasExited, "klick stopped: \(text(of: klickLog))")
        #expect(check.checked > 100)
        #expect(check.broken == 0, "first out of range: \(String(describing: check.firstBroken))")
        #expect(check.highestBeat == Int32(meter.beats))
        // A run read a period ahead is moved back where it was heard; a cycle skipped spoils the take.
        #expect(tactusEar.uncorrectedGaps == 0 && klickEar.uncorrectedGaps == 0, "tactus's ear: \(tactusEar.gapDescription); klick's: \(klickEar.gapDescription)")

        // The two bars played (tactus also clicks the downbeat it stops on).
        var problems: [String] = []
        let clicks = Array(tactusEar.onsets.prefix(2 * meter.beats / meter.jackBeatsPerBeat))
        if clicks.count != 2 * meter.beats / meter.jackBeatsPerBeat { problems.append("tactus clicked \(clicks)") }
        let heard = klickEar.onsets
        let period: Int64 = 64
        for click in clicks where !heard.contains(where: { abs($0 - click) <= period }) {
            problems.append("no klick click within a period of \(click): \(heard)")
        }
        if let first = clicks.first, let last = clicks.last {
            let during = heard.filter { $0 >= first - period && $0 < last + meter.beatFrames - period }
            if during.count != clicks.count * meter.jackBeatsPerBeat {
                problems.append("klick clicked \(during.count) times for \(clicks.count) tactus beats: klick \(heard), tactus \(clicks)")
            }
        }
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }

    /// klick's tempo counts quarter notes whatever the meter; it publishes
    /// BPM in the meter's note value (6/8 at 180: 360 eighths) and clicks
    /// every one of them. `bpm` here is what klick publishes.
    static let following: [Case] = [
        Case(meter: "4/4", beats: 4, noteValue: 4, bpm: 240, jackBeatsPerBeat: 1),
        Case(meter: "6/8", beats: 6, noteValue: 8, bpm: 360, jackBeatsPerBeat: 1),
        Case(meter: "7/8", beats: 7, noteValue: 8, bpm: 360, jackBeatsPerBeat: 1),
    ]

    /// tactus --transport follow under klick -T clicks with klick within a
    /// frame, every beat of klick's meter from klick's first, having planned
    /// on klick's position while the transport stood, in one take as above. klick's own positions are not checked: it publishes bar_start_tick 0
    /// and, at the end of each bar, beat = beats_per_bar + 1.
    @Test(arguments: following) func tactusFollowsKlickAsTransportMaster(_ meter: Case) async throws {
        try await JackTestServer.with { server in try await Self.follow(meter, server: server) }
    }

    static func follow(_ meter: Case, server: JackTestServer) async throws {
        let (folder, environment) = try TactusBinary.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Both place their clicks by the transport.
        let tactusEar = try JackRecorder(server: server.name, name: "tactus-ear", correctsReadAhead: true)
        let klickEar = try JackRecorder(server: server.name, name: "klick-ear", correctsReadAhead: true)
        let run = try TactusChild(
            ["run", "--server", server.name, "--duration", "30", "--transport", "follow", "--no-ui", "--no-calibration",
             "--connect-click", tactusEar.audioInput.name, "--report", folder.appendingPathComponent("r.json").path],
            environment: environment)
        try await TestWait.time(.seconds(20)).until(
            "tactus's connection to \(tactusEar.audioInput.name)", waitingInKernel: { run.isWaitingInKernel }
        ) {
            !((try? tactusEar.client.connections(of: tactusEar.audioInput.name)) ?? []).isEmpty
        }
        let klickLog = folder.appendingPathComponent("klick.log")
        let klick = try JackTool.start(
            "klick", ["-L", "-T", "-n", "klick", "-p", klickEar.audioInput.name, "3", meter.meter, "\(meter.bpm * 4 / meter.noteValue)"],
            logPath: klickLog.path, server: server.name)
        defer { klick.stop(grace: .seconds(2)) }
        try await waitUntilStarted(klick, log: klickLog, connectedTo: klickEar)
        // klick is the timebase master once the transport has its bar and
        // beat; tactus plans on klick's grid while the transport stands.
        try await TestWait.time(.seconds(20)).until("klick's bar and beat in the transport") {
            (try? klickEar.client.transportQuery())?.bbt != nil
        }
        let planned = "following the transport: \(meter.meter) at \(meter.bpm) BPM"
        try await run.poll("tactus's plan on klick's grid ('\(planned)')") { run.stdout.contains(planned) }
        try klickEar.client.startTransport()
        let take = Int64(3 * meter.beats) * meter.beatFrames
        let klickClicks: [Int64]
        do {
            klickClicks = try await klickEar.waitForOnsets(3 * meter.beats, within: .frames(take + 48_000, of: server))
        } catch {
            let transport = (try? klickEar.client.transportQuery()).map { "\($0.state) at frame \($0.frame)" } ?? "unknown"
            Issue.record("the transport then: \(transport); tactus's clicks: \(tactusEar.onsets); klick's log: \(Self.text(of: klickLog))")
            throw error
        }
        try await tactusEar.waitUntilProcessed(through: klickClicks[3 * meter.beats - 1])
        try klickEar.client.stopTransport()
        run.signal(SIGINT)
        let result = try await run.result(within: .time(.seconds(20)))
        #expect(result.exitCode == 0, "\(result.stderr)")
        let heard = Array(klickEar.onsets.prefix(3 * meter.beats))
        // A run read a period ahead is moved back where it was heard; a cycle skipped spoils the take.
        #expect(tactusEar.uncorrectedGaps == 0 && klickEar.uncorrectedGaps == 0, "tactus's ear: \(tactusEar.gapDescription); klick's: \(klickEar.gapDescription)")
        // klick's own clicks come evenly: its transport counts the cycles it ran.
        #expect(zip(heard, heard.dropFirst()).allSatisfy { abs($1 - $0 - meter.beatFrames) <= 1 }, "klick: \(heard)")

        var problems: [String] = []
        let clicks = tactusEar.onsets
        if heard.count != 3 * meter.beats { problems.append("klick clicked \(heard)") }
        if let first = heard.first {
            // tactus planned on klick's grid before the roll: from klick's
            // first click on, each of its clicks has tactus' with it.
            let judged = heard.filter { $0 >= first }
            for click in judged where !clicks.contains(where: { abs($0 - click) <= 1 }) {
                problems.append("no tactus click within a frame of \(click): \(clicks)")
            }
            let during = clicks.filter { $0 >= (judged.first ?? 0) - 1 && $0 <= (judged.last ?? 0) + 1 }
            if during.count != judged.count { problems.append("tactus: \(clicks), klick: \(heard)") }
        }
        if !problems.isEmpty { problems.append("tactus printed: \(result.stdout)") }
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }

    /// Waits until klick has started its metronome: it has said so (`-L`,
    /// klick's verbose flag, which its help leaves out) and its main thread
    /// sleeps in the loop that follows. Until then its process callback
    /// returns without a click whatever the transport does, yet klick has
    /// registered its port, connected it and become timebase master before:
    /// a klick held up there (a page of its code read in on a busy machine)
    /// is connected, publishes a bar, and stays silent through a roll.
    /// klick connects its port to `ear` before it starts, but a connection
    /// reaches the graph that clients read only with the server's next cycle
    /// (jack2 switches its graph state at a cycle's start); on a busy machine
    /// that cycle has come after klick's start. So it is waited for, in the
    /// ear's cycles.
    static func waitUntilStarted(_ klick: ChildProcess, log: URL, connectedTo ear: JackRecorder) async throws {
        try await TestWait.time(.seconds(20)).until(
            "klick's metronome started ('starting metronome...' in its log, then its main loop's sleep)",
            detail: { text(of: log) }, waitingInKernel: { KernelWait.holds(klick.pid) }
        ) {
            guard !klick.hasExited else { throw JackTestServerError("klick exited before its metronome started: \(text(of: log))") }
            return text(of: log).contains("starting metronome...") && KernelState.sleeps(klick.pid)
        }
        var connections = "none"
        try await TestWait.frames(48_000, of: ear).until(
            "klick's connection to \(ear.audioInput.name) in the graph", detail: { "its connections: \(connections); klick's log: \(text(of: log))" }
        ) {
            do {
                let found = try ear.client.connections(of: ear.audioInput.name)
                connections = found.isEmpty ? "none" : found.joined(separator: ", ")
                return !found.isEmpty
            } catch {
                connections = "not read (\(error))"
                return false
            }
        }
    }

    static func text(of log: URL) -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
}
