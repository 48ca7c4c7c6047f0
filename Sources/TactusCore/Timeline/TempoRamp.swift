/// A linear tempo ramp from bar 1: `from` at the first downbeat, reaching `to`
/// at the downbeat after `bars` bars (count-in bars play at `from`).
public struct TempoRamp: Hashable, Sendable {
    public var from: Tempo
    public var to: Tempo
    public var bars: Int

    /// Bars a ramp may last.
    public static let allowedBars = 1...10_000

    public init(from: Tempo, to: Tempo, bars: Int) {
        self.from = from
        self.to = to
        self.bars = bars
    }

    /// Parses `FROM-TO/BARS`, e.g. `80-140/32`; tempos may have decimals.
    public init?(parsing text: String) {
        let halves = text.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, let bars = Int(halves[1]) else { return nil }
        let tempos = halves[0].split(separator: "-", omittingEmptySubsequences: false)
        guard tempos.count == 2, let from = Double(tempos[0]), let to = Double(tempos[1]),
              abs(from) <= 1e6, abs(to) <= 1e6 else {
            return nil
        }
        self.init(from: Tempo(bpm: from), to: Tempo(bpm: to), bars: bars)
    }
}

extension TempoRamp: CustomStringConvertible {
    public var description: String { "\(from)-\(to)/\(bars)" }
}
