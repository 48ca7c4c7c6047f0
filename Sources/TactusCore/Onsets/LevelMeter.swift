import Foundation

/// The level of an audio input as a peak meter shows it, to set gain and
/// sensitivity by: the loudest sample in dBFS, falling back at
/// `fallDbPerSecond` when the input is quieter, as a programme meter does.
public struct LevelMeter: Hashable, Sendable {
    /// The level of silence: nothing below this is shown.
    public static let floorDb = -90.0
    public let sampleRate: Int
    public let fallDbPerSecond: Double
    public private(set) var levelDb = LevelMeter.floorDb

    public init(sampleRate: Int, fallDbPerSecond: Double = 20) {
        self.sampleRate = sampleRate
        self.fallDbPerSecond = fallDbPerSecond
    }

    /// A level from which the input is about to clip: the meters turn red,
    /// and `tactus listen` says to lower the gain.
    public static let clippingDb = -1.0

    /// Cells of a level's bar: 20, one for each 3 dB from -60 to 0 dBFS.
    public static let barCells = 20

    /// How many of the `barCells` a level fills: none at -60 dBFS or
    /// below, all at 0 dBFS.
    public static func filledCells(_ levelDb: Double) -> Int {
        min(max(Int(((levelDb + 60) / 3).rounded(.down)), 0), barCells)
    }

    /// Takes the next `samples` of the input.
    public mutating func take(_ samples: some Collection<Float>) {
        let peak = samples.withContiguousSamples(Self.peak)
        let peakDb = peak > 0 ? max(20 * log10(Double(peak)), Self.floorDb) : Self.floorDb
        let fallen = levelDb - fallDbPerSecond * Double(samples.count) / Double(sampleRate)
        levelDb = max(peakDb, fallen, Self.floorDb)
    }

    private static func peak(_ samples: UnsafeBufferPointer<Float>) -> Float {
        var peak: Float = 0
        for sample in samples { peak = max(peak, abs(sample)) }
        return peak
    }
}
