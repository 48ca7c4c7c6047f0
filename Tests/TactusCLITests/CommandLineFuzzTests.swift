import Testing
import TactusCore
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
