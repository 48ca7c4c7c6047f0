/// Everything a report is made of, gathered hit by hit, miss by miss and bar by
/// bar. The scorer feeds it live; journal recovery feeds it the journal's
/// lines in the same order, so both give the same report.
///
/// Which hits count where:
/// - count-in hits are listed and nothing more;
/// - hits and misses in bars where the click sounded make the summary, the
///   histogram and the per-beat, per-subdivision and per-note tables;
/// - hits and misses in bars a gap pattern silenced make the "without click"
///   summary only;
/// - every bar from 1 gets a row in the bar table.
///
/// Memory grows with the hit, miss and bar lists; everything else is bounded.
public struct SessionStatistics: Sendable {
    public let sampleRate: Int
    /// Frame of bar 1, beat 1 (moved by an event's `shiftFrames`).
    public private(set) var originFrame: Int64
    public private(set) var hits: [ScoredHit] = []
    public private(set) var misses: [MissedPosition] = []
    public private(set) var events: [SessionEvent] = []
    public private(set) var tempoChanges: [ReportTempoChange] = []
    /// Bars where the click sounded.
    public private(set) var withClick = OffsetStatistics()
    /// Bars a gap pattern silenced.
    public private(set) var withoutClick = OffsetStatistics()
    /// Offsets of matched hits and extras in bars with click.
    public private(set) var histogram = OffsetHistogram()
    /// Grid frames of the closed bars with click and without.
    public private(set) var clickedFrames: Int64 = 0
    public private(set) var mutedFrames: Int64 = 0
    private var beats = IntKeyedTable(empty: OffsetStatistics())
    private var subdivisions = IntKeyedTable(empty: OffsetStatistics())
    private var notes = IntKeyedTable(empty: OffsetStatistics())
    private var bars = IntKeyedTable(empty: BarTally())
    private var sawMutedBar = false
    /// Per preset (bars with click): offsets, grid frames of closed bars, and
    /// the order presets first appeared in.
    private var presets: [String: OffsetStatistics] = [:]
    private var presetFrames: [String: Int64] = [:]
    private var presetOrder: [String] = []
    private var barPresets: [Int: String] = [:]

    /// What a bar's row needs, and no more (a session has a row per bar):
    /// about 80 bytes, where an `OffsetStatistics` with its drift, serial
    /// correlation and intervals would take about 250, a fifth more memory
    /// for `analyze` of a long file.
    private struct BarTally: Sendable {
        var offsets = RunningMoments()
        var absoluteOffsets = RunningMoments()
        var matched = 0
        var extras = 0
        var misses = 0
        var muted = false

        mutating func add(_ hit: ScoredHit, muted: Bool) {
            if muted { self.muted = true }
            if hit.grade.isMatched {
                matched += 1
                offsets.add(hit.offsetMs)
                absoluteOffsets.add(abs(hit.offsetMs))
            } else {
                extras += 1
            }
        }

        mutating func addMiss(muted: Bool) {
            if muted { self.muted = true }
            misses += 1
        }

        func summary(bar: Int) -> BarSummary {
            BarSummary(
                bar: bar, hits: matched + extras, matched: matched, misses: misses, meanOffsetMs: offsets.mean,
                sdOffsetMs: offsets.sampleStandardDeviation, meanAbsOffsetMs: absoluteOffsets.mean, muted: muted)
        }
    }

    init(sampleRate: Int, originFrame: Int64) {
        self.sampleRate = sampleRate
        self.originFrame = originFrame
    }

    /// Makes room for `count` hits in all, so a long list is not copied as it grows.
    public mutating func reserveCapacity(hits count: Int) {
        hits.reserveCapacity(count)
    }

    /// Lists a scored hit and counts it where it belongs (see the type's notes).
    public mutating func record(_ hit: ScoredHit) {
        hits.append(hit)
        guard !hit.countIn else { return }
        let gridTimeS = Double(hit.gridFrame &- originFrame) / Double(sampleRate)
        func add(to statistics: inout OffsetStatistics) {
            if hit.grade.isMatched {
                statistics.addMatched(offsetMs: hit.offsetMs, grade: hit.grade, position: hit.position, gridTimeS: gridTimeS)
            } else {
                statistics.addExtra()
            }
        }
        if hit.muted {
            sawMutedBar = true
            add(to: &withoutClick)
        } else {
            add(to: &withClick)
            histogram.add(hit.offsetMs)
            beats.update(hit.position.beat) { add(to: &$0) }
            subdivisions.update(hit.position.subdivision) { add(to: &$0) }
            if !hit.isAudio { notes.update(hit.note) { add(to: &$0) } }
            if let preset = hit.preset { add(to: &presets[notePreset(preset, bar: hit.position.bar), default: OffsetStatistics()]) }
        }
        bars.update(hit.position.bar) { $0.add(hit, muted: hit.muted) }
    }

    /// Lists a missed position and counts it in its bar, beat and subdivision.
    public mutating func record(_ miss: MissedPosition) {
        misses.append(miss)
        if miss.muted {
            sawMutedBar = true
            withoutClick.addMiss()
        } else {
            withClick.addMiss()
            beats.update(miss.position.beat) { $0.addMiss() }
            subdivisions.update(miss.position.subdivision) { $0.addMiss() }
            if let preset = miss.preset {
                presets[notePreset(preset, bar: miss.position.bar), default: OffsetStatistics()].addMiss()
            }
        }
        bars.update(miss.position.bar) { $0.addMiss(muted: miss.muted) }
    }

    /// Lists an event (xrun, pedal action, marker, double trigger …). An
    /// event that moved the grid (a reconnection) moves the origin with it,
    /// so drift is measured on the grid's own time.
    public mutating func record(_ event: SessionEvent) {
        events.append(event)
        if let shift = event.shiftFrames { originFrame &+= shift }
    }

    /// Lists a tempo change.
    public mutating func record(_ change: ReportTempoChange) {
        tempoChanges.append(change)
    }

    /// A bar the grid has passed, `frames` long (less for a last bar cut short).
    public mutating func closeBar(_ bar: Int, frames: Int64, muted: Bool) {
        bars.update(bar) { $0.muted = muted }
        if muted {
            sawMutedBar = true
            mutedFrames &+= frames
        } else {
            clickedFrames &+= frames
            if let preset = barPresets[bar] { presetFrames[preset, default: 0] &+= frames }
        }
    }

    /// Remembers that `preset` played in `bar`; returns it.
    private mutating func notePreset(_ preset: String, bar: Int) -> String {
        if presets[preset] == nil { presetOrder.append(preset) }
        barPresets[bar] = preset
        return preset
    }

    /// The row of `bar`, if anything happened in it or it was closed.
    public func barSummary(_ bar: Int) -> BarSummary? {
        bars.contains(bar) ? bars[bar].summary(bar: bar) : nil
    }

    /// Headline numbers for the bars with click.
    public var summary: TimingSummary {
        timing(of: withClick, frames: clickedFrames) { !$0.muted }
    }

    /// Headline numbers for the bars a gap pattern silenced; nil when there were none.
    public var summaryWithoutClick: TimingSummary? {
        guard sawMutedBar else { return nil }
        return timing(of: withoutClick, frames: mutedFrames) { $0.muted }
    }

    public var byBeat: [BeatSummary] {
        beats.sortedKeys.map { BeatSummary(key: $0, statistics: beats[$0], countsMisses: true) }
    }

    public var bySubdivision: [SubdivisionSummary] {
        subdivisions.sortedKeys.map {
            SubdivisionSummary(key: $0, statistics: subdivisions[$0], countsMisses: true)
        }
    }

    public var byNote: [NoteSummary] {
        notes.sortedKeys.map { NoteSummary(key: $0, statistics: notes[$0], countsMisses: false) }
    }

    /// One row per setlist preset, in the order they were first played
    /// (empty without a setlist).
    public var byPreset: [PresetSummary] {
        presetOrder.map { name in
            PresetSummary(preset: name, summary: timing(of: presets[name] ?? OffsetStatistics(), frames: presetFrames[name] ?? 0) {
                !$0.muted && $0.preset == name
            })
        }
    }

    /// One row per bar, in bar order.
    public var barSummaries: [BarSummary] {
        bars.sortedKeys.map { bars[$0].summary(bar: $0) }
    }

    /// The whole report.
    public func report(createdAt: String, source: ReportSource, settings: ReportSettings) -> PracticeReport {
        report(createdAt: createdAt, source: source, settings: settings, bars: barSummaries)
    }

    /// The whole report, made as these statistics are given up: the bar
    /// tallies go once the bar table is made, before the findings are worked out.
    public consuming func finalReport(createdAt: String, source: ReportSource, settings: ReportSettings) -> PracticeReport {
        let rows = barSummaries
        bars = IntKeyedTable(empty: BarTally())
        return report(createdAt: createdAt, source: source, settings: settings, bars: rows)
    }

    private func report(createdAt: String, source: ReportSource, settings: ReportSettings, bars: [BarSummary]) -> PracticeReport {
        PracticeReport(
            tactusVersion: TactusVersion.string, createdAt: createdAt, source: source, settings: settings,
            summary: summary, withoutClick: summaryWithoutClick, byBeat: byBeat, bySubdivision: bySubdivision,
            byNote: byNote, bars: bars, histogram: histogram, hits: hits, misses: misses,
            tempoChanges: tempoChanges, events: events, byPreset: byPreset)
    }

    /// The headline numbers of `statistics` over `frames` of grid, with the
    /// offsets of the matched hits (count-in left out) that `counts` takes,
    /// read without copying the hits on the way (a long session's list is large).
    private func timing(of statistics: OffsetStatistics, frames: Int64, counts: (ScoredHit) -> Bool) -> TimingSummary {
        TimingSummary(
            statistics: statistics, offsets: hits.compactMap { !$0.countIn && $0.grade.isMatched && counts($0) ? $0.offsetMs : nil },
            durationS: Double(frames) / Double(sampleRate))
    }
}
