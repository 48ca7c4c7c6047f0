/// The length of a beat in ms (60000 / BPM) at each bar of a take: the
/// tempo of the latest tempo change at or before the bar, else the settings'.
struct BeatLengths: Sendable {
    let tempo: Tempo
    /// In bar order (changes at one bar in the order made).
    let changes: [ReportTempoChange]

    init(settings: ReportSettings, tempoChanges: [ReportTempoChange]) {
        tempo = settings.tempo
        changes = tempoChanges.sorted { $0.bar < $1.bar }
    }

    func ms(atBar bar: Int) -> Double {
        // The first change after `bar`; the one before it is in force.
        var low = 0
        var high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].bar <= bar { low = middle + 1 } else { high = middle }
        }
        let tempo = low > 0 ? changes[low - 1].tempo : self.tempo
        return 60_000 / max(tempo.bpm, 1)
    }
}
