/// How well detected onsets match the true ones: each true onset is paired
/// with at most one detected onset within `tolerance` frames, nearest pairs
/// first; the pairs' errors give the timing, the counts recall and precision.
public struct OnsetAccuracy: Hashable, Sendable {
    /// Detected minus true frame of each pair, in time order of the true onsets.
    public var errors: [Int64]
    public var truthCount: Int
    public var detectedCount: Int

    public init(truth: [Int64], detected: [Int64], tolerance: Int64) {
        truthCount = truth.count
        detectedCount = detected.count
        let truth = truth.sorted()
        let detected = detected.sorted()
        // Every candidate pair within the tolerance, nearest first; ties in time order.
        var pairs: [(distance: Int64, truth: Int, detected: Int)] = []
        var low = 0
        for (t, frame) in truth.enumerated() {
            while low < detected.count, detected[low] < frame - tolerance { low += 1 }
            var d = low
            while d < detected.count, detected[d] <= frame + tolerance {
                pairs.append((abs(detected[d] - frame), t, d))
                d += 1
            }
        }
        pairs.sort { ($0.distance, $0.truth, $0.detected) < ($1.distance, $1.truth, $1.detected) }
        var truthUsed = [Bool](repeating: false, count: truth.count)
        var detectedUsed = [Bool](repeating: false, count: detected.count)
        var matched: [(Int, Int64)] = []
        for pair in pairs where !truthUsed[pair.truth] && !detectedUsed[pair.detected] {
            truthUsed[pair.truth] = true
            detectedUsed[pair.detected] = true
            matched.append((pair.truth, detected[pair.detected] - truth[pair.truth]))
        }
        errors = matched.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// True onsets found, as a fraction of all (1 when there are none).
    public var recall: Double { truthCount == 0 ? 1 : Double(errors.count) / Double(truthCount) }
    /// Detected onsets that are true, as a fraction of all detected (1 when none).
    public var precision: Double { detectedCount == 0 ? 1 : Double(errors.count) / Double(detectedCount) }

    /// The absolute error at `fraction` (0.5 the median, 0.95 the 95th
    /// percentile) of the pairs, nearest rank, in frames; nil with no pairs.
    public func absoluteError(atFraction fraction: Double) -> Int64? {
        guard !errors.isEmpty else { return nil }
        let sorted = errors.map { abs($0) }.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}
