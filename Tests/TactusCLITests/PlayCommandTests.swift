import Foundation
import Glibc
import Testing
import TactusCore
import TactusTestSupport

/// `tactus play` where no JACK server is needed: the errors before and at
/// the connection. Playing itself is tested against a real server in
/// TactusJackTests (PlayCommandJackTests).
@Suite struct PlayCommandTests {
    typealias Result = TactusBinary.Result

    /// A server name no test starts.
    static let absentServer = "tactus-absent-\(getpid())"

    static func writeGroove(in directory: URL) throws {
        let file = MIDIFile(
            ticksPerQuarter: 480, tempoChanges: [MIDITempoChange(tick: 0, microsecondsPerQuarter: 500_000)],
            notes: [MIDIFileNote(tick: 0, duration: 10, note: 36, velocity: 100)])
        try Data(file.encoded()).write(to: directory.appendingPathComponent("groove.mid"))
    }

    @Test func noServerIsExit3WithOneLine() throws {
        let directory = try TactusBinary.scratchFolder()
        try Self.writeGroove(in: directory)
        let result = try TactusBinary.run(["play", "groove.mid", "--to", "tactus:input", "--server", Self.absentServer], in: directory)
        #expect(result == Result(
            exitCode: 3, stdout: "",
            stderr: "tactus play: cannot reach JACK server '\(Self.absentServer)': is jackd running? "
                + "(start one with: jackd -n \(Self.absentServer) -d dummy)\n"))
    }

    @Test func aFileThatIsNotMIDIIsExit4WithItsOffset() throws {
        let directory = try TactusBinary.scratchFolder()
        try Data("RIFF....WAVE".utf8).write(to: directory.appendingPathComponent("click.wav"))
        // A header that promises a 6-byte header but then has division 0.
        try Data(Array("MThd".utf8) + [0, 0, 0, 6, 0, 0, 0, 1, 0, 0]).write(to: directory.appendingPathComponent("zero.mid"))
        #expect(try TactusBinary.run(["play", "click.wav", "--to", "x:y", "--server", Self.absentServer], in: directory) == Result(
            exitCode: 4, stdout: "",
            stderr: "tactus play: click.wav: offset 0: header: not a Standard MIDI File (it does not start with MThd)\n"))
        let zero = try TactusBinary.run(["play", "zero.mid", "--to", "x:y", "--server", Self.absentServer], in: directory)
        #expect(zero.exitCode == 4)
        #expect(zero.stderr.hasPrefix("tactus play: zero.mid: offset 12: header: division 0"))
        #expect(zero.stderr.filter { $0 == "\n" }.count == 1)
        #expect(try TactusBinary.run(["play", "missing.mid", "--to", "x:y"], in: directory) == Result(
            exitCode: 4, stdout: "", stderr: "tactus play: missing.mid: cannot read the MIDI file: No such file or directory\n"))
    }

    @Test func usageErrors() throws {
        func usage(_ arguments: [String], _ line: String) throws {
            #expect(try TactusBinary.run(["play"] + arguments) == Result(exitCode: 2, stdout: "", stderr: "tactus play: \(line)\n"))
        }
        try usage(["--to", "x:y"], "missing FILE.mid; give the MIDI file to play")
        try usage(["a.mid"], "--to: missing; give the port to play into (list them with 'tactus ports')")
        try usage(["a.mid", "b.mid", "--to", "x:y"], "unexpected argument 'b.mid'")
        try usage(["a.mid", "--to", ""], "--to: expected a port name like tactus:input or a regex like '^tactus:in', got ''")
        try usage(["a.mid", "--to", "x:y", "--lead-ms", "-1"], "--lead-ms: expected milliseconds from 0 to 10000, got '-1'")
        try usage(["a.mid", "--to", "x:y", "--name", "a:b"], "--name: expected a client name without ':', got 'a:b'")
        try usage(["a.mid", "--to", "x:y", "--start-on-clock", "tactus:clock", "--lead-ms", "100"],
                  "--lead-ms and --start-on-clock exclude each other; the MIDI Start sets the start")
        try usage(["a.mid", "--to", "x:y", "--loud"], "unknown option '--loud'")
    }
}
