import Foundation
import Testing
import TactusTestSupport

/// `tactus calibrate` and the practice program options of `tactus run`:
/// what is refused before any JACK server is needed.
@Suite struct CalibrateCommandTests {
    typealias Result = TactusBinary.Result

    static func usageError(_ line: String) -> Result {
        Result(exitCode: 2, stdout: "", stderr: line + "\n")
    }

    @Test func badCalibrateOptions() throws {
        #expect(try TactusBinary.run(["calibrate", "--taps", "8"])
            == Self.usageError("tactus calibrate: --taps: tapping along needs at least 12 taps (the first 4 only settle in), got 8"))
        #expect(try TactusBinary.run(["calibrate", "--taps", "2", "--loopback", "system:capture_1"])
            == Self.usageError("tactus calibrate: --taps: expected a number of taps from 4 to 1000, got '2'"))
        #expect(try TactusBinary.run(["calibrate", "--threshold", "2"])
            == Self.usageError("tactus calibrate: --threshold: expected a level above 0 and at most 1, got '2'"))
        #expect(try TactusBinary.run(["calibrate", "--device", ""])
            == Self.usageError("tactus calibrate: --device: expected a device name, got ''"))
    }

    @Test func anUnreadableStoreIsReportedBeforeJACKIsTouched() throws {
        let directory = try TactusBinary.scratchFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("tactus/calibration.json")
        try FileManager.default.createDirectory(at: store.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"devices": {"kit": {"latencyMs": "late", "method": "tap", "measuredAt": "2025-03-01T10:00:00Z"}}}"#.utf8).write(to: store)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = directory.path
        environment["JACK_DEFAULT_SERVER"] = "tactus-no-such-server-\(UUID().uuidString)"
        #expect(try TactusBinary.run(["calibrate"], environment: environment) == Result(
            exitCode: 4, stdout: "", stderr: "tactus calibrate: \(store.path): devices[\"kit\"].latencyMs: expected a number, found a string\n"))
    }

    @Test func badProgramOptions() throws {
        #expect(try TactusBinary.run(["run", "--gate", "5,5"])
            == Self.usageError("tactus run: --gate: needs a speed trainer: --speed-trainer START:STEP:BARS:TARGET, or speedTrainer in the config"))
        #expect(try TactusBinary.run(["run", "--gate", "5"])
            == Self.usageError("tactus run: --gate: expected MEAN,SD in ms, 0 or more, like 10,15, got '5'"))
        #expect(try TactusBinary.run(["run", "--speed-trainer", "80:5:4"])
            == Self.usageError("tactus run: --speed-trainer: expected START:STEP:BARS:TARGET like 80:5:4:120, optionally ending in :stop, got '80:5:4'"))
        #expect(try TactusBinary.run(["run", "--speed-trainer", "80:5:4:60"])
            == Self.usageError("tactus run: --speed-trainer: expected START:STEP:BARS:TARGET like 80:5:4:120, optionally ending in :stop, got '80:5:4:60'"))
        #expect(try TactusBinary.run(["run", "--speed-trainer", "80:5:4:120", "--bpm", "90"])
            == Self.usageError("tactus run: --speed-trainer excludes --bpm and --ramp; the trainer starts at its START tempo"))
        #expect(try TactusBinary.run(["run", "--random-mute", "120"])
            == Self.usageError("tactus run: --random-mute: expected a percentage 0–100, optionally :SEED, like 25 or 25:7, got '120'"))
        #expect(try TactusBinary.run(["run", "--practice-minutes", "0"])
            == Self.usageError("tactus run: --practice-minutes: expected minutes above 0 up to 1440, got '0'"))
        #expect(try TactusBinary.run(["run", "--rest-minutes", "5"])
            == Self.usageError("tactus run: --rest-minutes: needs practiceMinutes, the playing time before each rest"))
    }
}
