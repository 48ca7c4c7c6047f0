import Foundation
import Glibc
import Testing
import TactusCore
import TactusJack

/// Port options that cannot connect yet say so in one line, and `play`
/// gives up after `--wait` seconds, against a real dummy server.
@Suite(.serialized)
struct PortWaitingJackTests {
    static func midi() throws -> String {
        let notes = (0..<8).map { MIDIFileNote(tick: 240 * $0, duration: 60, channel: 9, note: 38, velocity: 100) }
        let file = MIDIFile(
            format: .simultaneousTracks, ticksPerQuarter: 480, tempoChanges: [MIDITempoChange(tick: 0, microsecondsPerQuarter: 500_000)],
            meterChanges: [], notes: notes)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-wait-\(UUID().uuidString).mid").path
        try Data(file.encoded()).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func playIntoAnAudioPortSaysSoAndGivesUp() async throws {
        let path = try Self.midi()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await JackTestServer.with { server in
            let result = try await TactusChild.run(["play", path, "--server", server.name, "--to", "system:playback_1", "--wait", "1"])
            #expect(result == TactusChild.Result(exitCode: 1, stdout: "", stderr: """
                tactus play: --to system:playback_1: system:playback_1 is an audio input port; tactus-play:out needs a MIDI input port (see 'tactus ports')
                tactus play: no MIDI input port matching system:playback_1 (--to) appeared within 1 s; nothing played (see 'tactus ports'; --wait 0 waits forever)

                """))
        }
    }

    @Test func playIntoAMissingPortWaitsAloudThenGivesUp() async throws {
        let path = try Self.midi()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await JackTestServer.with { server in
            let result = try await TactusChild.run(["play", path, "--server", server.name, "--to", "nosuch:port", "--wait", "1"])
            #expect(result == TactusChild.Result(exitCode: 1, stdout: "", stderr: """
                tactus play: waiting for a MIDI input port matching nosuch:port (--to); it is connected as soon as it appears
                tactus play: no MIDI input port matching nosuch:port (--to) appeared within 1 s; nothing played (see 'tactus ports'; --wait 0 waits forever)

                """))
        }
    }

    @Test func runNamesPortsItCannotConnect() async throws {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-wait-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        try await JackTestServer.with { server in
            let result = try await TactusChild.run([
                "run", "--server", server.name, "--bars", "1", "--bpm", "240", "--no-ui", "--report", report,
                "--connect-click", "nosuch:port", "--connect-input", "system:capture_1",
            ])
            #expect(result.exitCode == 0)
            #expect(result.stderr.hasPrefix("""
                tactus run: waiting for an audio input port matching nosuch:port (--connect-click); it is connected as soon as it appears
                tactus run: --connect-input system:capture_1: system:capture_1 is an audio output port; tactus:input needs a MIDI output port (see 'tactus ports')

                """))
        }
    }

    /// A session already past its Start: the player says the clock runs and how to start it.
    @Test func aClockAlreadyRunningIsNamed() async throws {
        let path = try Self.midi()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-wait-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        try await JackTestServer.with { server in
            // No end of its own: the session runs until the test stops it,
            // however long the player is held in the kernel before it looks
            // for the session's ports (70 s once, beside a busy core, when a
            // 64-bar session had ended by then).
            let session = try TactusChild(["run", "--server", server.name, "--bpm", "240", "--count-in", "1", "--no-ui", "--report", report])
            // Bar 1 is over, so its Start has gone out and the clock runs.
            try await session.poll("the line of bar 1", within: .frames(12 * 48_000, of: server)) { session.stdout.contains("\nbar 1 ") }
            let player = try TactusChild(["play", path, "--server", server.name, "--to", "tactus:input", "--start-on-clock", "tactus:clock"])
            try await player.poll("the running clock notice") { player.stderr.contains("already running") || player.process.hasExited }
            player.signal(SIGINT)
            let result = try await player.result()
            session.signal(SIGINT)
            _ = try await session.result()
            #expect(result == TactusChild.Result(exitCode: 0, stdout: "played 0 of 16 events in 0.000 s (0 late); stopped before the start\n", stderr: """
                tactus play: what it plays comes back to its clock input through JACK's graph, a loop JACK delays by one period (64 frames); each event goes out that much early so it arrives on time
                tactus play: waiting for MIDI Start from tactus:clock; start the transport there (Ctrl-C gives up)
                tactus play: tactus:clock is already running without having sent Start; stop it and start it from the top (tactus run: end the session and run it again)

                """))
        }
    }
}
