import Foundation
import Testing
import TactusCore
import TactusTestSupport

/// Every kind of thing an output path can name, in a scratch folder (the
/// device nodes under /dev are only ever written to, never replaced).
@Suite struct OutputTargetTests {
    typealias Result = TactusBinary.Result

    static let render = ["render", "--bars", "1", "--sample-rate", "8000"]
    static let wrote = "wrote %@: 16000 frames (2.000 s at 8000 Hz, pcm16), 4 clicks, 1 bar of 4/4 at 120 BPM\n"
    static let wavBytes = 32_044

    static func wrote(_ path: String) -> String { wrote.replacingOccurrences(of: "%@", with: path) }

    static func attributes(_ url: URL) throws -> [FileAttributeKey: Any] {
        try FileManager.default.attributesOfItem(atPath: url.path)
    }

    /// The folder holds exactly `names`: no temporary file is left behind.
    static func contents(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func aSymbolicLinkStaysAndItsTargetIsReplacedKeepingItsPermissions() throws {
        let directory = try TactusBinary.scratchFolder()
        let target = directory.appendingPathComponent("real.wav")
        try Data("old".utf8).write(to: target)
        chmod(target.path, 0o640)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("link.wav").path, withDestinationPath: "real.wav")
        let result = try TactusBinary.run(Self.render + ["--out", "link.wav"], in: directory)
        #expect(result == Result(exitCode: 0, stdout: Self.wrote("link.wav"), stderr: ""))
        let link = try Self.attributes(directory.appendingPathComponent("link.wav"))
        #expect(link[.type] as? FileAttributeType == .typeSymbolicLink)
        let real = try Self.attributes(target)
        #expect(real[.size] as? Int == Self.wavBytes)
        #expect(real[.posixPermissions] as? Int == 0o640)
        #expect(try Self.contents(directory) == ["link.wav", "real.wav"])
    }

    @Test func aDanglingSymbolicLinkCreatesItsTarget() throws {
        let directory = try TactusBinary.scratchFolder()
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("link.wav").path, withDestinationPath: "new.wav")
        let result = try TactusBinary.run(Self.render + ["--out", "link.wav"], in: directory)
        #expect(result.exitCode == 0)
        #expect(try Self.attributes(directory.appendingPathComponent("new.wav"))[.size] as? Int == Self.wavBytes)
        #expect(try Self.contents(directory) == ["link.wav", "new.wav"])
    }

    @Test func aFIFOIsWrittenToAndStaysAFIFO() throws {
        let directory = try TactusBinary.scratchFolder()
        let fifo = directory.appendingPathComponent("pipe.wav")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let received = ReceivedBytes()
        let reader = Thread { received.read(fifo.path) }
        reader.start()
        let result = try TactusBinary.run(Self.render + ["--out", "pipe.wav"], in: directory)
        #expect(result.exitCode == 0)
        #expect(result.stdout == Self.wrote("pipe.wav"))
        #expect(received.wait() == Self.wavBytes)
        #expect(isFIFO(fifo.path))
        #expect(try Self.contents(directory) == ["pipe.wav"])
    }

    @Test func aDirectoryIsAnError() throws {
        let directory = try TactusBinary.scratchFolder()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("out"), withIntermediateDirectories: false)
        let result = try TactusBinary.run(Self.render + ["--out", "out"], in: directory)
        #expect(result == Result(exitCode: 1, stdout: "", stderr: "tactus render: out: cannot write: is a directory; give a file name (--out)\n"))
        #expect(try Self.contents(directory) == ["out"])
    }

    @Test func aCharacterDeviceIsWrittenToNotReplaced() throws {
        let directory = try TactusBinary.scratchFolder()
        let result = try TactusBinary.run(Self.render + ["--out", "/dev/null"], in: directory)
        #expect(result == Result(exitCode: 0, stdout: Self.wrote("/dev/null"), stderr: ""))
        #expect(try Self.attributes(URL(fileURLWithPath: "/dev/null"))[.type] as? FileAttributeType == .typeCharacterSpecial)
        #expect(try Self.contents(directory) == [])
    }

    @Test func aFullDeviceFailsWithExitOne() throws {
        let directory = try TactusBinary.scratchFolder()
        let render = try TactusBinary.run(Self.render + ["--out", "/dev/full"], in: directory)
        #expect(render == Result(exitCode: 1, stdout: "", stderr: "tactus render: /dev/full: cannot write: No space left on device\n"))
        try SampleReports.write(try SampleReports.report(seed: 1, createdAt: "2026-11-20T10:00:00Z", bars: 2), as: "r.json", in: directory)
        let csv = try TactusBinary.run(["report", "csv", "r.json", "--out", "/dev/full"], in: directory)
        #expect(csv == Result(exitCode: 1, stdout: "", stderr: "tactus report csv: /dev/full: cannot write: No space left on device\n"))
        let simulate = try TactusBinary.run(["simulate", "--bars", "1", "--out", "/dev/full"], in: directory)
        #expect(simulate == Result(exitCode: 1, stdout: "", stderr: "tactus simulate: /dev/full: cannot write: No space left on device\n"))
        #expect(try Self.attributes(URL(fileURLWithPath: "/dev/full"))[.type] as? FileAttributeType == .typeCharacterSpecial)
        #expect(try Self.contents(directory) == ["r.json"])
    }

    @Test func sigtermDuringARenderLeavesNoTemporaryFile() throws {
        let directory = try TactusBinary.scratchFolder()
        let child = try TactusBinary.start(
            ["render", "--bars", "900", "--sample-rate", "192000", "--format", "float", "--out", "long.wav"], in: directory,
            stdout: .null, stderr: .null)
        // Until the temporary file exists and has grown.
        let deadline = ContinuousClock.now + .seconds(30)
        var started = false
        while !started, !child.hasExited, ContinuousClock.now < deadline {
            started = (try? Self.contents(directory))?.contains { $0.hasPrefix(".long.wav.") } == true
            usleep(20_000)
        }
        #expect(started)
        child.signal(SIGTERM)
        try child.wait(for: "exit of tactus render after SIGTERM", within: .seconds(30))
        #expect(child.terminationSignal == SIGTERM)
        #expect(try Self.contents(directory) == [])
    }
}

private func isFIFO(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
}

/// Counts what a reader of a FIFO receives until the writer closes it.
private final class ReceivedBytes: @unchecked Sendable {
    private var count = 0
    private let done = DispatchSemaphore(value: 0)

    func read(_ path: String) {
        let descriptor = open(path, O_RDONLY)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while descriptor >= 0 {
            let got = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if got <= 0 { break }
            count += got
        }
        if descriptor >= 0 { close(descriptor) }
        done.signal()
    }

    func wait() -> Int {
        done.wait()
        return count
    }
}

@Suite struct PortOptionTests {
    @Test(arguments: [
        (["play", "x.mid", "--to", "[bad(regex"], "--to", "[bad(regex"),
        (["play", "x.mid", "--to", "a:b", "--start-on-clock", "(x"], "--start-on-clock", "(x"),
        (["run", "--connect-click", "nosuch:port", "--connect-input", "[bad("], "--connect-input", "[bad("),
        (["calibrate", "--connect-click", "*"], "--connect-click", "*"),
    ])
    func aBadRegexIsAUsageErrorNamingTheOption(arguments: [String], option: String, text: String) throws {
        let result = try TactusBinary.run(arguments)
        #expect(result.exitCode == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("tactus \(arguments[0]): \(option): '\(text)' is not a valid regular expression ("))
        #expect(result.stderr.hasSuffix("); give an exact port name or a POSIX extended regex (see 'tactus ports')\n"))
    }
}

@Suite struct SessionReportTargetTests {
    /// Refused before JACK is touched, so no session is played for nothing.
    @Test func aDirectoryAsTheReportIsRefusedBeforeTheSession() throws {
        let directory = try TactusBinary.scratchFolder()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sessions"), withIntermediateDirectories: false)
        var environment = ProcessInfo.processInfo.environment
        environment["JACK_NO_START_SERVER"] = "1"
        let result = try TactusBinary.run(
            ["run", "--server", "tactus-no-such-server", "--report", "sessions"], in: directory, environment: environment)
        #expect(result == TactusBinary.Result(
            exitCode: 1, stdout: "", stderr: "tactus run: sessions: cannot write: is a directory; give a file name (--report)\n"))
    }
}
