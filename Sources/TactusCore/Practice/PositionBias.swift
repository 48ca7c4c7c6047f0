/// An extra offset on one place of the beat grid in every bar: beat `beat`,
/// part `part` of it (1 is the stroke on the beat; in 16ths 3 is the &).
/// `3.1:-6` is the stroke on beat 3 rushed by 6 ms.
public struct PositionBias: Hashable, Sendable {
    public var beat: Int
    public var part: Int
    public var ms: Double

    public init(beat: Int, part: Int, ms: Double) {
        self.beat = beat
        self.part = part
        self.ms = ms
    }

    /// Reads `BEAT.PART:MS` (beat and part up to `Meter.allowedBeats`, ms in
    /// `SimulatedPlayer.allowedOffsetMs`); nil when the text is not of that form.
    public init?(parsing text: String) {
        let halves = text.split(separator: ":", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        let place = halves[0].split(separator: ".", omittingEmptySubsequences: false)
        guard place.count == 2, let beat = Int(place[0]), let part = Int(place[1]), let ms = Double(halves[1]),
              Meter.allowedBeats.contains(beat), Meter.allowedBeats.contains(part), SimulatedPlayer.allowedOffsetMs.contains(ms) else { return nil }
        self.init(beat: beat, part: part, ms: ms)
    }
}
