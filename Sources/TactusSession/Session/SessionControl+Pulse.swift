import TactusCore

extension SessionControl {
    /// Follows the player's own pulse from now on: in free time (`run
    /// --free`) hits are graded against it and the report is scored against
    /// the pulse of the whole take (`freeReport`); otherwise (a gap click) it
    /// only says the tempo held.
    public mutating func followPulse(free: Bool) {
        pulse = SessionPulse(timeline: timeline, tempo: tempo, division: scorer.settings.subdivision, free: free)
    }

    /// A hit just scored, as the step hands it on: through the pulse when
    /// one is followed (in free time graded against it).
    mutating func throughPulse(_ scored: ScoredHit) -> Step {
        guard var followed = pulse else { return Step(hits: [scored]) }
        let heard = followed.hear(scored, windows: scorer.settings.windows)
        pulse = followed
        return Step(hits: [heard.hit], pulseBars: heard.ended.map { [$0] } ?? [])
    }

    /// The report of a take in free time: every hit scored again against the
    /// player's own pulse in the whole take, found as `analyze --free` finds
    /// it (within a factor 1.5 of the tempo the session started at), with
    /// times and frames from the session's start. The session's settings,
    /// source and events are kept.
    /// - Throws: `SettingError` when the take cannot carry a pulse (too few
    ///   notes, too short); the grid's report is the one to keep then.
    public func freeReport(createdAt: String, source: ReportSource, settings: ReportSettings, endFrame: Int64) throws(SettingError) -> PracticeReport {
        let live = report(createdAt: createdAt, source: source, settings: settings)
        let start = timeline.startFrame
        let rate = timeline.sampleRate
        let hits = live.hits.map { hit in
            let played = hit.gridFrame + Int64((hit.offsetMs * Double(rate) / 1000).rounded()) - start
            if let level = hit.levelDb { return InputHit.stroke(frame: played, levelDb: level) }
            return InputHit(frame: played, note: hit.note, velocity: hit.velocity, channel: hit.channel)
        }.sorted { $0.frame < $1.frame }
        let startBPM = settings.tempo.bpm
        let range = max(Tempo.allowed.lowerBound.bpm, startBPM / 1.5)...min(Tempo.allowed.upperBound.bpm, startBPM * 1.5)
        let found = try PulseTracker.track(
            PulseOnset.hits(hits, sampleRate: rate, map: settings.drumMap), settings: PulseSettings(meter: settings.meter, bpmRange: range))
        var scoring = settings.scoring
        scoring.latency = .none
        var analysisSettings = AnalysisSettings(meter: settings.meter, scoring: scoring, sampleRate: rate)
        analysisSettings.drumMap = settings.drumMap
        analysisSettings.pulse = found
        let analysis: PerformanceAnalysis
        do {
            analysis = try PerformanceAnalysis.analyze(
                hits: hits, frameCount: max(endFrame - start, 0), settings: analysisSettings, createdAt: createdAt, source: source)
        } catch {
            throw SettingError("the pulse found gives no grid: \(error.message)")
        }
        var report = analysis.report
        var kept = settings
        kept.gap = nil
        kept.tempo = report.settings.tempo
        kept.freeTime = true
        report.settings = kept
        report.events = live.events.map { event in
            var moved = event
            moved.frame -= start
            return moved
        }
        return report
    }
}
