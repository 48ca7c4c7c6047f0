/// How hard each voice is played, as claims to test: in MIDI velocity, or
/// for strokes found in a recording (one voice, `recording`) in dB of their
/// level (`Scale`):
/// - `position`: one part of the beat against the voice's other notes (the
///   hi-hat's &s softer than its beats), for a voice that plays two parts or
///   more (of two, the later is told);
/// - `ghosts`: the snare's notes between the beats, when softer than its
///   strokes on the beats, against the two dynamic levels (32 velocity:
///   MIDI's levels, pp 33 to ff 112, lie 16 apart) that set ghost notes
///   apart from backbeats; claimed when they stand out less;
/// - `coupling`: a voice's velocity at its own place of the bar (beat and
///   part) with another voice played with it against without it (the hat
///   louder whenever the kick plays), compared within each place; places
///   where the other always or never plays tell nothing, so a loud downbeat
///   is not taken for it.
/// Each group needs `Findings.minimumHits` notes in as many bars; a claim
/// must pass the take's Holm correction and differ by `relevant` or more.
struct VoiceDynamics {
    /// What a dynamic level is in the unit the notes are measured in.
    struct Scale {
        var unit: String
        /// Written after a number in a finding's text ("7 softer", "7 dB softer").
        var suffix: String
        /// Half a dynamic level.
        var relevant: Double
        /// Two dynamic levels: how far below the backbeat a ghost note sits.
        var ghostGap: Double
        /// One dynamic level: how far above the other notes an accent stands.
        var accentGap: Double

        /// MIDI velocity: pp 33 to ff 112, a level 16 apart.
        static let velocity = Scale(unit: "velocity", suffix: "", relevant: 8, ghostGap: 32, accentGap: 16)
        /// A stroke's peak level: a dynamic level is about 6 dB (twice the amplitude).
        static let decibels = Scale(unit: "dB", suffix: " dB", relevant: 3, ghostGap: 12, accentGap: 6)
    }

    struct Note {
        var voice: Int
        var position: GridPosition
        var velocity: Double
    }

    /// The claims to test of `notes` (matched MIDI hits in bars with click).
    /// `accented` says whether a place of the bar (beat, part) is accented
    /// by the click's pattern; nil without one.
    static func claims(
        _ notes: [Note], names: [String], subdivision: Int, accented: ((Int, Int) -> Bool)? = nil, scale: Scale = .velocity
    ) -> [FindingClaim] {
        var claims: [FindingClaim] = []
        var byVoice: [Int: [Note]] = [:]
        for note in notes { byVoice[note.voice, default: []].append(note) }
        for voice in byVoice.keys.sorted() {
            let own = byVoice[voice] ?? []
            // The snare's notes between its backbeats are told as ghost notes, not as parts.
            if names[voice] == "snare", let ghosts = ghosts(own, scale: scale) {
                claims.append(ghosts)
            } else {
                claims += positions(own, name: names[voice], subdivision: subdivision, scale: scale)
            }
        }
        claims += couplings(notes, names: names, scale: scale)
        if let accented {
            for voice in byVoice.keys.sorted() {
                if let claim = accents(byVoice[voice] ?? [], name: names[voice], accented: accented, scale: scale) { claims.append(claim) }
            }
        }
        return claims
    }

    /// The velocities of the notes `first` takes, and of the rest.
    private static func split(_ notes: [Note], first: (Note) -> Bool) -> (BarCountedValues, BarCountedValues) {
        var taken = BarCountedValues(), rest = BarCountedValues()
        for note in notes {
            if first(note) {
                taken.add(note.velocity, bar: note.position.bar)
            } else {
                rest.add(note.velocity, bar: note.position.bar)
            }
        }
        return (taken, rest)
    }

    private static func positions(_ notes: [Note], name: String, subdivision: Int, scale: Scale) -> [FindingClaim] {
        var parts: [Int: BarCountedValues] = [:]
        for note in notes {
            parts[note.position.subdivision, default: BarCountedValues()].add(note.velocity, bar: note.position.bar)
        }
        guard parts.count >= 2 else { return [] }
        // Of two parts, one against the other is one fact: told of the later.
        let tested = parts.count == 2 ? Array(parts.keys.sorted().dropFirst()) : parts.keys.sorted()
        return tested.compactMap { part in
            guard let group = parts[part], group.enough else { return nil }
            let rest = RunningMoments(notes.lazy.filter { $0.position.subdivision != part }.map(\.velocity))
            guard rest.count >= Findings.minimumHits,
                  let difference = FindingStatistics.difference(RunningMoments(group.values), rest) else { return nil }
            // part − mean of the voice = (part − rest) × rest / all
            let estimate = difference.scaled(by: Double(rest.count) / Double(notes.count))
            let what = Findings.subdivisionName(part, of: subdivision)
            let louder = estimate.value >= 0
            return FindingClaim(p: difference.p(), finding: abs(estimate.value) >= scale.relevant ? finding(
                estimate, voice: name, aspect: "position", subdivision: part, louder: louder,
                text: "\(Findings.voiceName(name))'s \(what.hasPrefix("the ") ? String(what.dropFirst(4)) : what) are"
                    + " \(NumberText.fixed(abs(estimate.value), 0))\(scale.suffix) \(louder ? "louder" : "softer") than its other notes",
                scale: scale) : nil)
        }
    }

    private static func ghosts(_ notes: [Note], scale: Scale) -> FindingClaim? {
        let (backbeats, ghosts) = split(notes) { $0.position.subdivision == 1 }
        guard backbeats.enough, ghosts.enough, let gap = FindingStatistics.difference(backbeats.values, ghosts.values),
              gap.value > 0 else { return nil }
        // One-sided: is the gap below the two levels ghost notes need?
        let p = gap.pBelow(scale.ghostGap)
        let short = scale.ghostGap - gap.value >= scale.relevant
        var estimate = gap
        estimate.n = ghosts.values.count
        return FindingClaim(p: p, finding: short ? finding(
            estimate, voice: "snare", aspect: "ghosts", louder: true,
            text: "your ghost notes are loud: only \(NumberText.fixed(gap.value, 0))\(scale.suffix) softer than the snare's backbeats,"
                + " where two dynamic levels (\(Int(scale.ghostGap))\(scale.suffix)) set them apart", unitNoun: "ghost notes", scale: scale) : nil)
    }

    /// A voice's notes on the click's accents against its others, one-sided
    /// against the dynamic level (16) an accent stands out by; claimed when
    /// they stand out less.
    private static func accents(_ notes: [Note], name: String, accented: (Int, Int) -> Bool, scale: Scale) -> FindingClaim? {
        let (accents, others) = split(notes) { accented($0.position.beat, $0.position.subdivision) }
        guard accents.enough, others.enough, let gap = FindingStatistics.difference(accents.values, others.values) else { return nil }
        let p = gap.pBelow(scale.accentGap)
        var estimate = gap
        estimate.n = accents.values.count
        let shown = NumberText.fixed(gap.value, 0) + scale.suffix
        return FindingClaim(p: p, finding: scale.accentGap - gap.value >= scale.relevant ? finding(
            estimate, voice: name, aspect: "accents", louder: false,
            text: "\(Findings.voiceName(name))'s accents stand out \(gap.value > 0 ? "only \(shown)" : "not at all (\(shown))") above its other notes,"
                + " where a dynamic level (\(Int(scale.accentGap))\(scale.suffix)) sets them apart", unitNoun: "accents", scale: scale) : nil)
    }

    private static func couplings(_ notes: [Note], names: [String], scale: Scale) -> [FindingClaim] {
        // Who played at each position, and each voice's notes by its place of the bar.
        struct Place: Hashable { var voice: Int, beat: Int, part: Int }
        var voicesAt: [GridPosition: Set<Int>] = [:]
        var byPlace: [Place: [Note]] = [:]
        for note in notes {
            voicesAt[note.position, default: []].insert(note.voice)
            byPlace[Place(voice: note.voice, beat: note.position.beat, part: note.position.subdivision), default: []].append(note)
        }
        let voices = Set(notes.map(\.voice)).sorted()
        var claims: [FindingClaim] = []
        for a in voices {
            for b in voices where b != a {
                // A's notes with B and without it, at each place of A's where B sometimes plays and sometimes not.
                func withB(_ note: Note) -> Bool { voicesAt[note.position]?.contains(b) == true }
                var strata: [(with: RunningMoments, without: RunningMoments)] = []
                var mixed: Set<Place> = []
                for place in byPlace.keys.filter({ $0.voice == a }).sorted(by: { ($0.beat, $0.part) < ($1.beat, $1.part) }) {
                    let (here, away) = split(byPlace[place] ?? [], first: withB)
                    guard !here.values.isEmpty, !away.values.isEmpty else { continue }
                    strata.append((RunningMoments(here.values), RunningMoments(away.values)))
                    mixed.insert(place)
                }
                // Counted in time order, so a group's bars are the bars it was played in.
                let (with, without) = split(notes.filter { mixed.contains(Place(voice: $0.voice, beat: $0.position.beat, part: $0.position.subdivision)) }, first: withB)
                guard with.enough, without.enough, let difference = Self.withinPlaces(strata, n: with.values.count) else { continue }
                let louder = difference.value >= 0
                claims.append(FindingClaim(p: difference.p(), finding: abs(difference.value) >= scale.relevant ? finding(
                    difference, voice: names[a], voices: [names[a], names[b]], aspect: "coupling", louder: louder,
                    text: "\(Findings.voiceName(names[a])) is \(NumberText.fixed(abs(difference.value), 0))\(scale.suffix)"
                        + " \(louder ? "louder" : "softer") when \(Findings.voiceName(names[b])) plays with it",
                    unitNoun: "notes with it", scale: scale) : nil))
            }
        }
        return claims
    }

    /// The difference with against without, taken within each place and
    /// weighed by what the place tells (n₁n₂/(n₁ + n₂)), its error from the
    /// spread within the groups: a place where the other voice is missing
    /// once in many bars hardly counts, where a mean of all the notes'
    /// distances from their places' means would take its many notes with
    /// the other as no difference at all.
    static func withinPlaces(_ strata: [(with: RunningMoments, without: RunningMoments)], n: Int) -> FindingEstimate? {
        var weighted = 0.0, weights = 0.0, squares = 0.0, count = 0
        for (with, without) in strata {
            guard let first = with.mean, let second = without.mean else { continue }
            let weight = Double(with.count * without.count) / Double(with.count + without.count)
            weighted += weight * (first - second)
            weights += weight
            squares += (with.sampleVariance ?? 0) * Double(with.count - 1) + (without.sampleVariance ?? 0) * Double(without.count - 1)
            count += with.count + without.count
        }
        let degrees = count - 2 * strata.count
        guard weights > 0, degrees > 0 else { return nil }
        let variance = squares / Double(degrees)
        return FindingEstimate(
            value: weighted / weights, standardError: (variance / weights).squareRoot(), degreesOfFreedom: Double(degrees), n: n)
    }

    private static func finding(
        _ estimate: FindingEstimate, voice: String, voices: [String]? = nil, aspect: String, subdivision: Int? = nil, louder: Bool,
        text: String, unitNoun: String = "notes", scale: Scale
    ) -> Finding {
        let ci95 = estimate.ci95
        let interval = ci95.map { abs($0) }.sorted().map { NumberText.fixed($0, 0) }.joined(separator: " to ")
        return Finding(
            kind: .dynamics, subdivision: subdivision, direction: louder ? .louder : .softer, estimate: estimate.value, unit: scale.unit,
            ci95: ci95, n: estimate.n, text: "\(text) (\(scale.unit), 95 %: \(interval), \(estimate.n) \(unitNoun))", voice: voice,
            voices: voices, aspect: aspect)
    }
}
