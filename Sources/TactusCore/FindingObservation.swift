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
    /// grid order. `matchedOnly` leaves out extras (hits outside the ok window).
    static func from(
        _ hits: [ScoredHit], settings: ReportSettings, tempoChanges: [ReportTempoChange], matchedOnly: Bool
    ) -> [FindingObservation] {
        let rate = Double(max(settings.sampleRate, 1))
        let changes = tempoChanges.sorted { $0.bar < $1.bar }
        func beatMs(atBar bar: Int) -> Double {
            let tempo = changes.last { $0.bar <= bar }?.tempo ?? settings.tempo
            return 60_000 / max(tempo.bpm, 1)
        }
        var sums: [GridPosition: (sum: Double, count: Int, minutes: Double, muted: Bool)] = [:]
        for hit in hits where !hit.countIn && (!matchedOnly || hit.grade.isMatched) {
            let gridSeconds = hit.timeS - Double(hit.frame &- hit.gridFrame) / rate
            var entry = sums[hit.position] ?? (0, 0, gridSeconds / 60, hit.muted)
            entry.sum += hit.offsetMs
            entry.count += 1
            sums[hit.position] = entry
        }
        return sums.keys.sorted().map { position in
            let entry = sums[position]!
            return FindingObservation(
                position: position, offsetMs: entry.sum / Double(entry.count), minutes: entry.minutes,
                beatMs: beatMs(atBar: position.bar), muted: entry.muted)
        }
    }
}
