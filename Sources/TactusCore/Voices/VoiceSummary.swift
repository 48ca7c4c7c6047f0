/// Timing and dynamics of one voice of the kit (the kick, the hi-hat, note 60)
/// over the bars with click, count-in left out: `byVoice` in the report.
/// Offsets and velocities cover matched hits.
public struct VoiceSummary: Hashable, Sendable {
    /// One part of the beat (1 is the beat itself) as this voice plays it.
    public struct Part: Hashable, Sendable {
        public var subdivision: Int
        public var matched: Int
        public var meanOffsetMs: Double?
    }

    public var voice: String
    /// Matched hits and extras.
    public var hits: Int
    public var matched: Int
    public var meanOffsetMs: Double?
    public var sdOffsetMs: Double?
    public var medianOffsetMs: Double?
    /// The 95 % interval of the mean (Student's t over the matched hits);
    /// nil below two.
    public var ci95: [Double]?
    public var meanVelocity: Double?
    /// How evenly the voice is played: the SD of its velocities.
    public var sdVelocity: Double?
    public var byPart: [Part]

    /// The voices of `hits` (MIDI notes only: audio strokes have none), in
    /// the map's order, notes off the map after them by number.
    public static func of(_ hits: [ScoredHit], map: DrumMap) -> [VoiceSummary] {
        struct Tally {
            var hits = 0
            var offsets: [Double] = []
            var velocity = RunningMoments()
            var parts: [Int: RunningMoments] = [:]
        }
        var voices = VoiceIndex(map: map)
        var tallies: [Tally] = []
        for hit in hits where !hit.countIn && !hit.muted {
            guard let index = voices.index(of: hit) else { continue }
            while tallies.count <= index { tallies.append(Tally()) }
            tallies[index].hits += 1
            guard hit.grade.isMatched else { continue }
            tallies[index].offsets.append(hit.offsetMs)
            tallies[index].velocity.add(Double(hit.velocity))
            tallies[index].parts[hit.position.subdivision, default: RunningMoments()].add(hit.offsetMs)
        }
        return voices.ordered.compactMap { index in
            guard index < tallies.count, tallies[index].hits > 0 else { return nil }
            let tally = tallies[index]
            let moments = RunningMoments(tally.offsets)
            var ci95: [Double]?
            if let mean = moments.mean, let sd = moments.sampleStandardDeviation {
                let estimate = FindingEstimate(
                    value: mean, standardError: sd / Double(moments.count).squareRoot(),
                    degreesOfFreedom: Double(moments.count - 1), n: moments.count)
                ci95 = estimate.ci95
            }
            return VoiceSummary(
                voice: voices.names[index], hits: tally.hits, matched: moments.count, meanOffsetMs: moments.mean,
                sdOffsetMs: moments.sampleStandardDeviation, medianOffsetMs: OrderStatistics.median(tally.offsets),
                ci95: ci95, meanVelocity: tally.velocity.mean, sdVelocity: tally.velocity.sampleStandardDeviation,
                byPart: tally.parts.sorted { $0.key < $1.key }.map {
                    Part(subdivision: $0.key, matched: $0.value.count, meanOffsetMs: $0.value.mean)
                })
        }
    }
}

extension VoiceSummary: Codable {
    enum CodingKeys: String, CodingKey {
        case voice, hits, matched, meanOffsetMs, sdOffsetMs, medianOffsetMs, ci95, meanVelocity, sdVelocity, byPart
    }

    public func encode(to encoder: any Encoder) throws {
        var c = ReportEncoder(encoder, keyedBy: CodingKeys.self)
        try c.encode(voice, forKey: .voice)
        try c.counts([.hits: hits, .matched: matched])
        try c.milliseconds([
            .meanOffsetMs: meanOffsetMs, .sdOffsetMs: sdOffsetMs, .medianOffsetMs: medianOffsetMs,
            .meanVelocity: meanVelocity, .sdVelocity: sdVelocity,
        ])
        try c.milliseconds(ci95, forKey: .ci95)
        try c.encode(byPart, forKey: .byPart)
    }
}

extension VoiceSummary.Part: Codable {
    enum CodingKeys: String, CodingKey {
        case subdivision, matched, meanOffsetMs
    }

    public func encode(to encoder: any Encoder) throws {
        var c = ReportEncoder(encoder, keyedBy: CodingKeys.self)
        try c.counts([.subdivision: subdivision, .matched: matched])
        try c.milliseconds([.meanOffsetMs: meanOffsetMs])
    }
}
