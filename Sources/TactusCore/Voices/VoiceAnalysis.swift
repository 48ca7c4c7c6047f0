/// What findings need to know of the kit in a take: each voice's effect (see
/// `VoiceModel`), the gaps between voices played together (flams), and the
/// shift that takes each hit's voice out of its offset before beats and
/// positions are compared, so one cause makes one claim.
struct VoiceAnalysis {
    /// The voices' names by index.
    var names: [String]
    var model: VoiceModel?
    /// Voices `a` and `b` at the same grid positions: the mean of a − b
    /// (positive: a later), `a` before `b` in report order.
    var flams: [(a: Int, b: Int, estimate: FindingEstimate)]
    /// Where the voices' effects do not add up (see `addsUp`): the voice
    /// whose notes at `positions` (where its partner plays) are fitted as a
    /// voice of their own, index `names.count` in the model.
    private var split: (voice: Int, positions: Set<GridPosition>)?
    /// How hard the voices are played (see `VoiceDynamics`).
    var dynamics: [FindingClaim]
    /// Each voice's mean distance from its own average against the others' (see `spreads`).
    var spreads: [(voice: Int, estimate: FindingEstimate)]
    private var index: VoiceIndex

    /// Of the matched hits in bars with click (count-in left out).
    init(_ hits: [ScoredHit], map: DrumMap, subdivision: Int, accented: ((Int, Int) -> Bool)? = nil) {
        index = VoiceIndex(map: map)
        var played: [VoiceModel.Hit] = []
        var notes: [VoiceDynamics.Note] = []
        var strokes: [VoiceDynamics.Note] = []
        for hit in hits where !hit.countIn && !hit.muted && hit.grade.isMatched {
            // A recording is one voice, its strokes' level their dynamics.
            if let level = hit.levelDb {
                strokes.append(VoiceDynamics.Note(voice: 0, position: hit.position, velocity: level))
                continue
            }
            guard let voice = index.index(of: hit) else { continue }
            played.append(VoiceModel.Hit(voice: voice, position: hit.position, offsetMs: hit.offsetMs))
            notes.append(VoiceDynamics.Note(voice: voice, position: hit.position, velocity: Double(hit.velocity)))
        }
        names = index.names
        let flams = Self.flams(played, order: index.ordered)
        self.flams = flams
        model = VoiceModel(played, voiceCount: names.count)
        if let additive = model, !Self.addsUp(additive, flams: flams) {
            // The gap is one voice's where another plays: of the splits
            // that leave about the least unexplained, the one that needs
            // the smallest effects of the kit's voices (no split fits: no model).
            let voices = names.count
            let positionsOf = Dictionary(grouping: played, by: \.voice).mapValues { Set($0.map(\.position)) }
            var candidates: [(model: VoiceModel, split: (voice: Int, positions: Set<GridPosition>))] = []
            for flam in flams {
                for (voice, partner) in [(flam.a, flam.b), (flam.b, flam.a)] {
                    let positions = positionsOf[partner] ?? []
                    let hits = played.map { hit in
                        var hit = hit
                        if hit.voice == voice && positions.contains(hit.position) { hit.voice = voices }
                        return hit
                    }
                    guard let fitted = VoiceModel(hits, voiceCount: voices + 1, averagedOver: Set(0..<voices)) else { continue }
                    candidates.append((fitted, (voice, positions)))
                }
            }
            let least = candidates.map(\.model.residualSquares).min() ?? 0
            let allowed = least + 4 * (candidates.map(\.model.residualVariance).min() ?? 0)
            let best = candidates.filter { $0.model.residualSquares <= allowed }.min { $0.model.kitEffectSquares < $1.model.kitEffectSquares }
            model = best?.model
            split = best?.split
        }
        dynamics = VoiceDynamics.claims(notes, names: names, subdivision: subdivision, accented: accented)
            + VoiceDynamics.claims(strokes, names: ["recording"], subdivision: subdivision, accented: accented, scale: .decibels)
        spreads = Self.spreads(played, names: names, order: index.ordered)
    }

    /// What to take from `hit`'s offset: its voice's effect (the split
    /// voice's where it plays with its partner), 0 outside the model.
    func shift(_ hit: ScoredHit) -> Double {
        guard let model, var voice = index.existingIndex(note: hit.note, channel: hit.channel) else { return 0 }
        if let split, voice == split.voice, split.positions.contains(hit.position) { voice = names.count }
        return voice < model.shifts.count ? model.shifts[voice] : 0
    }

    /// Each voice's effect against the player's average (a split voice's
    /// notes with its partner are not a voice of the kit, and not told).
    var effects: [(voice: Int, estimate: FindingEstimate)] {
        (model?.effects ?? []).filter { $0.voice < names.count }
    }

    /// Whether every pair's gap where they meet is what the voices' effects
    /// make of it: none stands `Findings.relevantMs` or more from it, and
    /// surely (p < 0.05). Where voices meet in
    /// a cycle (the hat with the kick on 1, the hat with the snare on 2, the
    /// kick with the snare on 4) a gap that belongs to one pair alone (the
    /// hat late only where the snare plays) is no voice's: the additive
    /// model would share it out as effects of voices that are on time with
    /// each other elsewhere. Then one voice's notes with the other are
    /// fitted as a voice of their own (the hat with the snare), the one of
    /// the two splits that leaves less unexplained, so their gap is told as
    /// the pair's flam and the beats they meet on are compared without it.
    /// Where voices meet only in a chain (every voice with the hat), the
    /// model's gaps are the pairs' own and nothing can disagree.
    static func addsUp(_ model: VoiceModel, flams: [(a: Int, b: Int, estimate: FindingEstimate)]) -> Bool {
        let inModel = Set(model.effects.map(\.voice))
        return !flams.contains { flam in
            guard inModel.contains(flam.a), inModel.contains(flam.b) else { return false }
            var misfit = flam.estimate
            misfit.value -= model.shifts[flam.a] - model.shifts[flam.b]
            return abs(misfit.value) >= Findings.relevantMs && misfit.p() < 0.05
        }
    }

    /// Each pair of voices met at `Findings.minimumHits` positions or more,
    /// over as many bars: the mean of their differences there (each voice's
    /// hits at a position averaged), its error from the differences' serial
    /// correlation.
    private static func flams(_ hits: [VoiceModel.Hit], order: [Int]) -> [(a: Int, b: Int, estimate: FindingEstimate)] {
        let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        var byPosition: [GridPosition: [Int: (sum: Double, count: Int)]] = [:]
        for hit in hits {
            var entry = byPosition[hit.position, default: [:]][hit.voice, default: (0, 0)]
            entry.sum += hit.offsetMs
            entry.count += 1
            byPosition[hit.position, default: [:]][hit.voice] = entry
        }
        struct Pair: Hashable { var a: Int, b: Int }
        var differences: [Pair: BarCountedValues] = [:]
        for position in byPosition.keys.sorted() {
            guard let here = byPosition[position], here.count >= 2 else { continue }
            let voices = here.keys.sorted { (rank[$0] ?? $0) < (rank[$1] ?? $1) }
            for (i, a) in voices.enumerated() {
                for b in voices[(i + 1)...] {
                    guard let x = here[a], let y = here[b] else { continue }
                    differences[Pair(a: a, b: b), default: BarCountedValues()]
                        .add(x.sum / Double(x.count) - y.sum / Double(y.count), bar: position.bar)
                }
            }
        }
        return differences
            .filter(\.value.enough)
            .sorted { ((rank[$0.key.a] ?? 0), (rank[$0.key.b] ?? 0)) < ((rank[$1.key.a] ?? 0), (rank[$1.key.b] ?? 0)) }
            .compactMap { pair, entry in FindingStatistics.mean(entry.values).map { (pair.a, pair.b, $0) } }
    }
}

extension VoiceAnalysis {
    /// A voice that wanders more than the others (the hat steady, the kick
    /// loose): each hit's distance from its voice's mean at its place of the
    /// bar (beat and part, so a leaning beat is no scatter), the voice's
    /// mean distance against the other voices' (Welch, as Brown and
    /// Forsythe test spreads). Only wider is claimed; each group needs
    /// `Findings.minimumHits` hits in as many bars. The voices share the
    /// player's wander at each position, which makes the test cautious.
    static func spreads(_ hits: [VoiceModel.Hit], names: [String], order: [Int]) -> [(voice: Int, estimate: FindingEstimate)] {
        struct Place: Hashable { var voice: Int, beat: Int, part: Int }
        var means: [Place: RunningMoments] = [:]
        for hit in hits { means[Place(voice: hit.voice, beat: hit.position.beat, part: hit.position.subdivision), default: RunningMoments()].add(hit.offsetMs) }
        var distances: [Int: BarCountedValues] = [:]
        for hit in hits {
            guard let mean = means[Place(voice: hit.voice, beat: hit.position.beat, part: hit.position.subdivision)]?.mean else { continue }
            distances[hit.voice, default: BarCountedValues()].add(abs(hit.offsetMs - mean), bar: hit.position.bar)
        }
        let tested = order.filter { distances[$0]?.enough == true }
        guard tested.count >= 2 else { return [] }
        return tested.compactMap { voice in
            let others = tested.filter { $0 != voice }.flatMap { distances[$0]?.values ?? [] }
            guard let own = distances[voice]?.values, let difference = FindingStatistics.difference(own, others) else { return nil }
            return (voice, difference)
        }
    }
}
