import Foundation
import Testing
import TactusCore

/// How hard a recording is played, from its strokes' levels: one voice (the
/// recording), in dB, with a dynamic level of 6 dB.
struct RecordingDynamicsTests {
    /// 24 bars of snare eighths at 100 BPM in a room, bar 1 at 1 s; the &s
    /// `softerDb` below the beats, every stroke's gain 10 % off at random.
    static func report(softerDb: Double, seed: UInt64 = 3) throws -> PracticeReport {
        let rate = 48_000
        var random = SplitMix64(seed: seed)
        var strokes: [SynthesizedStroke] = []
        for eighth in 0..<(24 * 8) {
            let frame = Int64(rate) + Int64(eighth) * Int64(rate) * 60 / 100 / 2
            let gain = 0.7 * (eighth % 2 == 1 ? pow(10, -softerDb / 20) : 1) * (1 + 0.1 * random.nextSignedUnit())
            strokes.append(SynthesizedStroke(frame: frame, voice: .snare, gain: gain))
        }
        let synthesizer = StrokeSynthesizer(sampleRate: rate, room: 0.25, noiseDb: -66, seed: seed)
        let samples = synthesizer.render(strokes, frameCount: 62 * rate)
        var detector = try StrokeDetector(settings: StrokeDetectorSettings(sampleRate: rate))
        let found = detector.process(samples[...]) + detector.finish()
        let settings = AnalysisSettings(
            tempo: Tempo(milliBPM: 100_000), scoring: ScoringSettings(subdivision: 2), origin: .time(microseconds: 1_000_000))
        return try PerformanceAnalysis.analyze(
            strokes: found, frameCount: Int64(samples.count), settings: settings, createdAt: "2026-11-28T12:00:00Z",
            source: ReportSource(kind: .analyze, file: "pad.wav")).report
    }

    @Test func softAndsInARecordingAreNamedInDecibels() throws {
        let report = try Self.report(softerDb: 9)
        #expect(report.summary.matched == 192)
        let dynamics = report.findings.filter { $0.kind == .dynamics }
        #expect(dynamics.count == 1)
        let ands = try #require(dynamics.first)
        #expect(ands.voice == "recording")
        #expect(ands.aspect == "position")
        #expect(ands.subdivision == 2)
        #expect(ands.direction == .softer)
        #expect(ands.unit == "dB")
        // The &s against the mean of all strokes: half the 9 dB gap, give or take the room.
        #expect(abs(ands.estimate + 4.5) < 1.5)
        #expect(ands.text.hasPrefix("the recording's off-beat 8ths (the &) are "))
        #expect(ands.text.contains(" dB softer than its other notes (dB, 95 %: "))
    }

    /// A seed an argument: the five takes are scored side by side.
    @Test(arguments: UInt64(1)...5)
    func evenStrokesMakeNoDynamicsClaim(seed: UInt64) throws {
        let report = try Self.report(softerDb: 0, seed: seed)
        #expect(report.findings.filter { $0.kind == .dynamics }.isEmpty, "seed \(seed)")
    }
}
