/// One grid position as findings see it: the mean offset of the hits matched
/// to it (a kick and a hi-hat struck together are one observation, not two
/// independent ones) and when it fell (`BeatLengths` tells how long a beat
/// was there).
///
/// A take has one per grid position played, so the position is stored packed
/// as in `ScoredHit`.
struct FindingObservation: Hashable, Sendable {
    var offsetMs: Double
    /// Grid time of the position in minutes from the origin.
    var minutes: Double
    private var bar: Int32
    private var beat: Int16
    private var subdivision: Int16
    /// In a bar a gap pattern silenced.
    var muted: Bool

    init(position: GridPosition, offsetMs: Double, minutes: Double, muted: Bool) {
        self.offsetMs = offsetMs
        self.minutes = minutes
        self.bar = Int32(clamping: position.bar)
        self.beat = Int16(clamping: position.beat)
        self.subdivision = Int16(clamping: position.subdivision)
        self.muted = muted
    }

    var position: GridPosition {
        GridPosition(bar: Int(bar), beat: Int(beat), subdivision: Int(subdivision))
    }

    /// Which hits an observation averages.
    enum Counted: Sendable {
        /// Those inside the ok window; positions with none have no observation.
        case matched
        /// Every hit, extras too (swing estimates use those, as a swung
        /// off-beat against a straight click may fall outside the ok window).
        case all
    }

    /// One observation per grid position of `hits` (count-in left out), in
    /// grid order; `shift` (a hit's voice effect) is taken from each offset.
    ///
    /// Hits in grid order (a recorded performance, a steady live session)
    /// are taken in one pass; others are first gathered by position.
    static func from(
        _ hits: [ScoredHit], counting counted: Counted, settings: ReportSettings, shift: ((ScoredHit) -> Double)? = nil
    ) -> [FindingObservation] {
        var list = ObservationList(counted: counted, settings: settings, shift: shift)
        if list.takeInGridOrder(hits) { return list.observations }

        var sums: [GridPosition: PositionSums] = [:]
        sums.reserveCapacity(hits.count)
        for hit in hits where !hit.countIn {
            let position = hit.position
            var entry = sums[position] ?? PositionSums(hit, sampleRate: list.rate)
            entry.add(hit, shift: list.shift?(hit) ?? 0)
            sums[position] = entry
        }
        for (position, entry) in sums.sorted(by: { $0.key < $1.key }) {
            list.append(position, entry)
        }
        return list.observations
    }
}

/// The offsets of the hits at one grid position, summed in the order scored.
private struct PositionSums {
    var all = 0.0, allCount = 0, matched = 0.0, matchedCount = 0
    /// Of the first hit at the position.
    var minutes: Double
    var muted: Bool

    init(_ first: ScoredHit, sampleRate: Double) {
        let gridSeconds = first.timeS - Double(first.frame &- first.gridFrame) / sampleRate
        minutes = gridSeconds / 60
        muted = first.muted
    }

    mutating func add(_ hit: ScoredHit, shift: Double) {
        all += hit.offsetMs - shift
        allCount += 1
        if hit.grade.isMatched {
            matched += hit.offsetMs - shift
            matchedCount += 1
        }
    }
}

/// The observations of `FindingObservation.from`, appended in grid order.
private struct ObservationList {
    let counted: FindingObservation.Counted
    let rate: Double
    let shift: ((ScoredHit) -> Double)?
    var observations: [FindingObservation] = []

    init(counted: FindingObservation.Counted, settings: ReportSettings, shift: ((ScoredHit) -> Double)?) {
        self.counted = counted
        self.rate = Double(max(settings.sampleRate, 1))
        self.shift = shift
    }

    mutating func append(_ position: GridPosition, _ entry: PositionSums) {
        let (sum, count) = counted == .all ? (entry.all, entry.allCount) : (entry.matched, entry.matchedCount)
        guard count > 0 else { return }
        observations.append(FindingObservation(
            position: position, offsetMs: sum / Double(count), minutes: entry.minutes, muted: entry.muted))
    }

    /// Appends the observations of `hits` when each position's hits come
    /// together and the positions in grid order; false (appending nothing)
    /// when they do not.
    mutating func takeInGridOrder(_ hits: [ScoredHit]) -> Bool {
        guard let counts = Self.countInGridOrder(hits) else { return false }
        observations.reserveCapacity(counted == .all ? counts.all : counts.matched)
        var current: (position: GridPosition, sums: PositionSums)?
        for hit in hits where !hit.countIn {
            let position = hit.position
            if let open = current {
                if open.position == position {
                    current?.sums.add(hit, shift: shift?(hit) ?? 0)
                    continue
                }
                append(open.position, open.sums)
            }
            var sums = PositionSums(hit, sampleRate: rate)
            sums.add(hit, shift: shift?(hit) ?? 0)
            current = (position, sums)
        }
        if let open = current { append(open.position, open.sums) }
        return true
    }

    /// The positions of `hits` and those with a matched hit, when each
    /// position's hits come together and the positions in grid order.
    private static func countInGridOrder(_ hits: [ScoredHit]) -> (all: Int, matched: Int)? {
        var all = 0, matched = 0
        var current: (position: GridPosition, matched: Bool)?
        for hit in hits where !hit.countIn {
            let position = hit.position
            if let open = current {
                if open.position == position {
                    current?.matched = open.matched || hit.grade.isMatched
                    continue
                }
                guard open.position < position else { return nil }
                if open.matched { matched += 1 }
            }
            all += 1
            current = (position, hit.grade.isMatched)
        }
        if current?.matched == true { matched += 1 }
        return (all, matched)
    }
}
