extension PerformanceAnalysis {
    /// A recorded performance in audio scored like a MIDI file: each stroke at
    /// its onset frame, against a steady grid at `settings.tempo` (120 BPM,
    /// with a warning, when none is given) in `settings.meter` (4/4 when none)
    /// at the recording's sample rate. The performance ends at the recording's
    /// end, but no later than the end of the bar the last stroke is scored in.
    /// - Parameters:
    ///   - strokes: What `StrokeDetector` found, in time order.
    ///   - frameCount: Frames in the recording.
    public static func analyze(
        strokes: [DetectedStroke], frameCount: Int64, settings: AnalysisSettings, createdAt: String, source: ReportSource
    ) throws(SettingError) -> PerformanceAnalysis {
        var analysis = try analyze(
            hits: strokes.map { .stroke(frame: $0.frame, levelDb: $0.levelDb) }, frameCount: frameCount, settings: settings,
            createdAt: createdAt, source: source)
        if settings.tempo == nil, settings.pulse == nil {
            analysis.warnings.insert("a recording has no tempo map; scoring against 120 BPM (give --bpm)", at: 0)
        }
        if strokes.isEmpty { analysis.warnings.append("no strokes found in the recording") }
        return analysis
    }

    /// Hits at their frames (a recording's strokes, a live take's notes
    /// played in free time) scored like a MIDI file's notes, against a steady
    /// grid at `settings.tempo` (120 BPM when none) in `settings.meter` (4/4
    /// when none), or through `settings.pulse`'s beats. The take ends at
    /// `frameCount`, but no later than the end of the bar the last hit is
    /// scored in.
    /// - Parameter hits: In time order.
    public static func analyze(
        hits: [InputHit], frameCount: Int64, settings: AnalysisSettings, createdAt: String, source: ReportSource
    ) throws(SettingError) -> PerformanceAnalysis {
        let spec = TimelineSpec(
            sampleRate: settings.sampleRate, tempo: settings.tempo ?? Tempo(milliBPM: 120_000), meter: settings.meter ?? .fourFour,
            subdivision: settings.scoring.subdivision)
        var timeline: Timeline
        if let pulse = settings.pulse {
            timeline = try settings.pulseGrid(pulse, meter: spec.meter)
        } else {
            timeline = try Timeline(spec: spec, startFrame: steadyOriginFrame(settings.origin, clock: nil, spec: spec))
        }
        timeline = try settings.layered(timeline)
        var scorer = try Scorer(grid: timeline, settings: settings.scoring)
        scorer.reserveCapacity(hits: hits.count)
        for hit in hits {
            _ = scorer.advance(to: hit.frame)
            _ = scorer.score(hit)
        }
        var endFrame = timeline.originFrame
        if let last = hits.last?.frame {
            let lastBar = timeline.nearest(to: last, subdivision: settings.scoring.subdivision, swing: settings.scoring.swing).position.bar
            endFrame = max(last + 1, min(frameCount, timeline.frame(ofBar: max(lastBar, 0) + 1)))
        }
        _ = scorer.finish(at: endFrame)
        return PerformanceAnalysis(
            report: report(consume scorer, timeline: timeline, settings: settings, createdAt: createdAt, source: source),
            warnings: [], timeline: timeline)
    }
}
