/// A tempo in beats per minute of the beat unit, kept exactly as thousandths of
/// a BPM so that frame positions can be computed with integer arithmetic.
public struct Tempo: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// Beats per minute × 1000.
    public var milliBPM: Int64

    public init(milliBPM: Int64) {
        self.milliBPM = milliBPM
    }

    /// `bpm` rounded to the nearest thousandth.
    public init(bpm: Double) {
        self.milliBPM = Int64((bpm * 1000).rounded())
    }

    public var bpm: Double { Double(milliBPM) / 1000 }

    /// The range tactus accepts: 20–400 BPM.
    public static let allowed: ClosedRange<Tempo> = Tempo(milliBPM: 20_000)...Tempo(milliBPM: 400_000)

    public static func < (lhs: Tempo, rhs: Tempo) -> Bool { lhs.milliBPM < rhs.milliBPM }

    public var description: String {
        milliBPM % 1000 == 0 ? "\(milliBPM / 1000)" : "\(bpm)"
    }

    public init(from decoder: any Decoder) throws {
        self.init(bpm: try decoder.singleValueContainer().decode(Double.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(bpm)
    }
}
