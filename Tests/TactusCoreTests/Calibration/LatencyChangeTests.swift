import Foundation
import Testing
@testable import TactusCore

@Suite struct LatencyChangeTests {
    /// 120 BPM 4/4 at 48 kHz: a beat every 24 000 frames.
    let grid = ConstantTempoGrid()

    @Test func eachHitIsCompensatedWithTheLatencyInForceWhenItWasCaptured() throws {
        let start = LatencyCompensation(clickOutputFrames: 0, inputCaptureFrames: 0, userOffsetMs: 1)
        var scorer = try Scorer(grid: grid, settings: ScoringSettings(latency: start))
        // A netjack2 return path appears at frame 30 000: 768 frames in, 256 out.
        let event = try scorer.change(LatencyChange(
            frame: 30_000, latency: start.withPortLatencies(clickOutputFrames: 256, inputCaptureFrames: 768)))
        #expect(event == SessionEvent(kind: .latency, frame: 30_000, detail: "latency compensation 22.333 ms: JACK 256 frames out + 768 in"))
        // Each hit 1 ms late at the player's ear: before the change at the
        // beat + 48, after it at the beat + 48 + 1024 frames.
        let hits = scorer.scoreSnare(at: [24_000 + 48, 48_000 + 48 + 1_024, 72_000 + 48 + 1_024])
        #expect(hits.map(\.offsetMs) == [0, 0, 0])
        #expect(scorer.latency(atFrame: 29_999) == start)
        #expect(scorer.latency(atFrame: 30_000).inputCaptureFrames == 768)
    }

    @Test func aLaterChangeBackRestoresTheOldFiguresFromItsFrame() throws {
        var scorer = try Scorer(grid: grid, settings: ScoringSettings())
        _ = try scorer.change(LatencyChange(frame: 30_000, latency: LatencyCompensation(inputCaptureFrames: 768)))
        _ = try scorer.change(LatencyChange(frame: 60_000, latency: LatencyCompensation(inputCaptureFrames: 64)))
        let hits = scorer.scoreSnare(at: [24_000, 48_000 + 768, 72_000 + 64])
        #expect(hits.map(\.offsetMs) == [0, 0, 0])
        // A change dated before the latest replaces it.
        _ = try scorer.change(LatencyChange(frame: 50_000, latency: .none))
        #expect(scorer.latencyChanges.map(\.frame) == [30_000, 50_000])
    }

    /// Stop, finish and advance settle with the compensation in force at
    /// their frame, as hits are scored with it.
    @Test func stopSettlesWithTheLatencyInForceAtItsFrame() throws {
        var scorer = try Scorer(grid: grid, settings: ScoringSettings(subdivision: 1))
        // 768 frames (16 ms) of capture latency from frame 30 000 on.
        _ = try scorer.change(LatencyChange(frame: 30_000, latency: LatencyCompensation(inputCaptureFrames: 768)))
        // Stopped at 48 480: 10 ms after beat 3 as played, 6 ms before it as heard.
        #expect(scorer.latency(atFrame: 48_480).offsetMs(hitFrame: 48_480, gridFrame: 48_000, sampleRate: 48_000) == -6)
        let stopped = scorer.stop(at: 48_480)
        #expect(stopped.progress.misses.map(\.position) == [GridPosition(bar: 1, beat: 1), GridPosition(bar: 1, beat: 2)])
        #expect(stopped.progress.completedBars.map(\.frames) == [48_480])
        #expect(stopped.nextBar == 2)
    }

    @Test func finishSettlesWithTheLatencyInForceAtItsFrame() throws {
        var scorer = try Scorer(grid: grid, settings: ScoringSettings(subdivision: 1))
        _ = try scorer.change(LatencyChange(frame: 30_000, latency: LatencyCompensation(inputCaptureFrames: 768)))
        let finished = scorer.finish(at: 48_480)
        #expect(finished.misses.map(\.position) == [GridPosition(bar: 1, beat: 1), GridPosition(bar: 1, beat: 2)])
        #expect(finished.completedBars.map(\.frames) == [48_480])
    }

    /// A control loop sleeps until `nextSettleFrame`: after a change it is
    /// where `advance(to:)` settles with the new compensation.
    @Test func nextSettleFrameFollowsTheLatencyInForce() throws {
        var scorer = try Scorer(grid: grid, settings: ScoringSettings(subdivision: 1))
        #expect(scorer.nextSettleFrame == 2_401)
        _ = try scorer.change(LatencyChange(frame: 0, latency: LatencyCompensation(inputCaptureFrames: 768)))
        // Beat 1 settles once a hit would be past +50 ms after 16 ms of capture: 2 400 + 768 + 1.
        #expect(scorer.nextSettleFrame == 3_169)
        #expect(scorer.advance(to: 3_168).misses.isEmpty)
        #expect(scorer.advance(to: 3_169).misses.map(\.frame) == [0])
    }

    @Test func aNegativeLatencyIsRefused() throws {
        var scorer = try Scorer(grid: grid, settings: ScoringSettings())
        #expect(throws: SettingError.self) {
            try scorer.change(LatencyChange(frame: 0, latency: LatencyCompensation(inputCaptureFrames: -1)))
        }
        #expect(scorer.latencyChanges.isEmpty)
    }

    @Test func theReportStatesTheChangesAndReadsThemBack() throws {
        var settings = SampleSession.settings
        settings.scoring.latency = LatencyCompensation(clickOutputFrames: 256, inputCaptureFrames: 0, userOffsetMs: 3)
        settings.latencyChanges = [LatencyChange(frame: 96_000, latency: settings.scoring.latency.withPortLatencies(clickOutputFrames: 256, inputCaptureFrames: 768))]
        let text = String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)
        let value = try JSONValue.parse(text)
        guard case .array(let changes)? = value["latencyCompensation"]?["changes"] else {
            Issue.record("no latencyCompensation.changes in \(text)")
            return
        }
        #expect(changes.count == 1)
        let change = changes.first
        #expect(change?["frame"] == .integer(96_000))
        #expect(change?["clickOutputFrames"] == .integer(256))
        #expect(change?["inputCaptureFrames"] == .integer(768))
        #expect(change?["totalMs"] == .number(24.333))
        #expect(value["latencyCompensation"]?["inputCaptureFrames"] == .integer(0))
        #expect(try JSONDecoder().decode(ReportSettings.self, from: Data(text.utf8)) == settings)
    }

    @Test func aReportWithLatencyChangesMatchesTheSchema() throws {
        var run = try SampleSession.run()
        run.report.settings.latencyChanges = [LatencyChange(frame: 48_000, latency: LatencyCompensation(inputCaptureFrames: 768))]
        run.report.events.append(SessionEvent(kind: .latency, frame: 48_000, detail: "latency compensation 16.000 ms: JACK 0 frames out + 768 in"))
        let value = try JSONValue.parse(try run.report.jsonText())
        #expect(try JSONSchemaValidator.report().errors(in: value) == [])
        // Without changes the field is left out, as before.
        let plain = try JSONValue.parse(try SampleSession.run().report.jsonText())
        #expect(plain["settings"]?["latencyCompensation"]?["changes"] == nil)
    }

    @Test func theLiveViewShowsTheCompensationInForce() throws {
        var state = LiveViewState(tempo: Tempo(bpm: 120))
        state.latencyMs = 21.333
        #expect(LiveView.counters(state, width: 80).map(\.text).joined() == "dropped 0  xruns 0  latency 21.3 ms  * perfect  + good  o ok  x extra")
        // A narrow screen drops it before the counters.
        #expect(LiveView.counters(state, width: 30).map(\.text).joined() == "dropped 0  xruns 0")
    }
}
