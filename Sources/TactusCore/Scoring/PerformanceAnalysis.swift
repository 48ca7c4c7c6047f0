/// A recorded performance (a Standard MIDI File) scored against its grid
/// with the same `Scorer` a live session uses: every note-on, in time order,
/// at the frame the file's exact tempo map gives it.
///
/// The grid follows the file's tempo map and time signatures (see
/// `Timeline.following`) unless `AnalysisSettings.tempo` asks for a steady
/// tempo; bar 1 starts at `AnalysisSettings.origin`, and notes before it are
/// listed as count-in. The performance ends at the file's end of track, but
/// no later than the bar line after the last scored note, so trailing silence
/// does not count as missed. Work is O(n log n) in the notes.
public struct PerformanceAnalysis: Sendable {
    public var report: PracticeReport
    /// What the reader of the report should know: tempo or meter assumptions,
    /// time signatures moved to a bar line, nothing to score.
    public var warnings: [String]
    /// The grid the notes were scored against.
    public var timeline: Timeline

    /// How many notes are scored between two calls of `analyze`'s `progress`.
    public static let progressStep = 4096

    /// - Parameter progress: Hears (notes scored, notes in all) every `progressStep` notes.
    public static func analyze(
        _ file: consuming MIDIFile, settings: AnalysisSettings, createdAt: String, source: ReportSource,
        progress: ((Int, Int) -> Void)? = nil
    ) throws(SettingError) -> PerformanceAnalysis {
        let tempoMap = file.tempoMap
        var notes = file.noteOnTicks
        let meterChanges = file.meterChanges
        let rate = settings.sampleRate
        let endTick = max(file.tracks.map(\.endTick).max() ?? 0, notes.last?.tick ?? 0)
        // Scoring needs only the notes: the file's events go before the hits pile up.
        _ = consume file
        var warnings: [String] = []

        var timeline: Timeline
        var tempoChanges: [ReportTempoChange] = []
        let clock = TempoMapClock(tempoMap: tempoMap, sampleRate: rate)
        let fileMeter = settings.meter ?? meterChanges.first { $0.tick <= 0 }?.timeSignature.meter ?? .fourFour
        if let pulse = settings.pulse {
            timeline = try settings.pulseGrid(pulse, meter: fileMeter)
        } else {
            if let clock, settings.tempo == nil {
                let originTick = try originTick(settings.origin, clock: clock, meter: fileMeter)
                let grid = try Timeline.following(
                    clock, meterChanges: meterChanges, meter: settings.meter, originTick: originTick, endTick: endTick,
                    subdivision: settings.scoring.subdivision)
                timeline = grid.timeline
                tempoChanges = grid.tempoChanges
                warnings += grid.warnings
            } else {
                let tempo = settings.tempo ?? Tempo(milliBPM: 120_000)
                if settings.tempo == nil {
                    warnings.append("the file counts time in SMPTE frames and has no tempo; scoring against 120 BPM (give --bpm)")
                }
                let meter = settings.meter ?? meterChanges.first { $0.tick <= 0 }?.timeSignature.meter ?? meterChanges.first?.timeSignature.meter ?? .fourFour
                if settings.meter == nil, Set(meterChanges.map(\.timeSignature.meter)).count > 1 {
                    warnings.append("with a steady tempo the grid keeps one meter, \(meter); the file's other time signatures are left out (give --meter)")
                }
                let spec = TimelineSpec(sampleRate: rate, tempo: tempo, meter: meter, subdivision: settings.scoring.subdivision)
                let originFrame = try steadyOriginFrame(settings.origin, clock: clock, spec: spec)
                timeline = try Timeline(spec: spec, startFrame: originFrame)
            }
        }

        timeline = try settings.layered(timeline)
        var scorer = try Scorer(grid: timeline, settings: settings.scoring)
        for change in tempoChanges { scorer.record(change) }
        scorer.reserveCapacity(hits: notes.count)

        let filter = settings.scoring.noteFilter
        var lastFrame: Int64?
        for (index, note) in notes.enumerated() {
            if let progress, index % progressStep == 0 { progress(index, notes.count) }
            let frame = tempoMap.frame(atTick: note.tick, sampleRate: rate)
            let hit = InputHit(frame: frame, note: Int(note.note), velocity: Int(note.velocity), channel: Int(note.channel) + 1)
            _ = scorer.advance(to: frame)
            _ = scorer.score(hit)
            if filter.accepts(note: hit.note, channel: hit.channel) { lastFrame = frame }
        }
        // The report is made from the hits alone.
        let noteCount = notes.count
        notes = []

        var endFrame = timeline.originFrame
        if let lastFrame {
            let lastBar = timeline.nearest(to: lastFrame, subdivision: 1, swing: nil).position.bar
            let barEnd = timeline.frame(ofBar: max(lastBar, 0) + 1)
            endFrame = max(lastFrame + 1, min(tempoMap.frame(atTick: endTick, sampleRate: rate), barEnd))
        } else if noteCount == 0 {
            warnings.append("the file has no notes to score")
        } else {
            warnings.append("none of the file's \(noteCount) note-ons passes the note and channel filter")
        }
        _ = scorer.finish(at: endFrame)

        return PerformanceAnalysis(
            report: report(consume scorer, timeline: timeline, settings: settings, createdAt: createdAt, source: source),
            warnings: warnings, timeline: timeline)
    }

    /// The report of a take `scorer` has scored on `timeline`: the grid's
    /// settings and the analysis's, and, in free time, the pulse.
    static func report(
        _ scorer: consuming Scorer<Timeline>, timeline: Timeline, settings: AnalysisSettings, createdAt: String, source: ReportSource
    ) -> PracticeReport {
        var reportSettings = ReportSettings(
            tempo: timeline.spec.tempo, meter: timeline.spec.meter, scoring: settings.scoring, sampleRate: settings.sampleRate)
        reportSettings.layers = timeline.spec.layers
        reportSettings.drumMap = settings.drumMap
        reportSettings.accents = settings.accents
        var report = scorer.finalReport(createdAt: createdAt, source: source, settings: reportSettings)
        if let pulse = settings.pulse { report.setPulse(pulse) }
        return report
    }

    /// Bar 1's tick on a grid that follows the tempo map.
    static func originTick(_ origin: AnalysisOrigin, clock: TempoMapClock, meter: Meter) throws(SettingError) -> TickFraction {
        switch origin {
        case .fileStart:
            return TickFraction(0)
        case .beats(let thousandths):
            let unit = try Timeline.validateMeter(meter, beatUnit: nil, field: "meter")
            return TickFraction(clock.ticksPerQuarter * 4 * Int128(unit.numerator) * Int128(thousandths), over: Int128(unit.denominator) * 1000)
        case .time(let microseconds):
            return clock.tick(atMicroseconds: Int128(microseconds))
        }
    }

    /// Bar 1's frame on a steady grid: beats are counted on the file's tempo
    /// map when it has one, else at the grid's tempo.
    static func steadyOriginFrame(_ origin: AnalysisOrigin, clock: TempoMapClock?, spec: TimelineSpec) throws(SettingError) -> Int64 {
        switch origin {
        case .fileStart:
            return 0
        case .beats(let thousandths):
            if let clock {
                return clock.roundedFrame(atTick: try originTick(origin, clock: clock, meter: spec.meter))
            }
            // thousandths/1000 beats × 60 000/milliBPM·1000 s × rate, rounded once.
            let numerator = Int128(thousandths) * 60_000 * Int128(spec.sampleRate)
            let denominator = Int128(max(spec.tempo.milliBPM, 1))
            return Int64(clamping: TickFraction(2 * numerator + denominator, over: 2 * denominator).floor)
        case .time(let microseconds):
            let numerator = Int128(microseconds) * Int128(spec.sampleRate)
            return Int64(clamping: TickFraction(2 * numerator + 1_000_000, over: 2_000_000).floor)
        }
    }
}
