/// What the report says about the player's timing: claims the data carries,
/// each with its estimate, 95 % interval and the number of hits behind it.
///
/// A tendency is claimed only when
/// - its group has at least 8 hits (a beat or subdivision: in 8 bars or more;
///   drift: over 8 bars and half a minute or more);
/// - it survives Holm's correction over every test of the take, so that the
///   chance of any false claim in a take stays at 5 % however many beats and
///   subdivisions were looked at (its own 95 % interval then excludes zero,
///   or for swing the click's ratio);
/// - it is big enough to matter: 3 ms (drift: 2 ms per minute and 3 ms over
///   the take; swing: 3 ms and 3 points of ratio, 53:47).
///
/// Kinds: `overall` (mean offset against zero, its error from the effective
/// sample size of the lag-1 autocorrelation), `beat` (the strokes on one
/// beat), `subdivision` (one part of the beat across the bar, scoring
/// subdivision 3 or more) and `position` (one part of one beat, not the
/// stroke): each the group's mean minus the player's own mean, tested by
/// Welch's difference of the group against all other hits; a position its
/// claimed part already explains is left out. `swing` (see `SwingEstimate`; against
/// a straight click with scoring subdivision 2 a small but real off-beat lag
/// is a `subdivision` finding instead), `drift` (least-squares slope over
/// time, error widened for serial correlation), `withoutClick` (bars a gap
/// pattern silenced against bars with click). Once a swing is claimed, its
/// short notes are the swing: the other findings leave them out.
///
/// A `consistency` finding comes last whenever there are 2 hits or more:
/// the spread left once the named tendencies are taken out (see
/// `ResidualSpread`) with its interval; when nothing else is claimed its text
/// says no tendency stands out beyond it and names what to practise next.
///
/// Voices (see `DrumMap`, `VoiceModel`): `voice` (one voice ahead of or
/// behind the player's average, compared within the grid positions it shares
/// with other voices, so beats, positions and time are taken out) and
/// `flam` (two voices at the same positions, the first minus the second; left
/// out when either voice is claimed, which already tells it). Where voices
/// can be told apart, beats, parts and positions are compared with each hit's
/// voice effect taken out: a late kick on 1 and 3 is the kick, not beats 1
/// and 3.
///
/// `dynamics` (how hard a voice is played, in MIDI velocity; see
/// `VoiceDynamics`) are tested in the same correction.
///
/// Hits at one grid position (kick and hi-hat together) count as one.
/// A pure function of its inputs: call it per player for group sessions.
public enum Findings {
    public static let alpha = 0.05
    public static let minimumHits = 8
    public static let relevantMs = 3.0
    /// A voice's mean distance from its own average, more than the others'.
    public static let relevantSpreadMs = 2.0
    public static let relevantDriftMsPerMinute = 2.0
    public static let relevantSwing = 0.03
    public static let minimumDriftMinutes = 0.5

    /// The findings of a report, from its settings, hits and tempo changes.
    public static func of(_ report: PracticeReport) -> [Finding] {
        of(settings: report.settings, hits: report.hits, tempoChanges: report.tempoChanges, pulse: report.pulse)
    }

    /// The findings of one player's hits (count-in hits are left out).
    public static func of(
        settings: ReportSettings, hits: [ScoredHit], tempoChanges: [ReportTempoChange] = [], pulse: PulseReport? = nil
    ) -> [Finding] {
        // One list of observations at a time: a long take has one per position played.
        let swings = SwingEstimate.estimates(
            FindingObservation.from(hits, counting: .all, settings: settings).keeping { !$0.muted },
            subdivision: settings.scoring.subdivision, swing: settings.scoring.swing,
            beatLengths: BeatLengths(settings: settings, tempoChanges: tempoChanges)
        ).filter { $0.longCount >= minimumHits && $0.shortCount >= minimumHits }
        let matched = FindingObservation.from(hits, counting: .matched, settings: settings)
        // Beats and positions are compared with each hit's voice taken out.
        let voices = VoiceAnalysis(
            hits, map: settings.drumMap, subdivision: settings.scoring.subdivision, accented: accentedPlaces(settings))
        let placed = voices.model == nil ? matched : FindingObservation.from(
            hits, counting: .matched, settings: settings, shift: { voices.shift($0) })
        let full = claims(matched, placed: placed, swings: swings, leavingOut: [], settings: settings, voices: voices, pulse: pulse)
        let swung = Set(full.compactMap { $0.kind == .swing ? $0.subdivision : nil })
        guard !swung.isEmpty else { return full }
        let shortNotes = swings.filter { $0.short.contains { swung.contains($0) } }.reduce(into: Set<Int>()) { $0.formUnion($1.short) }
        let without = claims(
            matched, placed: placed, swings: swings, leavingOut: shortNotes, settings: settings, voices: voices, pulse: pulse)
        return Set(without.compactMap { $0.kind == .swing ? $0.subdivision : nil }) == swung ? without : full
    }

    private static func claims(
        _ all: [FindingObservation], placed: [FindingObservation], swings: [SwingEstimate], leavingOut shortNotes: Set<Int>,
        settings: ReportSettings, voices: VoiceAnalysis, pulse: PulseReport?
    ) -> [Finding] {
        let subdivision = settings.scoring.subdivision
        let kept = shortNotes.isEmpty ? all : all.filter { !shortNotes.contains($0.position.subdivision) }
        let clicked = kept.keeping { !$0.muted }
        let grouped = placed.filter { !$0.muted && !shortNotes.contains($0.position.subdivision) }
        let silent = kept.filter(\.muted)
        var candidates: [FindingClaim] = []
        let offsets = clicked.lazy.map(\.offsetMs)
        /// A test of `estimate` (its own p-value unless given) whose finding
        /// is made when it is `relevantMs` or more.
        func relevant(_ estimate: FindingEstimate, p: Double? = nil, _ finding: () -> Finding) -> FindingClaim {
            FindingClaim(p: p ?? estimate.p(), finding: abs(estimate.value) >= relevantMs ? finding() : nil)
        }

        // Against one's own pulse there is no click to be ahead of or
        // behind, and the pulse follows the player's drift.
        if !settings.freeTime, clicked.count >= minimumHits, let mean = FindingStatistics.mean(offsets) {
            candidates.append(relevant(mean) { overall(mean) })
        }
        // A beat is the stroke on it; the notes between beats are parts and positions.
        candidates += groupTendencies(grouped, key: { $0.subdivision == 1 ? $0.beat : nil }).map { beat, estimate in
            relevant(estimate.value, p: estimate.p) {
                group(.beat, beat: beat, estimate.value, what: beatName(beat, settings: settings))
            }
        }
        let paired = swings.filter { shortNotes.isDisjoint(with: $0.short) == false }.reduce(into: Set<Int>()) {
            $0.formUnion($1.long)
            $0.formUnion($1.short)
        }
        if subdivision >= 3 {
            for (part, estimate) in groupTendencies(grouped, key: { $0.subdivision }) where !paired.contains(part) {
                candidates.append(relevant(estimate.value, p: estimate.p) {
                    group(.subdivision, subdivision: part, estimate.value, what: subdivisionName(part, of: subdivision))
                })
            }
        }
        if subdivision >= 2 {
            let positions = groupTendencies(grouped) { position in
                position.subdivision >= 2 && !paired.contains(position.subdivision)
                    ? GridPosition(bar: 0, beat: position.beat, subdivision: position.subdivision) : nil
            }
            candidates += positions.map { place, estimate in
                relevant(estimate.value, p: estimate.p) {
                    group(.position, beat: place.beat, subdivision: place.subdivision, estimate.value,
                          what: positionName(place.subdivision, of: subdivision, beat: place.beat))
                }
            }
        }
        candidates += swings.map {
            FindingClaim(p: $0.ratio.p(against: $0.clickRatio), finding: swingFinding($0, settings: settings))
        }
        if !settings.freeTime, let drift = driftEstimate(clicked) {
            let span = (clicked.last?.minutes ?? 0) - (clicked.first?.minutes ?? 0)
            let relevant = abs(drift.value) >= relevantDriftMsPerMinute && abs(drift.value) * span >= relevantMs
            candidates.append(FindingClaim(p: drift.p(), finding: relevant ? driftFinding(drift, minutes: span) : nil))
        }
        if silent.count >= minimumHits, clicked.count >= minimumHits,
           let difference = FindingStatistics.difference(silent.map(\.offsetMs), offsets) {
            candidates.append(relevant(difference) { withoutClick(difference) })
        }

        candidates += voices.effects.map { voice, estimate in
            relevant(estimate) { voiceFinding(voices.names[voice], estimate) }
        }
        candidates += voices.flams.map { flam in
            relevant(flam.estimate) { flamFinding(voices.names[flam.a], voices.names[flam.b], flam.estimate) }
        }

        candidates += voices.spreads.map { voice, estimate in
            let wider = estimate.value >= relevantSpreadMs
            return FindingClaim(p: estimate.p(), finding: wider ? voiceSpreadFinding(voices.names[voice], estimate) : nil)
        }
        candidates += voices.dynamics
        candidates += pulse.map(TempoFindings.claims) ?? []

        let rejected = FindingStatistics.holm(candidates.map(\.p), alpha: alpha)
        var findings = TempoFindings.merged(explained(zip(candidates, rejected).compactMap { $1 ? $0.finding : nil }))
        if let pulse, let steadiness = TempoFindings.steadiness(pulse, findings: findings) {
            findings.append(steadiness)
        }
        if let spread = consistency(clicked, findings: findings, settings: settings) {
            findings.append(spread)
        }
        return findings
    }

    /// Each group's mean minus the mean of all, tested as the group against
    /// the rest (Welch); only groups of 8 hits or more over 8 bars or more,
    /// and only when there are two groups or more. The p-value is the test's.
    /// Observations come in grid order.
    /// Observations whose key is nil belong to no group but count among the rest.
    private static func groupTendencies<Key: Hashable & Comparable>(
        _ observations: [FindingObservation], key: (GridPosition) -> Key?
    ) -> [(Key, (value: FindingEstimate, p: Double))] {
        var groups: [Key: BarCountedValues] = [:]
        var ungrouped: [Double] = []
        for observation in observations {
            let position = observation.position
            guard let value = key(position) else {
                ungrouped.append(observation.offsetMs)
                continue
            }
            groups[value, default: BarCountedValues()].add(observation.offsetMs, bar: position.bar)
        }
        guard groups.count + (ungrouped.isEmpty ? 0 : 1) >= 2 else { return [] }
        let ordered = groups.sorted { $0.key < $1.key }
        return ordered.compactMap { value, members in
            guard members.enough else { return nil }
            // The other groups' offsets in key order, read in place.
            var rest = RunningMoments(ordered.lazy.filter { $0.key != value }.flatMap(\.value.values))
            for offset in ungrouped { rest.add(offset) }
            guard rest.count >= minimumHits,
                  let difference = FindingStatistics.difference(RunningMoments(members.values), rest) else { return nil }
            // group − mean of all = (group − rest) × rest / all
            let estimate = difference.scaled(by: Double(rest.count) / Double(observations.count))
            return (value, (estimate, difference.p()))
        }
    }

    private static func driftEstimate(_ observations: [FindingObservation]) -> FindingEstimate? {
        guard observations.reduce(into: BarCountedValues(), { $0.add($1.offsetMs, bar: $1.position.bar) }).enough,
              let first = observations.first, let last = observations.last,
              last.minutes - first.minutes >= minimumDriftMinutes else { return nil }
        return FindingStatistics.slope(x: observations.lazy.map(\.minutes), y: observations.lazy.map(\.offsetMs))
    }

    // MARK: - Findings and their text

    /// The finding of `estimate`, its text made from its 95 % interval.
    private static func finding(
        _ kind: Finding.Kind, beat: Int? = nil, subdivision: Int? = nil, _ estimate: FindingEstimate, unit: String,
        text: ([Double]) -> String
    ) -> Finding {
        let ci95 = estimate.ci95
        return Finding(
            kind: kind, beat: beat, subdivision: subdivision, direction: estimate.value >= 0 ? .late : .early,
            estimate: estimate.value, unit: unit, ci95: ci95, n: estimate.n, text: text(ci95))
    }

    /// "2.1 to 6.3 ms" as magnitudes, nearer zero first.
    private static func magnitudes(_ ci95: [Double], unit: String) -> String {
        let ci = ci95.map(abs).sorted()
        return "\(NumberText.fixed(ci[0], 1)) to \(NumberText.fixed(ci[1], 1))\(unit)"
    }

    private static func overall(_ mean: FindingEstimate) -> Finding {
        let late = mean.value >= 0
        return finding(.overall, mean, unit: "ms") { ci95 in
            "you \(late ? "drag" : "rush"): \(NumberText.fixed(abs(mean.value), 1)) ms \(late ? "behind" : "ahead of") the click"
                + " on average (95 %: \(magnitudes(ci95, unit: " ms")), \(mean.n) hits)"
        }
    }

    private static func group(_ kind: Finding.Kind, beat: Int? = nil, subdivision: Int? = nil, _ estimate: FindingEstimate, what: String) -> Finding {
        let late = estimate.value >= 0
        let verb = kind == .subdivision ? (late ? "drag" : "rush") : (late ? "drags" : "rushes")
        return finding(kind, beat: beat, subdivision: subdivision, estimate, unit: "ms") { ci95 in
            "\(what) \(verb): \(NumberText.fixed(abs(estimate.value), 1)) ms \(late ? "behind" : "ahead of") your average"
                + " (95 %: \(magnitudes(ci95, unit: " ms")), \(estimate.n) hits)"
        }
    }

    /// "the off-beat 8ths (the &)", "the 2nd 16ths (the e)" …
    static func subdivisionName(_ part: Int, of parts: Int) -> String {
        switch (parts, part) {
        case (_, 1): "the notes on the beat"
        case (2, 2), (4, 3): "the off-beat 8ths (the &)"
        case (4, 2): "the 2nd 16ths (the e)"
        case (4, 4): "the 4th 16ths (the a)"
        case (3, 2), (6, 3): "the 2nd triplets"
        case (3, 3), (6, 5): "the 3rd triplets"
        default: "subdivision \(part) of \(parts)"
        }
    }

    /// "beat 2"; scored against a layer of N clicks a bar, "the 2nd note of the 3".
    static func beatName(_ beat: Int, settings: ReportSettings) -> String {
        guard let clicks = settings.scoredLayerClicks else { return "beat \(beat)" }
        let suffix = (11...13).contains(beat % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][beat % 10] ?? "th"
        return "the \(beat)\(suffix) note of the \(clicks)"
    }

    /// "the & of 2", "the a of 4", "the 3rd triplet of 1" …
    static func positionName(_ part: Int, of parts: Int, beat: Int) -> String {
        switch (parts, part) {
        case (2, 2), (4, 3): "the & of \(beat)"
        case (4, 2): "the e of \(beat)"
        case (4, 4): "the a of \(beat)"
        case (3, 2), (6, 3): "the 2nd triplet of \(beat)"
        case (3, 3), (6, 5): "the 3rd triplet of \(beat)"
        default: "beat \(beat), part \(part) of \(parts)"
        }
    }

    /// Which places of the bar (beat, part) the click's accent pattern
    /// accents: a pattern a beat long each beat's stroke, one a click long
    /// each click's; nil without a pattern (or against a layer, or one
    /// that fits neither).
    static func accentedPlaces(_ settings: ReportSettings) -> ((Int, Int) -> Bool)? {
        guard let levels = settings.accents?.levels, settings.scoring.layer == nil else { return nil }
        let beats = settings.meter.beatsPerBar(in: settings.beatUnit) ?? settings.meter.beats
        let parts = settings.scoring.subdivision
        if levels.count == beats {
            return { beat, part in part == 1 && levels.indices.contains(beat - 1) && levels[beat - 1] == .accent }
        }
        if levels.count == beats * parts {
            return { beat, part in
                let index = (beat - 1) * parts + part - 1
                return levels.indices.contains(index) && levels[index] == .accent
            }
        }
        return nil
    }

    /// "the kick", "the hi-hat"; a note off the map is "note 60".
    static func voiceName(_ voice: String) -> String {
        voice.hasPrefix("note ") ? voice : "the \(voice)"
    }

    private static func voiceFinding(_ voice: String, _ estimate: FindingEstimate) -> Finding {
        let late = estimate.value >= 0
        var result = finding(.voice, estimate, unit: "ms") { ci95 in
            "\(voiceName(voice)) \(late ? "drags" : "rushes"): \(NumberText.fixed(abs(estimate.value), 1)) ms"
                + " \(late ? "behind" : "ahead of") your average, beats and positions aside"
                + " (95 %: \(magnitudes(ci95, unit: " ms")), \(estimate.n) hits)"
        }
        result.voice = voice
        return result
    }

    private static func voiceSpreadFinding(_ voice: String, _ estimate: FindingEstimate) -> Finding {
        let ci95 = estimate.ci95
        return Finding(
            kind: .voice, direction: .wider, estimate: estimate.value, unit: "ms", ci95: ci95, n: estimate.n,
            text: "\(voiceName(voice)) wanders more than the other voices: \(NumberText.fixed(estimate.value, 1)) ms further from"
                + " its own average on each note (95 %: \(magnitudes(ci95, unit: " ms")), \(estimate.n) hits)",
            voice: voice, aspect: "spread")
    }

    private static func flamFinding(_ first: String, _ second: String, _ estimate: FindingEstimate) -> Finding {
        let (later, earlier) = estimate.value >= 0 ? (first, second) : (second, first)
        var result = finding(.flam, estimate, unit: "ms") { ci95 in
            "\(voiceName(first)) and \(voiceName(second)) land apart when played together:"
                + " \(voiceName(later)) \(NumberText.fixed(abs(estimate.value), 1)) ms after \(voiceName(earlier))"
                + " (95 %: \(magnitudes(ci95, unit: " ms")), \(estimate.n) times together)"
        }
        result.voices = [first, second]
        return result
    }

    private static func swingFinding(_ swing: SwingEstimate, settings: ReportSettings) -> Finding? {
        let shift = swing.ratio.value - swing.clickRatio
        guard abs(swing.differenceMs.value) >= relevantMs else { return nil }
        let subdivision = swing.short.min()
        guard abs(shift) >= relevantSwing else {
            // A real but small lag of the off-beats is no swing: with 8ths
            // scored, it is the off-beat's own tendency (no other test covers it).
            guard settings.scoring.subdivision == 2, settings.scoring.swing == nil else { return nil }
            // short − mean of all = (short − long) × long / all, long and short alike in number.
            let estimate = swing.differenceMs.scaled(by: 0.5)
            guard abs(estimate.value) >= relevantMs else { return nil }
            return group(.subdivision, subdivision: 2, estimate, what: subdivisionName(2, of: 2))
        }
        let ci95 = swing.ratio.ci95
        let interval = ci95.map { SwingEstimate.text($0, decimals: 1) }.joined(separator: " to ")
        let played = SwingEstimate.text(swing.ratio.value)
        let text: String
        if swing.clickRatio == 0.5 {
            text = shift > 0
                ? "you swing the \(swing.pair.rawValue) \(played) (95 %: \(interval), \(swing.ratio.n) hits)"
                : "your \(swing.pair == .eighths ? "off-beat 8ths" : "off 16ths") come early: \(played) (95 %: \(interval), \(swing.ratio.n) hits)"
        } else {
            text = "you play the \(swing.pair.rawValue) \(played) against the click's \(SwingEstimate.text(swing.clickRatio)):"
                + " \(shift > 0 ? "more swung" : "straighter") than the click (95 %: \(interval), \(swing.ratio.n) hits)"
        }
        return Finding(
            kind: .swing, subdivision: subdivision, direction: shift > 0 ? .late : .early, estimate: swing.ratio.value,
            unit: "ratio", ci95: ci95, n: swing.ratio.n, text: text)
    }

    private static func driftFinding(_ drift: FindingEstimate, minutes: Double) -> Finding {
        finding(.drift, drift, unit: "ms/min") { ci95 in
            "you get \(drift.value >= 0 ? "later" : "earlier") as you play: \(NumberText.signed(drift.value, 1)) ms per minute"
                + " (95 %: \(ci95.map { NumberText.signed($0, 1) }.joined(separator: " to ")),"
                + " \(drift.n) hits over \(NumberText.fixed(minutes, 1)) minutes)"
        }
    }

    private static func withoutClick(_ difference: FindingEstimate) -> Finding {
        let late = difference.value >= 0
        return finding(.withoutClick, difference, unit: "ms") { ci95 in
            "without the click you \(late ? "drag" : "rush"): \(NumberText.fixed(abs(difference.value), 1)) ms"
                + " \(late ? "later" : "earlier") than with it (95 %: \(magnitudes(ci95, unit: " ms")), \(difference.n) hits)"
        }
    }

    /// The spread left once the tendencies `findings` name are taken out, and
    /// when nothing else is claimed, what to practise next.
    private static func consistency(_ observations: [FindingObservation], findings: [Finding], settings: ReportSettings) -> Finding? {
        guard let mean = FindingStatistics.mean(observations.lazy.map(\.offsetMs))?.value,
              let spread = ResidualSpread(observations, removing: findings) else { return nil }
        let n = observations.count
        let sd = spread.sd
        let ci = spread.ci95
        let text: String
        if n < minimumHits {
            text = "only \(n) hits: too few to tell a tendency from chance; play 8 bars or more"
        } else if !findings.isEmpty {
            let beyond = spread.removed > 0 ? " beyond the tendencies above" : ""
            text = "your spread\(beyond): ±\(NumberText.fixed(sd, 1)) ms over \(n) hits"
                + " (95 %: \(NumberText.fixed(ci[0], 1)) to \(NumberText.fixed(ci[1], 1)) ms)"
        } else {
            text = "no tendency stands out beyond your ±\(NumberText.fixed(sd, 1)) ms spread over \(n) hits; next: \(nextStep(sd: sd, settings: settings))"
        }
        return Finding(
            kind: .consistency, direction: mean >= 0 ? .late : .early, estimate: sd, unit: "ms", ci95: ci, n: n, text: text)
    }

    /// A position finding its part's finding already tells (its interval holds
    /// the part's estimate) is left out: "the a's drag" says "the a of 2 drags".
    /// A flam one of whose voices is claimed ahead or behind is that voice's
    /// finding told again: it is left out too.
    private static func explained(_ findings: [Finding]) -> [Finding] {
        let parts = findings.filter { $0.kind == .subdivision }
        let voices = Set(findings.filter { $0.kind == .voice && $0.aspect == nil }.compactMap(\.voice))
        return findings.filter { finding in
            if finding.kind == .flam { return !(finding.voices ?? []).contains(where: voices.contains) }
            guard finding.kind == .position else { return true }
            return !parts.contains { $0.subdivision == finding.subdivision && (finding.ci95[0]...finding.ci95[1]).contains($0.estimate) }
        }
    }

    /// A spread of this many ms or more is the thing to work on first.
    public static let wideSpreadMs = 15.0

    /// The one thing worth practising next when no tendency stands out:
    /// evenness at a slower tempo while the spread is wide, then time without
    /// the click, then a faster tempo.
    static func nextStep(sd: Double, settings: ReportSettings) -> String {
        let bpm = settings.tempo.bpm
        if sd >= wideSpreadMs {
            let slower = max(20, Int((bpm * 0.85).rounded()))
            return "evenness: practise at about \(slower) BPM until your spread is under \(Int(wideSpreadMs)) ms"
        }
        if settings.gap == nil {
            return "your own time: leave out the click in some bars (--gap 4,4)"
        }
        return "a faster tempo: try \(min(400, Int(bpm.rounded()) + 5)) BPM"
    }
}
