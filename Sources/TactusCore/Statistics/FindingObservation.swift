/// One grid position as findings see it: the mean offset of the hits matched
/// to it (a kick and a hi-hat struck together are one observation, not two
/// independent ones), when it fell, and how long a beat was there.
struct FindingObservation: Hashable, Sendable {
    var position: GridPosition
    var offsetMs: Double
    /// Grid time of the position in minutes from the origin.
    var minutes: Double
    /// Length of the beat at the position in ms (60000 / BPM).
    var beatMs: Double
    /// In a bar a gap pattern silenced.
    var muted: Bool

    /// One observation per grid position of `hits` (count-in left out), in
    /// grid order: of the matched hits (inside the ok window) and of every hit
    /// (extras too; swing estimates use those, as a swung off-beat against a
    /// straight click may fall outside the ok window).
    static func from(
        _ hits: [ScoredHit], settings: ReportSettings, tempoChanges: [ReportTempoChange]
    ) -> (matched: [FindingObservation], all: [FindingObservation]) {
        let rate = Double(max(settings.sampleRate, 1))
        let changes = tempoChanges.sorted { $0.bar < $1.bar }
        func beatMs(atBar bar: Int) -> Double {
            let tempo = changes.last { $0.bar <= bar }?.tempo ?? settings.tempo
            return 60_000 / max(tempo.bpm, 1)
        }
        struct Sums {
            var all = 0.0, allCount = 0, matched = 0.0, matchedCount = 0
            var minutes: Double
            var muted: Bool
        }
        var sums: [GridPosition: Sums] = [:]
        sums.reserveCapacity(hits.count)
        for hit in hits where !hit.countIn {
            let gridSeconds = hit.timeS - Double(hit.frame &- hit.gridFrame) / rate
            var entry = sums[hit.position] ?? Sums(minutes: gridSeconds / 60, muted: hit.muted)
            entry.all += hit.offsetMs
            entry.allCount += 1
            if hit.grade.isMatched {
                entry.matched += hit.offsetMs
                entry.matchedCount += 1
            }
            sums[hit.position] = entry
        }
        var matched: [FindingObservation] = []
        var all: [FindingObservation] = []
        matched.reserveCapacity(sums.count)
        all.reserveCapacity(sums.count)
        var bar = Int.min
        var beat = 0.0
        for (position, entry) in sums.sorted(by: { $0.key < $1.key }) {
            if position.bar != bar {
                bar = position.bar
                beat = beatMs(atBar: bar)
            }
            all.append(FindingObservation(
                position: position, offsetMs: entry.all / Double(entry.allCount), minutes: entry.minutes, beatMs: beat, muted: entry.muted))
            if entry.matchedCount > 0 {
                matched.append(FindingObservation(
                    position: position, offsetMs: entry.matched / Double(entry.matchedCount), minutes: entry.minutes, beatMs: beat,
                    muted: entry.muted))
            }
        }
        return (matched, all)
    }
}
