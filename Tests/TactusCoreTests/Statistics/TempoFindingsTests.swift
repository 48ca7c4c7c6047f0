import Foundation
import Testing
import TactusCore

/// The tempo claims of a take played without a click, from its bars'
/// tempi: drift, and bars off the take's trend, under the control of false
/// claims the other findings share.
struct TempoFindingsTests {
    /// A pulse of `count` bars of 4/4 whose bar `bar` (from 1) has tempo
    /// `bpm(bar)` plus `noise` BPM at random (normal, seeded).
    static func pulse(bars count: Int, noise: Double = 0, seed: UInt64 = 1, bpm: (Int) -> Double) -> PulseReport {
        var random = SplitMix64(seed: seed)
        var time = 0.0
        var bars: [PulseReport.Bar] = []
        for bar in 1...count {
            let tempo = bpm(bar) + noise * random.nextNormal()
            bars.append(PulseReport.Bar(bar: bar, timeS: time, bpm: tempo))
            time += 4 * 60 / tempo
        }
        return PulseReport(beats: [], bars: bars, level: "", downbeatShown: true)
    }

    static var settings: ReportSettings {
        var settings = ReportSettings(tempo: Tempo(milliBPM: 100_000), meter: .fourFour, scoring: ScoringSettings(), sampleRate: 48_000)
        settings.freeTime = true
        return settings
    }

    /// The tempo claims (the steadiness, told of every take, left out).
    static func tempoFindings(_ pulse: PulseReport) -> [Finding] {
        Findings.of(settings: settings, hits: [], pulse: pulse).filter { $0.kind == .tempo && $0.aspect != "steadiness" }
    }

    static func steadiness(_ pulse: PulseReport) -> Finding? {
        Findings.of(settings: settings, hits: [], pulse: pulse).first { $0.aspect == "steadiness" }
    }

    @Test func aTakeThatSpeedsUpIsToldItsDrift() throws {
        // 100 to 110 BPM over 64 bars (about 2.4 minutes), bars 0.3 BPM apart at random.
        let pulse = Self.pulse(bars: 64, noise: 0.3) { 100 + 10 * Double($0 - 1) / 63 }
        let findings = Self.tempoFindings(pulse)
        #expect(findings.count == 1)
        let drift = try #require(findings.first)
        #expect(drift.aspect == "drift")
        #expect(drift.direction == .faster)
        #expect(drift.unit == "BPM/min")
        #expect(drift.n == 64)
        // 10 BPM over the 63 bars between the first and the last one's start.
        let minutes = (pulse.bars[63].timeS - pulse.bars[0].timeS) / 60
        #expect(drift.ci95[0] < 10 / minutes && 10 / minutes < drift.ci95[1])
        #expect(drift.text.hasPrefix("your tempo rises as you play: +"))
    }

    @Test func aPushedFillIsOneSectionOfItsBars() throws {
        // Steady 100, bars 15 and 16 pushed to 106.
        let pulse = Self.pulse(bars: 32, noise: 0.3) { (15...16).contains($0) ? 106 : 100 }
        let findings = Self.tempoFindings(pulse)
        #expect(findings.count == 1)
        let section = try #require(findings.first)
        #expect(section.aspect == "section")
        #expect(section.bars == [15, 16])
        #expect(section.direction == .faster)
        #expect(section.n == 2)
        #expect(abs(section.estimate - 6) < 1)
        #expect(section.text.hasPrefix("bars 15–16 go faster than the take's trend: +"))
    }

    @Test func aStepIsOneClaimAtItsBar() throws {
        // 100 BPM, then 110 from bar 17: no drift, no section.
        let pulse = Self.pulse(bars: 32, noise: 0.3) { $0 < 17 ? 100 : 110 }
        let findings = Self.tempoFindings(pulse)
        #expect(findings.map(\.aspect) == ["step"])
        let step = try #require(findings.first)
        #expect(step.bars == [17, 17])
        #expect(step.direction == .faster)
        #expect(abs(step.estimate - 10) < 0.5)
        #expect(step.text.hasPrefix("at bar 17 the tempo steps up from 10"))
    }

    @Test func theSteadinessIsTheSpreadOfTheBarsAroundTheTrend() throws {
        // Eight bars 2.4 s apart at 100 BPM ± 0.6 (+ − − + + − − +): the
        // line through them is flat at 100, the residuals ±0.6, and the SD
        // with n − 2 degrees of freedom √(8 · 0.36 / 6) = √0.48.
        let signs: [Double] = [1, -1, -1, 1, 1, -1, -1, 1]
        let bars = signs.enumerated().map { PulseReport.Bar(bar: $0.offset + 1, timeS: 2.4 * Double($0.offset), bpm: 100 + 0.6 * $0.element) }
        let pulse = PulseReport(beats: [], bars: bars, level: "", downbeatShown: true)
        #expect(Self.tempoFindings(pulse).isEmpty)
        let steadiness = try #require(Self.steadiness(pulse))
        #expect(abs(steadiness.estimate - 0.48.squareRoot()) < 1e-9)
        #expect(steadiness.n == 8 && steadiness.unit == "BPM")
        #expect(steadiness.ci95[0] < steadiness.estimate && steadiness.estimate < steadiness.ci95[1])
        #expect(steadiness.text == "your tempo holds within ±0.69 BPM from bar to bar around its trend (95 %: 0.45 to 1.55 BPM, 8 bars)")
        // Seven bars are too few to tell.
        #expect(Self.steadiness(PulseReport(beats: [], bars: Array(bars.prefix(7)), level: "", downbeatShown: true)) == nil)
    }

    @Test func theSteadinessOfATakeWithAStepOrAFillIsOfTheRest() throws {
        // Bar-to-bar noise of 0.3 BPM made on purpose, around a step and around a pushed fill.
        let step = try #require(Self.steadiness(Self.pulse(bars: 32, noise: 0.3) { $0 < 17 ? 100 : 110 }))
        #expect(step.ci95[0] < 0.3 && 0.3 < step.ci95[1], "\(step.text)")
        let fill = try #require(Self.steadiness(Self.pulse(bars: 32, noise: 0.3) { (15...16).contains($0) ? 106 : 100 }))
        #expect(fill.n == 30)
        #expect(fill.ci95[0] < 0.3 && 0.3 < fill.ci95[1], "\(fill.text)")
    }

    @Test func aSteadyTakeMakesNoTempoClaim() {
        let pulse = Self.pulse(bars: 32) { _ in 100 }
        #expect(Self.tempoFindings(pulse).isEmpty)
    }

    /// Noise alone, in 200 takes of 32 bars: a tempo claim in at most 5 %.
    @Test func noiseAloneIsRarelyClaimed() {
        let claimed = (1...200).filter { seed in
            !Self.tempoFindings(Self.pulse(bars: 32, noise: 0.5, seed: UInt64(seed)) { _ in 100 }).isEmpty
        }.count
        #expect(claimed <= 10, "\(claimed) of 200 takes of noise alone had a tempo claim")
    }

    @Test func againstOnesOwnPulseThereIsNoMeanOrDriftOfOffsets() {
        // Every hit 20 ms late, drifting: against a click both would be told.
        var hits: [ScoredHit] = []
        for bar in 1...32 {
            for beat in 1...4 {
                let ms = 20 + Double(bar) * 0.5 + (beat % 2 == 0 ? 1 : -1)
                let gridFrame = Int64(((bar - 1) * 4 + beat - 1) * 24_000)
                let frame = gridFrame + Int64((ms * 48).rounded())
                hits.append(ScoredHit(
                    frame: frame, gridFrame: gridFrame, timeS: Double(frame) / 48_000, position: GridPosition(bar: bar, beat: beat, subdivision: 1),
                    offsetMs: ms, note: 38, velocity: 100, channel: 10, grade: .good, muted: false))
            }
        }
        var clicked = Self.settings
        clicked.freeTime = false
        #expect(Set(Findings.of(settings: clicked, hits: hits).map(\.kind)).isSuperset(of: [.overall, .drift]))
        #expect(Findings.of(settings: Self.settings, hits: hits).filter { [.overall, .drift].contains($0.kind) }.isEmpty)
    }
}
