/// Scores note-ons against a grid as they arrive, in O(1) per hit.
///
/// Each hit is matched to the nearest grid position of the scoring subdivision
/// and graded by its latency-compensated offset (see `LatencyCompensation`).
/// Misses are found as the grid advances: `advance(to:)` settles every
/// expected position whose ok window has closed, `finish(at:)` settles the
/// rest at the end. Hits should arrive in time order; a hit may arrive a few
/// ms late as long as the caller has not yet advanced past its position's ok
/// window (a hit for a settled position is still scored and listed, but the
/// position stays a miss).
///
/// Memory is bounded apart from the lists the report needs (hits, misses,
/// events, one row per bar).
public struct Scorer<Grid: ScoringGrid>: Sendable {
    /// What became of one note-on.
    public enum Outcome: Hashable, Sendable {
        case scored(ScoredHit)
        /// Ignored: the same note on the same channel within the double-trigger window.
        case doubleTrigger(SessionEvent)
        /// Ignored: the note filter does not let it through.
        case filtered
    }

    /// The grid hits are matched against. A live session replaces it when a
    /// tempo change or preset takes over (`Timeline.replacingTail`); the new
    /// grid must agree with the old one before the frame it changes from.
    public var grid: Grid {
        didSet { cursorFrame = nil }
    }
    public let settings: ScoringSettings
    /// The preset or setlist song in force; stamped on hits and misses (of
    /// bars before any `changePreset(to:fromBar:)`).
    public var preset: String?
    /// Latency compensations that took over after `settings.latency`, in
    /// frame order: each hit is compensated with the one in force at its frame.
    public private(set) var latencyChanges: [LatencyChange] = []
    /// Presets taking over at later bars, in bar order.
    private var presetChanges: [(bar: Int, name: String?)] = []
    public private(set) var statistics: SessionStatistics
    public private(set) var isFinished = false
    /// Frame of the last scored note-on per channel × note, for double triggers.
    private var lastScoredFrames: [Int64]
    /// The next expected position not yet settled.
    private var cursor = GridPosition(bar: 1, beat: 1, subdivision: 1)
    /// The grid frame of `cursor` on `grid`, once worked out.
    private var cursorFrame: (position: GridPosition, frame: Int64)?
    /// Expected positions at or after `cursor` that a hit has matched: the
    /// few within an ok window of the hits not yet settled, so a list.
    private var playedPositions: [GridPosition] = []

    public init(grid: Grid, settings: ScoringSettings, preset: String? = nil) throws(SettingError) {
        try settings.validate()
        guard grid.sampleRate > 0 else {
            throw SettingError(field: "sampleRate", message: "must be above 0, got \(grid.sampleRate)")
        }
        self.grid = grid
        self.settings = settings
        self.preset = preset
        self.statistics = SessionStatistics(sampleRate: grid.sampleRate, originFrame: grid.originFrame)
        self.lastScoredFrames = Array(repeating: .min, count: 16 * 128)
    }

    /// Scores one note-on: filtered out, dropped as a double trigger, or
    /// matched to the nearest grid position and graded.
    public mutating func score(_ hit: InputHit) -> Outcome {
        guard settings.noteFilter.accepts(note: hit.note, channel: hit.channel) else { return .filtered }
        let sampleRate = grid.sampleRate
        let key = ((hit.channel - 1) & 15) * 128 + (hit.note & 127)
        let last = lastScoredFrames[key]
        if last != .min {
            let gapMs = Double((hit.frame &- last).magnitude &* 1000) / Double(sampleRate)
            if gapMs <= settings.doubleTriggerMs {
                let event = SessionEvent(
                    kind: .doubleTrigger, frame: hit.frame,
                    detail: "note \(hit.note) ch \(hit.channel), \(NumberText.fixed(gapMs, 1)) ms after the last one")
                statistics.record(event)
                return .doubleTrigger(event)
            }
        }
        lastScoredFrames[key] = max(last, hit.frame)

        let latency = latency(atFrame: hit.frame)
        let match = grid.nearest(
            to: latency.gridFrame(forHitFrame: hit.frame, sampleRate: sampleRate),
            subdivision: settings.subdivision, swing: settings.swing, layer: settings.layer)
        let position = match.position
        let offsetMs = latency.offsetMs(hitFrame: hit.frame, gridFrame: match.frame, sampleRate: sampleRate)
        let grade = settings.windows.grade(offsetMs: offsetMs, subdivisionMs: subdivisionMs(at: position))
        let countIn = position.bar < 1 || grid.isCountIn(bar: position.bar)
        let muted = !countIn && grid.isMuted(bar: position.bar)
        let scored = ScoredHit(
            frame: hit.frame, gridFrame: match.frame, timeS: seconds(from: hit.frame), position: position,
            offsetMs: offsetMs, note: hit.note, velocity: hit.velocity, channel: hit.channel, levelDb: hit.levelDb, grade: grade,
            countIn: countIn, muted: muted, preset: preset(atBar: position.bar))
        if grade.isMatched, !countIn, position >= cursor, settings.expected.expects(position, subdivision: settings.subdivision) {
            if !playedPositions.contains(position) { playedPositions.append(position) }
        }
        statistics.record(scored)
        return .scored(scored)
    }

    /// Makes room for `count` scored hits in all (see `SessionStatistics`).
    public mutating func reserveCapacity(hits count: Int) {
        statistics.reserveCapacity(hits: count)
    }

    /// Settles every expected position whose ok window closed before `frame`:
    /// call it with the frame up to which all input has been scored. A
    /// position is settled when a hit at `frame` would be later than the ok window.
    public mutating func advance(to frame: Int64) -> ScorerProgress {
        var progress = ScorerProgress()
        guard !isFinished else { return progress }
        settle(before: frame, afterOkWindow: true, into: &progress)
        return progress
    }

    /// The least frame for which `advance(to:)` settles the next unsettled
    /// position (its ok window, after latency compensation, has closed); nil
    /// once finished. A control loop sleeps until then when nothing else is due.
    public var nextSettleFrame: Int64? {
        guard !isFinished else { return nil }
        let gridFrame = grid.frame(of: cursor, subdivision: settings.subdivision, swing: settings.swing, layer: settings.layer)
        let okMs = settings.windows.milliseconds(subdivisionMs: subdivisionMs(at: cursor)).ok
        let latency = latencyInForce
        let windowFrames = ((okMs + latency.userOffsetMs) * Double(grid.sampleRate) / 1000).rounded(.down)
        let first = gridFrame &+ latency.inputCaptureFrames &+ latency.clickOutputFrames &+ Int64(windowFrames) &+ 1
        // Rounding may put the exact answer one frame either side.
        for candidate in [first &- 1, first] where
            latency.offsetMs(hitFrame: candidate, gridFrame: gridFrame, sampleRate: grid.sampleRate) > okMs {
            return candidate
        }
        return first &+ 1
    }

    /// Ends the session at `endFrame`: every expected position before it
    /// (after latency compensation) is settled, and the bar in progress is
    /// closed with the frames it had. Later calls do nothing.
    public mutating func finish(at endFrame: Int64) -> ScorerProgress {
        var progress = ScorerProgress()
        guard !isFinished else { return progress }
        settle(before: endFrame, afterOkWindow: false, into: &progress)
        if cursor.beat != 1 || cursor.subdivision != 1 {
            let barFrame = downbeatFrame(of: cursor.bar)
            let barEnd = downbeatFrame(of: cursor.bar + 1)
            closeBar(cursor.bar, frames: min(barEnd, max(barFrame, endFrame)) - barFrame, into: &progress)
        }
        isFinished = true
        return progress
    }

    /// Stamps hits and misses from bar `bar` on with `name` (a setlist preset
    /// taking over at that bar line); a later change replaces any planned at
    /// or after `bar`.
    public mutating func changePreset(to name: String?, fromBar bar: Int) {
        presetChanges.removeAll { $0.bar >= bar }
        presetChanges.append((bar, name))
    }

    /// The preset hits and misses in `bar` are stamped with.
    public func preset(atBar bar: Int) -> String? {
        presetChanges.last { $0.bar <= bar }.map(\.name) ?? preset
    }

    /// Playing stopped at `frame` and will start again on a fresh grid:
    /// settles every expected position before `frame` and closes the bar in
    /// progress with the frames it had. Returns what was settled and the first
    /// bar not begun, where `restart(atBar:)` should carry on.
    public mutating func stop(at frame: Int64) -> (progress: ScorerProgress, nextBar: Int) {
        var progress = ScorerProgress()
        guard !isFinished else { return (progress, cursor.bar) }
        settle(before: frame, afterOkWindow: false, into: &progress)
        guard cursor.beat != 1 || cursor.subdivision != 1 else { return (progress, max(cursor.bar, 1)) }
        let barFrame = downbeatFrame(of: cursor.bar)
        closeBar(cursor.bar, frames: max(barFrame, frame) - barFrame, into: &progress)
        return (progress, max(cursor.bar + 1, 1))
    }

    /// Carries on scoring from the downbeat of `bar` after `stop(at:)`; the
    /// positions in between were never played and are not misses. Set `grid`
    /// to the fresh grid first or after; it must number bars the same way.
    public mutating func restart(atBar bar: Int) {
        cursor = GridPosition(bar: bar, beat: 1, subdivision: 1)
        playedPositions.removeAll()
    }

    /// Lists an event that happened outside the scorer (xrun, pedal action, marker …).
    /// An event with `shiftFrames` (a reconnection) moves the frames the
    /// scorer remembers onto the new clock with the grid: a new server's
    /// frames can run anywhere near the old ones, and a hit must not be taken
    /// for a double trigger of one played before the gap.
    public mutating func record(_ event: SessionEvent) {
        statistics.record(event)
        if let shift = event.shiftFrames {
            for key in lastScoredFrames.indices where lastScoredFrames[key] != .min {
                lastScoredFrames[key] &+= shift
            }
            for index in latencyChanges.indices {
                latencyChanges[index].frame &+= shift
            }
        }
    }

    /// The latency compensation in force at `frame`: the latest change at or
    /// before it, else the settings'.
    public func latency(atFrame frame: Int64) -> LatencyCompensation {
        latencyChanges.last { $0.frame <= frame }?.latency ?? settings.latency
    }

    /// Compensates hits from `change.frame` on with `change.latency` (JACK's
    /// latencies changed) and lists the change among the report's events and
    /// its settings. A change earlier than the latest one replaces those after it.
    public mutating func change(_ change: LatencyChange) throws(SettingError) -> SessionEvent {
        try change.latency.validate()
        latencyChanges.removeAll { $0.frame >= change.frame }
        latencyChanges.append(change)
        let event = SessionEvent(kind: .latency, frame: change.frame, detail: change.latency.detail(sampleRate: grid.sampleRate))
        statistics.record(event)
        return event
    }

    /// The latency compensation in force now: the latest change's, else the
    /// starting one.
    public var latencyInForce: LatencyCompensation {
        latencyChanges.last?.latency ?? settings.latency
    }

    /// The server's port latencies (the click's playback path, what feeds
    /// the input) are now `clickOutputFrames` and `inputCaptureFrames`: hits from `frame` on are compensated with them
    /// (the user offset stays). Returns the event listing the change, or nil
    /// when they are the ones in force.
    public mutating func portLatencies(clickOutputFrames: Int64, inputCaptureFrames: Int64, from frame: Int64) -> SessionEvent? {
        let current = latencyInForce
        let next = current.withPortLatencies(clickOutputFrames: clickOutputFrames, inputCaptureFrames: inputCaptureFrames)
        guard next != current else { return nil }
        return try? change(LatencyChange(frame: frame, latency: next))
    }

    /// Carries the latency changes of `other` (a scorer this one replaces).
    public mutating func keepLatencyChanges(of other: Scorer) {
        latencyChanges = other.latencyChanges
    }

    /// Lists a tempo change made during the session.
    public mutating func record(_ change: ReportTempoChange) {
        statistics.record(change)
    }

    /// The report as it stands; its settings list the latency changes.
    public func report(createdAt: String, source: ReportSource, settings: ReportSettings) -> PracticeReport {
        var settings = settings
        settings.latencyChanges = latencyChanges
        return statistics.report(createdAt: createdAt, source: source, settings: settings)
    }

    /// The same report as `report(createdAt:source:settings:)`, made as the
    /// scorer is given up, so the scorer's tallies go before the report's findings are worked out.
    public consuming func finalReport(createdAt: String, source: ReportSource, settings: ReportSettings) -> PracticeReport {
        var settings = settings
        settings.latencyChanges = latencyChanges
        let statistics = (consume self).statistics
        return statistics.finalReport(createdAt: createdAt, source: source, settings: settings)
    }

    /// Moves on to `position` without settling the positions before it: the
    /// player could not play them (the server went away), so they are not
    /// misses. Each bar left behind is closed with the frames it had before
    /// `frame` (none for a bar that began at or after it). Frames after a skip
    /// may come from another clock, so the double-trigger memory starts
    /// afresh. A position at or before the next unsettled one, or not on the
    /// grid, changes nothing.
    public mutating func skip(to position: GridPosition, playedUntil frame: Int64) -> ScorerProgress {
        var progress = ScorerProgress()
        guard !isFinished, position > cursor, (1...settings.subdivision).contains(position.subdivision),
              position.beat >= 1, position.beat <= grid.beatsPerBar(bar: position.bar, layer: settings.layer) else { return progress }
        while cursor.bar < position.bar {
            let barFrame = downbeatFrame(of: cursor.bar)
            let barEnd = downbeatFrame(of: cursor.bar + 1)
            closeBar(cursor.bar, frames: min(barEnd, max(barFrame, frame)) - barFrame, into: &progress)
            cursor = GridPosition(bar: cursor.bar + 1, beat: 1, subdivision: 1)
        }
        cursor = position
        playedPositions = playedPositions.filter { $0 >= position }
        lastScoredFrames = Array(repeating: .min, count: lastScoredFrames.count)
        return progress
    }

    // MARK: - Grid walking

    /// `grid.frame(of: cursor, …)`, worked out once per position.
    private mutating func frameOfCursor() -> Int64 {
        if let known = cursorFrame, known.position == cursor { return known.frame }
        let frame = grid.frame(of: cursor, subdivision: settings.subdivision, swing: settings.swing, layer: settings.layer)
        cursorFrame = (cursor, frame)
        return frame
    }

    /// Settles expected positions from the cursor on while a hit at `frame`,
    /// compensated with the latency in force at `frame`, would be later than
    /// the position (`afterOkWindow` false: stop and finish) or than its ok
    /// window (true: `advance(to:)`). The one settling loop of the scorer.
    private mutating func settle(before frame: Int64, afterOkWindow: Bool, into progress: inout ScorerProgress) {
        let latency = latency(atFrame: frame)
        while true {
            let gridFrame = frameOfCursor()
            let windowMs = afterOkWindow ? settings.windows.milliseconds(subdivisionMs: subdivisionMs(at: cursor)).ok : 0
            guard latency.offsetMs(hitFrame: frame, gridFrame: gridFrame, sampleRate: grid.sampleRate) > windowMs else {
                break
            }
            settleCursor(at: gridFrame, into: &progress)
        }
    }

    private mutating func settleCursor(at gridFrame: Int64, into progress: inout ScorerProgress) {
        let position = cursor
        if settings.expected.expects(position, subdivision: settings.subdivision), !playedPositions.contains(position) {
            let miss = MissedPosition(
                frame: gridFrame, timeS: seconds(from: gridFrame), position: position,
                muted: grid.isMuted(bar: position.bar), preset: preset(atBar: position.bar))
            statistics.record(miss)
            progress.misses.append(miss)
        }
        playedPositions.removeAll { $0 == position }
        cursor = grid.position(after: position, subdivision: settings.subdivision, layer: settings.layer)
        if cursor.bar != position.bar {
            closeBar(position.bar, frames: downbeatFrame(of: cursor.bar) - downbeatFrame(of: position.bar), into: &progress)
        }
    }

    private mutating func closeBar(_ bar: Int, frames: Int64, into progress: inout ScorerProgress) {
        let muted = grid.isMuted(bar: bar)
        statistics.closeBar(bar, frames: frames, muted: muted)
        let summary = statistics.barSummary(bar) ?? BarSummary(bar: bar, statistics: OffsetStatistics(), muted: muted)
        progress.completedBars.append(CompletedBar(frames: frames, summary: summary))
    }

    // The helpers below are called from mutating methods; not inlined, each
    // call copies the whole scorer (its statistics included) to pass `self`.

    @inline(__always)
    private func downbeatFrame(of bar: Int) -> Int64 {
        grid.frame(of: GridPosition(bar: bar, beat: 1, subdivision: 1), subdivision: 1, swing: nil, layer: settings.layer)
    }

    /// The subdivision's length at `position` in ms (the beat's length divided
    /// by the subdivision); only percent windows need it.
    @inline(__always)
    private func subdivisionMs(at position: GridPosition) -> Double {
        guard settings.windows.unit == .percentOfSubdivision else { return 0 }
        let beat = GridPosition(bar: position.bar, beat: position.beat, subdivision: 1)
        let beatFrames = grid.frame(of: grid.beat(after: position, layer: settings.layer), subdivision: 1, swing: nil, layer: settings.layer)
            - grid.frame(of: beat, subdivision: 1, swing: nil, layer: settings.layer)
        return Double(beatFrames * 1000) / Double(grid.sampleRate) / Double(settings.subdivision)
    }

    @inline(__always)
    private func seconds(from frame: Int64) -> Double {
        Double(frame &- grid.originFrame) / Double(grid.sampleRate)
    }
}
