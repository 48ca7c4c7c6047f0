import Foundation
import Testing
@testable import TactusCore
import TactusSession

/// One input's device and stored calibration are chosen one way, for the
/// session's input as for each player's. At 48 kHz, 48 frames are 1 ms.
@Suite struct InputCalibrationTests {
    static let store = CalibrationStore(devices: [
        "TD-17": DeviceCalibration(latencyMs: 2.5, method: .tap, measuredAt: Date(timeIntervalSince1970: 1_740_823_200), spreadMs: 1),
        "default": DeviceCalibration(latencyMs: -4, method: .loopback, measuredAt: Date(timeIntervalSince1970: 1_740_823_200), spreadMs: 0),
    ])

    /// The device named is taken without asking what is connected: 256 + 512
    /// frames are 16 ms, with 2.5 stored and 1 given 19.5 ms.
    @Test func theNamedDeviceAndItsCalibration() {
        var asked = false
        let input = InputCalibration(
            named: "TD-17", connected: { asked = true; return "a2j:other" }(), store: Self.store, noCalibration: false,
            ports: PortLatencies.Input(clickOutputFrames: 256, inputCaptureFrames: 512), manualMs: 1, sampleRate: 48_000)
        #expect(!asked)
        #expect(input.device == "TD-17")
        #expect(input.use?.calibration.latencyMs == 2.5)
        #expect(input.latency == LatencyCompensation(clickOutputFrames: 256, inputCaptureFrames: 512, userOffsetMs: 3.5))
        #expect(input.line == "latency compensation 19.500 ms: JACK 256 frames out + 512 in, +2.500 ms from the tap calibration of 'TD-17' (2025-03-01T10:00:00Z), +1.000 ms given")
    }

    /// Else the port connected to the input: 64 + 48 frames are 2.333 ms.
    @Test func theConnectedDeviceWithoutACalibration() {
        let input = InputCalibration(
            named: nil, connected: "a2j:TD-17", store: Self.store, noCalibration: false,
            ports: PortLatencies.Input(clickOutputFrames: 64, inputCaptureFrames: 48), manualMs: 0, sampleRate: 48_000)
        #expect(input.device == "a2j:TD-17" && input.use == nil)
        #expect(input.latency == LatencyCompensation(clickOutputFrames: 64, inputCaptureFrames: 48, userOffsetMs: 0))
        #expect(input.line == "latency compensation 2.333 ms: JACK 64 frames out + 48 in, no calibration for 'a2j:TD-17' (tactus calibrate)")
    }

    /// Else `default`, with its calibration: 96 frames are 2 ms, less 4 stored.
    @Test func theDefaultDevice() {
        let input = InputCalibration(
            named: nil, connected: nil, store: Self.store, noCalibration: false,
            ports: PortLatencies.Input(clickOutputFrames: 96, inputCaptureFrames: 0), manualMs: 0, sampleRate: 48_000)
        #expect(input.device == "default" && input.use?.calibration.latencyMs == -4)
        #expect(input.line == "latency compensation -2.000 ms: JACK 96 frames out + 0 in, -4.000 ms from the loopback calibration of 'default' (2025-03-01T10:00:00Z)")
    }

    @Test func noCalibrationSaysSo() {
        let input = InputCalibration(
            named: nil, connected: nil, store: nil, noCalibration: true,
            ports: PortLatencies.Input(clickOutputFrames: 0, inputCaptureFrames: 0), manualMs: -1.25, sampleRate: 48_000)
        #expect(input.device == "default" && input.use == nil)
        #expect(input.latency.userOffsetMs == -1.25)
        #expect(input.line == "latency compensation -1.250 ms: JACK 0 frames out + 0 in, no calibration (--no-calibration), -1.250 ms given")
    }

    /// The line at the start names the compensation as the report's event
    /// names a change to it, its numbers rounded half away from zero as
    /// every report number is: 1.2345 ms is 1.235 in both.
    @Test func theLineNamesTheCompensationAsTheReportDoes() throws {
        let input = InputCalibration(
            named: nil, connected: nil, store: nil, noCalibration: true,
            ports: PortLatencies.Input(clickOutputFrames: 0, inputCaptureFrames: 0), manualMs: 1.2345, sampleRate: 48_000)
        #expect(input.line == "latency compensation 1.235 ms: JACK 0 frames out + 0 in, no calibration (--no-calibration), +1.235 ms given")
        var scorer = try Scorer(grid: try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)), startFrame: 0), settings: ScoringSettings())
        let event = try scorer.change(LatencyChange(frame: 0, latency: input.latency))
        #expect(event.detail == "latency compensation 1.235 ms: JACK 0 frames out + 0 in")
    }
}
