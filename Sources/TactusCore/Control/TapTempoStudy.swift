import Foundation

/// How close tap tempo gets with human timing: seeded trials of evenly meant
/// taps spoiled by normal jitter, comparing `TapTempo` with the plain mean and
/// the plain median of the last 4 intervals.
public enum TapTempoStudy {
    public struct Result: Hashable, Sendable {
        public var jitterMs: Double
        /// Median over the trials of |tapped − true| BPM, for `TapTempo`.
        public var tapTempoErrorBPM: Double
        /// The same for the mean of the last 4 intervals.
        public var plainMeanErrorBPM: Double
        /// The same for the median of the last 4 intervals.
        public var plainMedianErrorBPM: Double
    }

    /// Runs `trials` trials of `taps` taps at `bpm`, each tap off by a normal
    /// draw with standard deviation `jitterMs` (Box–Muller over `SplitMix64(seed:)`).
    public static func run(
        jitterMs: Double, trials: Int = 1000, taps: Int = 8, bpm: Double = 100, sampleRate: Int = 48_000, seed: UInt64 = 1
    ) -> Result {
        var random = SplitMix64(seed: seed)
        let beat = Double(sampleRate) * 60 / bpm
        var tapTempoErrors: [Double] = []
        var meanErrors: [Double] = []
        var medianErrors: [Double] = []
        for _ in 0..<trials {
            var tapTempo = TapTempo(sampleRate: sampleRate)
            var frames: [Int64] = []
            var reading: TapReading?
            for index in 0..<taps {
                let jitter = jitterMs * Double(sampleRate) / 1000 * random.nextNormal()
                let frame = 1_000_000 + Int64((Double(index) * beat + jitter).rounded())
                frames.append(frame)
                reading = tapTempo.tap(at: frame)
            }
            let intervals = zip(frames.dropFirst(), frames).map { Double($0 - $1) }.suffix(4)
            let mean = intervals.reduce(0, +) / Double(intervals.count)
            let median = middle(Array(intervals))
            tapTempoErrors.append(abs((reading?.tempo?.bpm ?? 0) - bpm))
            meanErrors.append(abs(Double(sampleRate) * 60 / mean - bpm))
            medianErrors.append(abs(Double(sampleRate) * 60 / median - bpm))
        }
        return Result(
            jitterMs: jitterMs, tapTempoErrorBPM: middle(tapTempoErrors), plainMeanErrorBPM: middle(meanErrors),
            plainMedianErrorBPM: middle(medianErrors))
    }

    private static func middle(_ values: [Double]) -> Double {
        OrderStatistics.median(values) ?? 0
    }
}
