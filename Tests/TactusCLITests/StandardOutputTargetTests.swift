import Foundation
import Testing
import TactusTestSupport

/// Standard output named as an output path (`-`, `/dev/stdout`, `/dev/fd/1`,
/// `/proc/self/fd/1`): written to the descriptor as the shell opened it,
/// never replaced, with no note about it mixed into the data.
@Suite struct StandardOutputTargetTests {
    static let names = ["-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"]

    /// A folder holding `r.json` and its CSV as a file writes it (`ref.csv`).
    static func folderWithCSV() throws -> (URL, [UInt8]) {
        let directory = try TactusBinary.scratchFolder()
        try SampleReports.write(try SampleReports.report(seed: 1, createdAt: "2026-11-20T10:00:00Z", bars: 2), as: "r.json", in: directory)
        #expect(try TactusBinary.run(["report", "csv", "r.json", "--out", "ref.csv"], in: directory).exitCode == 0)
        return (directory, Array(try Data(contentsOf: directory.appendingPathComponent("ref.csv"))))
    }

    @Test(arguments: names)
    func aPipeGetsExactlyTheData(name: String) throws {
        let (directory, csv) = try Self.folderWithCSV()
        let (result, bytes) = try TactusBinary.runToPipe(["report", "csv", "r.json", "--out", name], in: directory)
        #expect(result == TactusBinary.Exit(exitCode: 0, stderr: ""))
        #expect(bytes == csv)
        #expect(csv.count > 1_000)
    }

    @Test(arguments: names)
    func aFileOpenedToAppendKeepsWhatItHeldAndStaysTheSameFile(name: String) throws {
        let (directory, csv) = try Self.folderWithCSV()
        let log = directory.appendingPathComponent("app.log")
        try Data("earlier line\n".utf8).write(to: log)
        let before = try FileManager.default.attributesOfItem(atPath: log.path)[.systemFileNumber] as? Int
        let result = try TactusBinary.runAppending(["report", "csv", "r.json", "--out", name], in: directory, to: log)
        #expect(result == TactusBinary.Exit(exitCode: 0, stderr: ""))
        #expect(Array(try Data(contentsOf: log)) == Array("earlier line\n".utf8) + csv)
        #expect(try FileManager.default.attributesOfItem(atPath: log.path)[.systemFileNumber] as? Int == before)
    }

    @Test func aTerminalGetsTheBytesUnchanged() throws {
        let directory = try TactusBinary.scratchFolder()
        let render = ["render", "--bars", "1", "--sample-rate", "8000"]
        #expect(try TactusBinary.run(render + ["--out", "ref.wav"], in: directory).exitCode == 0)
        let (result, bytes) = try TactusBinary.runOnTerminal(render + ["--out", "/dev/stdout"], in: directory)
        #expect(result == TactusBinary.Exit(exitCode: 0, stderr: ""))
        #expect(bytes == Array(try Data(contentsOf: directory.appendingPathComponent("ref.wav"))))
    }

    @Test func aLinkToStandardOutputIsWrittenThroughAndStays() throws {
        let (directory, csv) = try Self.folderWithCSV()
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("out.csv").path, withDestinationPath: "/dev/stdout")
        let (result, bytes) = try TactusBinary.runToPipe(["report", "csv", "r.json", "--out", "out.csv"], in: directory)
        #expect(result == TactusBinary.Exit(exitCode: 0, stderr: ""))
        #expect(bytes == csv)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.appendingPathComponent("out.csv").path) == "/dev/stdout")
    }

    /// `tactus render --out - | head -c 100`: the reader takes what it
    /// wants and goes; tactus stops without a word.
    @Test func aReaderThatStopsEarlyEndsTheCommandQuietly() throws {
        let directory = try TactusBinary.scratchFolder()
        let pipe = Pipe()
        let child = try TactusBinary.start(
            ["render", "--bars", "200", "--sample-rate", "48000", "--out", "-"], in: directory,
            stdout: .descriptor(pipe.fileHandleForWriting.fileDescriptor))
        try pipe.fileHandleForWriting.close()
        let head = try pipe.fileHandleForReading.read(upToCount: 100)
        try pipe.fileHandleForReading.close()
        try child.wait(for: "exit of tactus render after its reader went")
        #expect(head?.count == 100)
        #expect(child.terminationSignal == nil)
        #expect(child.exitStatus == 0)
        #expect(child.stderr == "")
    }

    @Test func aDescriptorThatIsNotOpenIsRefused() throws {
        let (directory, _) = try Self.folderWithCSV()
        let result = try TactusBinary.run(["report", "csv", "r.json", "--out", "/dev/fd/999"], in: directory)
        #expect(result == TactusBinary.Result(
            exitCode: 1, stdout: "", stderr: "tactus report csv: /dev/fd/999: cannot write: descriptor 999 is not open (--out)\n"))
    }

    /// A regular file in a folder that takes no new files: said as it is,
    /// not as "No such file or directory".
    @Test func aFileThatCannotBeReplacedSaysSo() throws {
        let directory = try TactusBinary.scratchFolder()
        let result = try TactusBinary.run(["render", "--bars", "1", "--sample-rate", "8000", "--out", "/proc/version"], in: directory)
        #expect(result == TactusBinary.Result(exitCode: 1, stdout: "", stderr: "tactus render: /proc/version: cannot write: cannot be replaced: "
            + "/proc takes no new files, and tactus writes the new file beside it before renaming it (--out)\n"))
    }
}

/// Every output of a command is checked before any is written.
@Suite struct OutputPrecheckTests {
    @Test func aBadTruthLeavesTheMIDIFileAsItWas() throws {
        let directory = try TactusBinary.scratchFolder()
        try Data("old".utf8).write(to: directory.appendingPathComponent("s.mid"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("truths"), withIntermediateDirectories: false)
        let result = try TactusBinary.run(["simulate", "--bars", "1", "--out", "s.mid", "--truth", "truths"], in: directory)
        #expect(result == TactusBinary.Result(
            exitCode: 1, stdout: "", stderr: "tactus simulate: truths: cannot write: is a directory; give a file name (--truth)\n"))
        #expect(try Data(contentsOf: directory.appendingPathComponent("s.mid")) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["s.mid", "truths"])
    }

    @Test func twoOptionsNamingOneFileAreAUsageError() throws {
        let directory = try TactusBinary.scratchFolder()
        let result = try TactusBinary.run(["simulate", "--bars", "1", "--out", "x.mid", "--truth", "./x.mid"], in: directory)
        #expect(result == TactusBinary.Result(
            exitCode: 2, stdout: "", stderr: "tactus simulate: --out and --truth both write ./x.mid; give each its own file\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
    }

    /// The journal beside the report is checked with it, before JACK is asked.
    @Test func aSessionWhoseJournalCannotBeWrittenIsRefusedBeforeItStarts() throws {
        let directory = try TactusBinary.scratchFolder()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("r.journal.jsonl"), withIntermediateDirectories: false)
        var environment = ProcessInfo.processInfo.environment
        environment["JACK_NO_START_SERVER"] = "1"
        let result = try TactusBinary.run(
            ["run", "--server", "tactus-no-such-server", "--report", "r.json"], in: directory, environment: environment)
        #expect(result == TactusBinary.Result(exitCode: 1, stdout: "",
            stderr: "tactus run: r.journal.jsonl: cannot write: is a directory; give a file name (the report's journal)\n"))
    }

    @Test(arguments: [
        (["render", "--bars", "1", "--out", "d"], "tactus render: d: cannot write: is a directory; give a file name (--out)\n"),
        (["analyze", "take.mid", "--report", "d"], "tactus analyze: d: cannot write: is a directory; give a file name (--report)\n"),
        (["report", "csv", "r.json", "--out", "d"], "tactus report csv: d: cannot write: is a directory; give a file name (--out)\n"),
        (["report", "html", "r.json", "--out", "d"], "tactus report html: d: cannot write: is a directory; give a file name (--out)\n"),
        (["report", "recover", "r.json", "--out", "d"], "tactus report recover: d: cannot write: is a directory; give a file name (--out)\n"),
    ])
    func everyCommandChecksItsOutputsBeforeItReadsOrComputes(arguments: [String], stderr: String) throws {
        let directory = try TactusBinary.scratchFolder()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("d"), withIntermediateDirectories: false)
        let result = try TactusBinary.run(arguments, in: directory)
        #expect(result == TactusBinary.Result(exitCode: 1, stdout: "", stderr: stderr))
    }
}
