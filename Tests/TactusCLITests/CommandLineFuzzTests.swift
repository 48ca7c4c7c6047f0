import Foundation
import Testing
import TactusCore
import TactusTestSupport
@testable import tactus

/// Random and mangled command lines for every command, parsed in-process:
/// each is accepted or refused with a one-line message and exit code 2 or 4,
/// never a crash.
@Suite struct CommandLineFuzzTests {
    static let words = [
        "--bpm", "97", "97.5", "0", "-1", "401", "1e309", "nan", "--meter", "7/8", "0/4", "4/0", "32/32", "33/4",
        "--subdivision", "5", "7", "--accents", "Xx.o", "XQ", "", "--count-in", "65", "--ramp", "60-180/32",
        "60-", "--gap", "4,2", "4,", "--bars", "100000000000", "--duration", "inf", "--sound", "bell", "--out",
        "--server", "--connect-click", "[", "--latency-ms", "--windows", "10,25,50", "50,25,10", "--swing", "2:1",
        "0:0", "--expected", "x.x.", "--notes", "36,38-40", "40-36", "--since", "7d", "-7d", "--taps", "--actions",
        "tap,start-stop", "tap,,", "--preset", "--setlist", "--speed-trainer", "60:5:2:120", "60:5:0:120", "--gate",
        "--random-mute", "150", "--tempo-glide", "65", "--transport", "master", "sideways", "--report", "-", "--",
        "--help", "-h", "=", "--bpm=", "--bpm==97", "\u{1B}[2J", "\n", "é", "--no-ui", "--reconnect",
    ]

    @Test func randomCommandLinesNeverCrash() {
        var random = SplitMix64(seed: 0xC11)
        var refused = 0
        for round in 0..<20_000 {
            let command = Tactus.commands[round % Tactus.commands.count]
            let count = Int(random.next() % 7)
            let arguments = (0..<count).map { _ in Self.words[Int(random.next() % UInt64(Self.words.count))] }
            do {
                _ = try command.parse(arguments)
            } catch {
                refused += 1
                #expect([ExitCode.usage, .badInput].contains(error.exitCode), "\(command.name) \(arguments): \(error.message)")
                #expect(!error.message.isEmpty)
            }
        }
        #expect(refused > 5_000)
    }
}

/// The built binary run with random flags and values for every command,
/// and with mutated JSON files of every kind, each child bounded in time:
/// it exits (never hangs, never dies of a signal) with a code docs/design.md
/// names, and what it says on stderr is one-line errors in tactus's words.
@Suite struct BinaryFuzzTests {
    /// Values kept small, so a render or simulation never grows large, and
    /// no path outside the scratch folder but standard output (`-`).
    static let words = [
        "--bpm", "97", "0", "-1", "401", "nan", "--meter", "7/8", "0/4", "--subdivision", "2", "7", "--accents", "Xx.o",
        "XQ", "", "--count-in", "1", "65", "--bars", "2", "0", "--duration", "1.5", "inf", "--sample-rate", "8000",
        "--out", "o.wav", "o.mid", "d", "link", "-", "--format", "pcm24", "float", "--config", "config.json", "--pedal-map",
        "pedals.json", "--setlist", "setlist.json", "--report", "r.json", "--truth", "t.json", "--to", "[bad(", "x:y",
        "--connect-click", "nosuch:port", "--start-on-clock", "(", "--wait", "0", "-5", "--server", "--lead-ms", "99999",
        "--windows", "10,25,50", "--swing", "2:1", "--notes", "36,38-40", "--since", "7d", "--seed", "3", "--quiet",
        "--help", "=", "--bpm=", "\u{1B}[2J", "é", "--no-ui", "--json", "take.mid", "report.json", "mutated.json",
    ]

    static let commands: [[String]] = [
        ["render"], ["simulate"], ["analyze", "take.mid"], ["analyze"], ["report", "show"], ["report", "csv"],
        ["report", "compare", "report.json"], ["report", "trend", "."], ["report", "html"], ["report", "recover"],
        ["run"], ["play", "take.mid"], ["ports"], ["learn"], ["listen"], ["calibrate"],
    ]

    static func prepare(_ directory: URL) throws {
        func write(_ bytes: [UInt8], _ name: String) throws { try Data(bytes).write(to: directory.appendingPathComponent(name)) }
        let repository = TactusBinary.repository
        try write(Array(try Data(contentsOf: repository.appendingPathComponent("Configs/accents.json"))), "config.json")
        try write(Array(try Data(contentsOf: repository.appendingPathComponent("Configs/pedals/two-switch-cc.json"))), "pedals.json")
        try write(Array(try Data(contentsOf: repository.appendingPathComponent("Configs/setlists/example.json"))), "setlist.json")
        try SampleReports.write(try SampleReports.report(seed: 1, createdAt: "2026-11-20T10:00:00Z", bars: 2), as: "report.json", in: directory)
        try write(AnalyzeCommandTests.take().encoded(), "take.mid")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("d"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("link").path, withDestinationPath: "linked.wav")
    }

    /// `bytes` with a few random bytes changed, cut or replaced by JSON tokens.
    static func mutate(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        let tokens = ["null", "{", "]", "\"", "1e999", "-1", "[]", "{}", "\"x\"", ","].map { Array($0.utf8) }
        var bytes = bytes
        for _ in 0...(random.next() % 3) {
            guard !bytes.isEmpty else { break }
            let at = Int(random.next() % UInt64(bytes.count))
            switch random.next() % 3 {
            case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes.removeLast(Int(random.next() % UInt64(bytes.count / 4 + 1)))
            default: bytes.insert(contentsOf: tokens[Int(random.next() % UInt64(tokens.count))], at: at)
            }
        }
        return bytes
    }

    @Test func randomArgumentsAndFilesNeverCrashOrHang() throws {
        let directory = try TactusBinary.scratchFolder()
        try Self.prepare(directory)
        let seeds = try ["config.json", "pedals.json", "setlist.json", "report.json"].map {
            Array(try Data(contentsOf: directory.appendingPathComponent($0)))
        }
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = directory.path
        environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
        environment["JACK_DEFAULT_SERVER"] = "tactus-fuzz-no-server"
        environment["JACK_NO_START_SERVER"] = "1"
        var random = SplitMix64(seed: 0xF022)
        var codes: [Int32: Int] = [:]
        let rounds = fuzzRounds(300)
        for round in 0..<rounds {
            let seed = seeds[round % seeds.count]
            try Data(Self.mutate(seed, &random)).write(to: directory.appendingPathComponent("mutated.json"))
            for name in ["config.json", "pedals.json", "setlist.json"] where random.next() % 4 == 0 {
                try Data(Self.mutate(Array(try Data(contentsOf: directory.appendingPathComponent(name))), &random))
                    .write(to: directory.appendingPathComponent(name))
            }
            let command = Self.commands[round % Self.commands.count]
            let count = Int(random.next() % 6)
            let arguments = command + (0..<count).map { _ in Self.words[Int(random.next() % UInt64(Self.words.count))] }
            let result = try TactusBinary.run(arguments, in: directory, environment: environment, timeout: .seconds(20))
            codes[result.exitCode, default: 0] += 1
            #expect((0...4).contains(result.exitCode), "\(arguments): exit \(result.exitCode)\n\(result.stderr)")
            #expect(!isRawSwiftText(result.stderr), "\(arguments): \(result.stderr)")
            for line in result.stderr.split(separator: "\n") {
                #expect(line.hasPrefix("tactus"), "\(arguments): \(line)")
            }
            #expect(!result.stderr.contains("\r"), "\(arguments): a progress line while not on a terminal")
        }
        #expect(
            codes[2, default: 0] > rounds / 6 && codes[4, default: 0] > rounds / 60 && codes[3, default: 0] > rounds / 120
                && codes[0, default: 0] > rounds / 60, "\(codes)")
        // Bring the seed files back for the next run of the suite in this folder.
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Every command that writes a file, with standard output named every way
/// (`-`, `/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`) and opened every way
/// a shell opens it — a pipe, a file opened to append, a terminal: each gets
/// exactly the bytes the command writes to a file, nothing replaced, no
/// note mixed in, nothing on stderr.
@Suite struct StandardOutputFuzzTests {
    static let commands: [[String]] = [
        ["render", "--bars", "1", "--sample-rate", "8000", "--out", "OUT"],
        ["simulate", "--bars", "2", "--seed", "3", "--out", "OUT"],
        ["simulate", "--bars", "2", "--seed", "3", "--out", "s.mid", "--truth", "OUT"],
        ["analyze", "take.mid", "--quiet", "--report", "OUT"],
        ["report", "csv", "report.json", "--out", "OUT"],
        ["report", "html", "report.json", "--out", "OUT"],
    ]

    @Test(arguments: commands)
    func everyNameAndKindOfStandardOutputGetsTheFilesBytes(command: [String]) throws {
        let directory = try TactusBinary.scratchFolder()
        try BinaryFuzzTests.prepare(directory)
        func named(_ out: String) -> [String] { command.map { $0 == "OUT" ? out : $0 } }
        let reference = try TactusBinary.run(named("reference"), in: directory)
        #expect(reference.exitCode == 0, "\(reference.stderr)")
        let expected = Array(try Data(contentsOf: directory.appendingPathComponent("reference")))
        #expect(expected.count > 200)
        for name in StandardOutputTargetTests.names {
            let (piped, pipeBytes) = try TactusBinary.runToPipe(named(name), in: directory)
            #expect(piped == TactusBinary.Exit(exitCode: 0, stderr: ""), "\(named(name)) on a pipe")
            #expect(pipeBytes == expected, "\(named(name)) on a pipe")

            let log = directory.appendingPathComponent("append.log")
            try Data("kept\n".utf8).write(to: log)
            let appended = try TactusBinary.runAppending(named(name), in: directory, to: log)
            #expect(appended == TactusBinary.Exit(exitCode: 0, stderr: ""), "\(named(name)) >> append.log")
            #expect(Array(try Data(contentsOf: log)) == Array("kept\n".utf8) + expected, "\(named(name)) >> append.log")

            let (onTerminal, terminalBytes) = try TactusBinary.runOnTerminal(named(name), in: directory)
            #expect(onTerminal == TactusBinary.Exit(exitCode: 0, stderr: ""), "\(named(name)) on a terminal")
            #expect(terminalBytes == expected, "\(named(name)) on a terminal")
        }
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Huge and endless inputs in every place a command reads a file, each run
/// under an address-space limit that reading one whole would break: exit
/// 4 and one line naming the file, never a crash (134) or a backtrace.
@Suite struct EndlessInputFuzzTests {
    static let places: [[String]] = [
        ["render", "--bars", "1", "--out", "o.wav", "--sound", "INPUT"],
        ["render", "--bars", "1", "--out", "o.wav", "--config", "INPUT"],
        ["analyze", "INPUT"],
        ["analyze", "INPUT", "--report", "r.json"],
        ["play", "INPUT", "--to", "x:y"],
        ["report", "show", "INPUT"],
        ["report", "csv", "INPUT"],
        ["report", "html", "INPUT", "--out", "o.html"],
        ["report", "compare", "INPUT", "report.json"],
        ["report", "recover", "INPUT"],
        ["run", "--pedal-map", "INPUT"],
        ["run", "--setlist", "INPUT"],
        ["run", "--sound", "INPUT"],
    ]

    @Test func hugeAndEndlessInputsAreOneLineAndExitFour() throws {
        let directory = try TactusBinary.scratchFolder()
        try BinaryFuzzTests.prepare(directory)
        try BoundedInputTests.sparseFile(directory.appendingPathComponent("huge.json"), size: 3 << 30)
        try BoundedInputTests.sparseFile(directory.appendingPathComponent("long.wav"), size: 3 << 30,
            prefix: BoundedInputTests.wavHeader(rate: 44_100, dataBytes: 0xFFFF_FFF0))
        var environment = ProcessInfo.processInfo.environment
        environment["JACK_DEFAULT_SERVER"] = "tactus-fuzz-no-server"
        environment["JACK_NO_START_SERVER"] = "1"
        for place in Self.places {
            for input in ["/dev/zero", "./huge.json", "long.wav"] {
                let arguments = place.map { $0 == "INPUT" ? input : $0 }
                let (result, _) = try TactusBinary.runToPipe(arguments, in: directory, memoryLimit: BoundedInputTests.memoryLimit)
                #expect(result.exitCode == 4, "\(arguments): exit \(result.exitCode)\n\(result.stderr)")
                let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(lines.count == 2 && lines[1].isEmpty, "\(arguments): \(result.stderr)")
                #expect(lines[0].hasPrefix("tactus \(arguments[0])") && lines[0].contains(input), "\(arguments): \(result.stderr)")
                #expect(!isRawSwiftText(result.stderr), "\(arguments): \(result.stderr)")
            }
        }
        try? FileManager.default.removeItem(at: directory)
    }
}
