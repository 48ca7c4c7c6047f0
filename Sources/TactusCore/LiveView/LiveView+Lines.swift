extension LiveView {
    /// The offsets the hit ruler spans, either way.
    static let rulerRangeMs = 50.0
    /// The widest ruler: 51 columns, 2 ms each.
    static let maximumRulerColumns = 51

    /// `playing  bar 12  beat 3/4  120 BPM  Warm-up`, or `count-in 1/2`,
    /// `stopped`, with `muted` after the state; in free time `playing  free
    /// bar 12  beat 3/4  118.6 BPM  from 120 -1.4`, in a gap click's muted
    /// bar `… 120 BPM  held 118.6 BPM -1.4`.
    static func header(_ state: LiveViewState, width: Int) -> [LiveSpan] {
        var segments: [LiveSegment] = []
        if state.bar < 1 && state.isPlaying {
            let counting = state.countInBars > 0 ? " \(state.bar + state.countInBars)/\(state.countInBars)" : ""
            segments.append(LiveSegment("count-in" + counting, .accent))
        } else {
            segments.append(LiveSegment(state.isPlaying ? "playing" : "stopped", .bold))
        }
        if state.isMuted { segments.append(LiveSegment("muted", .warning)) }
        let free = state.heldTempo?.free == true
        if free { segments.append(LiveSegment("free", .accent)) }
        if state.bar >= 1 { segments.append(LiveSegment("bar \(state.bar)", priority: 1)) }
        if state.beat >= 1 { segments.append(LiveSegment("beat \(state.beat)/\(state.beatsPerBar)")) }
        if let held = state.heldTempo, free {
            segments.append(LiveSegment(held.tempoText, .bold))
        } else {
            segments.append(LiveSegment("\(bpmText(state.tempo)) BPM", .bold))
        }
        if let held = state.heldTempo { segments.append(LiveSegment(held.comparisonText, free ? .plain : .warning, priority: 1)) }
        if let name = state.presetName {
            segments.append(LiveSegment(DisplayWidth.printable(name), priority: 2, shrinkable: true))
        }
        return LiveSegment.fit(segments, width: width)
    }

    /// The bar's beats by accent (`X` accent, `x` normal, `o` soft, `.` silent),
    /// the one playing in brackets: `   X  x [x] x `. When three columns a
    /// beat do not fit, one each, the beat playing shown as `#`.
    static func beatIndicator(_ state: LiveViewState, width: Int) -> [LiveSpan] {
        let beats = max(state.beatsPerBar, 0)
        let accents = state.accents.count == beats
            ? state.accents : LiveViewState.beatAccents(pattern: nil, beatsPerBar: beats, subdivision: 1)
        let wide = 2 + 3 * beats <= width
        var spans = [LiveSpan("  ")]
        for (index, level) in accents.enumerated() {
            let glyph = String(level.rawValue)
            if index + 1 == state.beat {
                spans.append(LiveSpan(wide ? "[\(glyph)]" : "#", .current))
            } else {
                spans.append(LiveSpan(wide ? " \(glyph) " : glyph, level == .accent ? .accent : .plain))
            }
        }
        return spans
    }

    /// Columns of the ruler at `width` and whether its labels fit beside it.
    static func rulerLayout(width: Int) -> (columns: Int, labelled: Bool) {
        let labelled = width - 12 >= 11
        var columns = min(labelled ? width - 12 : width, maximumRulerColumns)
        if columns % 2 == 0 { columns -= 1 }
        return (max(columns, 0), labelled)
    }

    /// The column of `offsetMs` on a ruler of `columns`, an odd number: the
    /// middle is 0 ms, early and late mirror each other, and offsets beyond
    /// ±50 ms sit on the ends.
    static func rulerColumn(offsetMs: Double, columns: Int) -> Int {
        let half = (columns - 1) / 2
        let distance = Int((min(abs(offsetMs), rulerRangeMs) / rulerRangeMs * Double(half)).rounded())
        return offsetMs < 0 ? half - distance : half + distance
    }

    /// The recent hits at their offsets, each as its grade's glyph, the latest
    /// drawn last (on top) and, in colour, bold.
    static func hitRuler(_ state: LiveViewState, width: Int) -> [LiveSpan] {
        let (columns, labelled) = rulerLayout(width: width)
        guard columns > 0 else { return [] }
        var cells = Array(repeating: LiveSpan(" "), count: columns)
        let shown = state.recentHits.filter { $0.offsetMs.isFinite }
        for (index, hit) in shown.enumerated() {
            let style: LiveSpan.Style = index == shown.count - 1 ? .latest(hit.grade) : .grade(hit.grade)
            cells[rulerColumn(offsetMs: hit.offsetMs, columns: columns)] = LiveSpan(String(hit.glyph), style)
        }
        return labelled ? [LiveSpan("early ", .dim)] + cells + [LiveSpan(" late", .dim)] : cells
    }

    /// The ±50 ms scale under the hits: `|` at 0, `:` at the window edges.
    static func scale(_ state: LiveViewState, width: Int) -> [LiveSpan] {
        let (columns, labelled) = rulerLayout(width: width)
        guard columns > 0 else { return [] }
        var characters = Array(repeating: Character("-"), count: columns)
        for mark in state.windowMarksMs where mark > 0 && mark < rulerRangeMs {
            characters[rulerColumn(offsetMs: -mark, columns: columns)] = ":"
            characters[rulerColumn(offsetMs: mark, columns: columns)] = ":"
        }
        characters[columns / 2] = "|"
        let ruler = LiveSpan(String(characters), .dim)
        return labelled ? [LiveSpan("-50ms ", .dim), ruler, LiveSpan(" +50ms", .dim)] : [ruler]
    }

    /// `bar 12   hits    8   mean   +4.2 ms   sd   6.1 ms   in window  88%`,
    /// or from below 66 columns `bar 12    +4.2 ms  sd  6.1 ms   88%`.
    static func statisticsLine(label: String, _ statistics: LiveStatistics, width: Int) -> [LiveSpan] {
        let (mean, sd, window) = statistics.texts
        let name = LiveSpan(label + String(repeating: " ", count: max(9 - label.count, 1)), .bold)
        if width >= 66 {
            let hits = String(statistics.hits).leftPadded(to: 4)
            return [name, LiveSpan("hits \(hits)   mean \(mean.leftPadded(to: 9))   sd \(sd.leftPadded(to: 8))   in window \(window.leftPadded(to: 4))")]
        }
        return [name, LiveSpan("\(mean.leftPadded(to: 8))  sd \(sd.leftPadded(to: 7))  \(window.leftPadded(to: 4))")]
    }

    /// `dropped 0  xruns 0  osc dropped 0  audio lost 0  latency 21.3 ms  play 14:59  * perfect  + good  o ok  x extra`.
    static func counters(_ state: LiveViewState, width: Int) -> [LiveSpan] {
        var segments = [
            LiveSegment("dropped \(state.droppedEvents)", state.droppedEvents > 0 ? .warning : .plain),
            LiveSegment("xruns \(state.xruns)", state.xruns > 0 ? .warning : .plain),
        ]
        if let packets = state.droppedOSCPackets {
            segments.append(LiveSegment("osc dropped \(packets)", packets > 0 ? .warning : .plain, priority: 2))
        }
        if let samples = state.lostAudioSamples {
            segments.append(LiveSegment("audio lost \(samples)", samples > 0 ? .warning : .plain, priority: 2))
        }
        if let latencyMs = state.latencyMs {
            segments.append(LiveSegment("latency \(NumberText.fixed(latencyMs, 1)) ms", .plain, priority: 2))
        }
        if let timer = state.timer {
            segments.append(LiveSegment(timer.description, timer.phase == .rest ? .warning : .plain, priority: 1))
        }
        var legend: [LiveSpan] = []
        for grade in HitGrade.allCases {
            if !legend.isEmpty { legend.append(LiveSpan(LiveSegment.separator)) }
            legend.append(LiveSpan("\(LiveHitMark(offsetMs: 0, grade: grade).glyph) \(grade.rawValue)", .grade(grade)))
        }
        segments.append(LiveSegment(legend, priority: 3))
        return LiveSegment.fit(segments, width: width)
    }

    /// `space start/stop  +/- tempo  t tap  n/p preset  m mute  q quit`.
    static func keyHelp(width: Int) -> [LiveSpan] {
        LiveSegment.fit(LiveKey.legend.map { LiveSegment($0.short, .dim, priority: $0.priority) }, width: width)
    }
}
