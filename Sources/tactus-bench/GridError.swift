/// How far measured event frames lie from an ideal grid, in frames
/// (measured minus ideal: positive is late).
struct GridError {
    /// Events compared.
    var count = 0
    /// Largest |error|.
    var maxAbs = 0.0
    /// Error of the last event: the drift accumulated over the run.
    var last = 0.0
    /// Grid positions between the first and last event with no event (skipped cycles, missed clicks).
    var missing = 0

    /// Errors of `frames` against `anchor + n * period` with each event on its
    /// nearest `n` (so a missing event does not shift the rest), in Double:
    /// independent of the integer arithmetic of tactus' timeline.
    init(frames: [Int64], anchor: Int64, period: Double) {
        var previous: Int64?
        for frame in frames {
            let n = (Double(frame - anchor) / period).rounded()
            let error = Double(frame - anchor) - n * period
            record(error)
            let index = Int64(n)
            if let previous, index > previous + 1 { missing += Int(index - previous - 1) }
            previous = index
        }
    }

    /// Errors of `frames` against `ideal(i)` for the i-th event.
    init(frames: [Int64], ideal: (Int) -> Double) {
        for (index, frame) in frames.enumerated() {
            record(Double(frame) - ideal(index))
        }
    }

    init() {}

    private mutating func record(_ error: Double) {
        count += 1
        maxAbs = max(maxAbs, abs(error))
        last = error
    }
}
