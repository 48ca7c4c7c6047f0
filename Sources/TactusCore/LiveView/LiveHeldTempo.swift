/// The tempo the player holds without the click, for the live view: in free
/// time the pulse's tempo against the one the take began at, in the muted
/// bars of a gap click against the click's.
public struct LiveHeldTempo: Hashable, Sendable {
    /// The tempo of the player's last bars; nil while too few beats are played.
    public var bpm: Double?
    /// The tempo it is held against: where free time began, or the click's.
    public var referenceBPM: Double
    /// Free time (no click at all), not the muted bars of a gap click.
    public var free: Bool

    public init(bpm: Double?, referenceBPM: Double, free: Bool) {
        self.bpm = bpm
        self.referenceBPM = referenceBPM
        self.free = free
    }

    /// `118.6 BPM` (`- BPM` while it settles).
    var tempoText: String {
        (bpm.map { NumberText.fixed($0, 1) } ?? "-") + " BPM"
    }

    /// `from 120 -1.4` in free time, `held 118.6 BPM -1.4` in a muted bar;
    /// the difference is left out while the tempo settles.
    var comparisonText: String {
        let reference = NumberText.fixed(referenceBPM, referenceBPM == referenceBPM.rounded() ? 0 : 1)
        let difference = bpm.map { " " + NumberText.signed($0 - referenceBPM, 1) } ?? ""
        return free ? "from \(reference)\(difference)" : "held \(tempoText)\(difference)"
    }
}
