import Foundation
import Glibc
import Testing
import TactusCore
import TactusJack
import TactusTestSupport

/// `tactus run` (the built binary) on a server that stops running cycles
/// without going away: jackd stopped with SIGSTOP. Sessions at 240 BPM, a
/// bar a second (`TactusRunFaultTests`).
@Suite(.serialized)
struct StoppedServerJackTests {
    static func stopped(_ server: JackTestServer) -> String {
        "tactus run: JACK server '\(server.name)' has run no cycle for 2 s; waiting for it (Ctrl-C ends the session)\n"
    }

    @Test func aServerStoppedAndContinuedIsWaitedForAndTheSessionCarriesOn() async throws {
        try await TactusRunScratch.with { scratch in
            let (server, report) = (scratch.server, scratch.report)
            let run = try scratch.run(["--bars", "8"])
            try await run.poll("first bar", within: TactusRunFaultTests.within(bars: 1, of: server)) { run.stdout.contains("bar 1 ") }
            server.signal(SIGSTOP)
            defer { server.signal(SIGCONT) }
            try await run.poll("the stop said", within: .time(.seconds(20))) { run.stderr.contains(Self.stopped(server)) }
            server.signal(SIGCONT)
            let status = try await run.wait(within: TactusRunFaultTests.within(bars: 8, of: server))
            #expect(status == 0, "stderr: \(run.stderr)")
            #expect(run.stderr.components(separatedBy: Self.stopped(server)).count == 2)
            let back = try #require(run.stderr.split(separator: "\n").last.map(String.init))
            #expect(back.hasPrefix("tactus run: JACK server '\(server.name)' runs cycles again after "))
            #expect(back.hasSuffix(" s; carrying on where it stopped"))
            #expect(run.stdout.hasSuffix("report: \(report)\n"))
            // The server's frames count its cycles: the session goes on from
            // where they stopped, and the stop is the xrun JACK reports.
            let saved = try PracticeReport.read(report)
            #expect(saved.events.filter { $0.kind != .xrun }.isEmpty)
            #expect(saved.events.contains { $0.kind == .xrun })
            #expect(saved.bars.map(\.bar) == Array(1...8))
            #expect(!TactusRunFaultTests.exists(scratch.journal))
        }
    }

    /// In the live view the stop and the return are said on its feedback line.
    @Test func inTheLiveViewTheStopAndTheReturnAreSaidOnTheFeedbackLine() async throws {
        try await TactusRunScratch.with { scratch in
            let server = scratch.server
            let terminal = try PseudoTerminal(columns: 200, rows: 30)
            let process = try ChildProcess(
                try TactusBinary.require().path, ["run", "--server", server.name, "--bpm", "240", "--report", scratch.report],
                environment: scratch.environment.merging(["TERM": "xterm-256color", "NO_COLOR": "1"]) { $1 },
                stdin: .terminal(terminal), stdout: .terminal(terminal), stderr: .terminal(terminal))
            try await terminal.read("the live view in bar 2", from: process, within: TactusRunFaultTests.within(bars: 2, of: server)) {
                $0.contains("bar 2")
            }
            server.signal(SIGSTOP)
            defer { server.signal(SIGCONT) }
            try await terminal.read("the stop on the feedback line", from: process, within: .time(.seconds(20))) {
                $0.contains("JACK server '\(server.name)' has run no cycle for 2 s; waiting for it (Ctrl-C ends the session)")
            }
            server.signal(SIGCONT)
            try await terminal.read("the return on the feedback line", from: process, within: .time(.seconds(20))) {
                $0.contains("JACK server '\(server.name)' runs cycles again after ") && $0.contains(" s; carrying on where it stopped")
            }
            terminal.type("q")
            try await TestWait.time(.seconds(20)).until("tactus's exit after q", waitingInKernel: { KernelWait.holds(process.pid) }) {
                process.hasExited
            }
            #expect(process.exitStatus == 0)
            #expect(try PracticeReport.read(scratch.report).events.filter { $0.kind != .xrun }.isEmpty)
        }
    }

    @Test func aServerLeftStoppedEndsTheRunAfter30SecondsWithItsReport() async throws {
        try await TactusRunScratch.with { scratch in
            let (server, report) = (scratch.server, scratch.report)
            let run = try scratch.run()
            try await run.poll("first bar", within: TactusRunFaultTests.within(bars: 1, of: server)) { run.stdout.contains("bar 1 ") }
            server.signal(SIGSTOP)
            defer { server.signal(SIGCONT) }
            // Ending, tactus asks nothing of the stopped server, which would never answer.
            let status = try await run.wait(within: .time(.seconds(60)))
            #expect(status == 3)
            #expect(run.stderr == Self.stopped(server) + "tactus run: JACK server '\(server.name)' went away (ran no cycle for 30 s); report saved to \(report)\n")
            #expect(run.stdout.hasSuffix("report: \(report)\n"))
            let saved = try PracticeReport.read(report)
            #expect(saved.events.filter { $0.kind != .xrun }.map(\.kind) == [.serverLost])
            #expect(saved.bars.first?.bar == 1)
            #expect(!TactusRunFaultTests.exists(scratch.journal))
        }
    }

    /// With `--reconnect` the limit saves the report so far, and the wait
    /// goes on for the same server's cycles; leading the transport, tactus
    /// takes it again, and the positions it publishes keep JACK's rules.
    @Test func withReconnectAServerStoppedPastTheLimitIsWaitedForStill() async throws {
        try await TactusRunScratch.with { scratch in
            let (server, report) = (scratch.server, scratch.report)
            let positions = try JackPositionCheck(server: server.name, meter: (beats: 4, noteValue: 4))
            let run = try scratch.run(["--bars", "8", "--reconnect", "--transport", "master"])
            try await run.poll("first bar", within: TactusRunFaultTests.within(bars: 1, of: server)) { run.stdout.contains("bar 1 ") }
            server.signal(SIGSTOP)
            defer { server.signal(SIGCONT) }
            let limit = "tactus run: JACK server '\(server.name)' has run no cycle for 30 s; the report so far is saved to \(report); waiting for it to run cycles or be restarted (Ctrl-C ends the session)\n"
            try await run.poll("the limit said", within: .time(.seconds(60))) { run.stderr.contains(limit) }
            #expect(run.stderr == Self.stopped(server) + limit)
            #expect(try PracticeReport.read(report).events.filter { $0.kind != .xrun }.map(\.kind) == [.serverLost])
            let rolledBefore = positions.checked
            server.signal(SIGCONT)
            let status = try await run.wait(within: TactusRunFaultTests.within(bars: 8, of: server))
            #expect(status == 0, "stderr: \(run.stderr)")
            let back = try #require(run.stderr.split(separator: "\n").last.map(String.init))
            #expect(run.stderr == Self.stopped(server) + limit + back + "\n")
            #expect(back.hasPrefix("tactus run: JACK server '\(server.name)' runs cycles again after "))
            #expect(positions.checked > rolledBefore && positions.broken == 0, "first out of range: \(String(describing: positions.firstBroken))")
            let saved = try PracticeReport.read(report)
            #expect(saved.events.filter { $0.kind != .xrun }.map(\.kind) == [.serverLost, .reconnected])
            #expect(saved.events.first { $0.kind == .serverLost }?.detail == "ran no cycle for 30 s")
            #expect(saved.bars.last?.bar == 8)
        }
    }
}
