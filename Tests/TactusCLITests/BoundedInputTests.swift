import Foundation
import Testing
import TactusTestSupport

/// Inputs read with a bound: an endless one (`/dev/zero`) or a huge one is
/// refused with one line and exit 4, under a memory limit that reading it
/// whole would break.
@Suite struct BoundedInputTests {
    /// Far below what reading a whole huge input would take.
    static let memoryLimit = 768 << 20
    static let tooLarge = "larger than 256 MiB; tactus reads no input this large (is it the right file?)"

    /// A mono 16-bit WAV header at `rate` whose data chunk claims `dataBytes`.
    static func wavHeader(rate: UInt32, dataBytes: UInt32) -> [UInt8] {
        func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        return Array("RIFF".utf8) + le32(36 &+ dataBytes) + Array("WAVE".utf8) + Array("fmt ".utf8) + le32(16) + le16(1) + le16(1)
            + le32(rate) + le32(rate * 2) + le16(2) + le16(16) + Array("data".utf8) + le32(dataBytes)
    }

    /// A sparse file of `size` bytes starting with `prefix`.
    static func sparseFile(_ url: URL, size: Int, prefix: [UInt8] = []) throws {
        try Data(prefix).write(to: url)
        #expect(truncate(url.path, off_t(size)) == 0)
    }

    @Test func anEndlessSoundIsRefusedByItsHeader() throws {
        let directory = try TactusBinary.scratchFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (result, _) = try TactusBinary.runToPipe(
            ["render", "--bars", "1", "--sound", "/dev/zero", "--out", "x.wav"], in: directory, memoryLimit: Self.memoryLimit)
        #expect(result == TactusBinary.Exit(
            exitCode: 4, stderr: "tactus render: /dev/zero: byte 0: expected 'RIFF', found 00 00 00 00; not a WAV file\n"))
    }

    /// An hour of sound: its length is judged from the header and the file's size.
    @Test func anHourLongSoundIsRefusedBeforeItIsRead() throws {
        let directory = try TactusBinary.scratchFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let dataBytes = 48_000 * 2 * 3_600
        try Self.sparseFile(directory.appendingPathComponent("hour.wav"), size: 44 + dataBytes,
            prefix: Self.wavHeader(rate: 48_000, dataBytes: UInt32(dataBytes)))
        let (result, _) = try TactusBinary.runToPipe(
            ["render", "--bars", "1", "--sound", "hour.wav", "--out", "x.wav"], in: directory, memoryLimit: Self.memoryLimit)
        #expect(result == TactusBinary.Exit(exitCode: 4, stderr: "tactus render: hour.wav: the sound lasts 3600 s at 48000 Hz; "
            + "a click sound lasts at most 10 s (its click is cut to 1 s); give a shorter WAV file\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["hour.wav"])
    }

    /// A header claiming more than the file holds is judged by what it holds.
    @Test func tenSecondsAreTakenElevenAreNot() throws {
        let directory = try TactusBinary.scratchFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        for seconds in [10, 11] {
            let dataBytes = 8_000 * 2 * seconds
            try Self.sparseFile(directory.appendingPathComponent("\(seconds)s.wav"), size: 44 + dataBytes,
                prefix: Self.wavHeader(rate: 8_000, dataBytes: 0xFFFF_FFF0))
        }
        let ten = try TactusBinary.run(["render", "--bars", "1", "--sound", "10s.wav", "--out", "x.wav", "--quiet"], in: directory)
        #expect(ten == TactusBinary.Result(exitCode: 0, stdout: "", stderr: ""))
        let eleven = try TactusBinary.run(["render", "--bars", "1", "--sound", "11s.wav", "--out", "y.wav"], in: directory)
        #expect(eleven == TactusBinary.Result(exitCode: 4, stdout: "", stderr: "tactus render: 11s.wav: the sound lasts 11.000 s at 8000 Hz; "
            + "a click sound lasts at most 10 s (its click is cut to 1 s); give a shorter WAV file\n"))
    }

    @Test(arguments: [
        (["analyze", "INPUT"], "tactus analyze: INPUT: cannot read the MIDI file: \(tooLarge)\n"),
        (["play", "INPUT", "--to", "x:y"], "tactus play: INPUT: cannot read the MIDI file: \(tooLarge)\n"),
        (["report", "show", "INPUT"], "tactus report show: INPUT: cannot read the report: \(tooLarge)\n"),
        (["report", "recover", "INPUT"], "tactus report recover: INPUT: cannot read the journal: \(tooLarge)\n"),
        (["render", "--bars", "1", "--out", "x.wav", "--config", "INPUT"],
         "tactus render: INPUT: cannot read the config: larger than 16 MiB; tactus reads no input this large (is it the right file?)\n"),
    ], ["/dev/zero", "huge"])
    func endlessAndHugeInputsAreRefusedInOneLine(place: ([String], String), input: String) throws {
        let (arguments, stderr) = place
        let directory = try TactusBinary.scratchFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.sparseFile(directory.appendingPathComponent("huge"), size: 3 << 30)
        let named = arguments.map { $0 == "INPUT" ? input : $0 }
        let (result, output) = try TactusBinary.runToPipe(named, in: directory, memoryLimit: Self.memoryLimit)
        #expect(result == TactusBinary.Exit(exitCode: 4, stderr: stderr.replacingOccurrences(of: "INPUT", with: input)))
        #expect(output == [])
    }
}
