/// How far measured event frames lie from an ideal grid, in frames
/// (measured minus ideal: positive is late).
struct GridError {
    /// Events compared.
    var count = 0
    /// Largest |error|, leaving out the isolated cycle slips.
    var maxAbs = 0.0
    /// Largest |error| of all events.
    var rawMaxAbs = 0.0
    /// Error of the last event: the drift accumulated over the run.
    var last = 0.0
    /// Grid positions between the first and last event with no event (skipped cycles, missed clicks).
    var missing = 0
    /// Events off by a whole number of JACK cycles while the events before
    /// and after lie on the grid: a cycle's buffer stamped with the next
    /// cycle's frame time when a process cycle ran late under an xrun.
    var cycleSlips = 0

    /// Errors of `frames` against `anchor + n * period` with each event on its
    /// nearest `n` (so a missing event does not shift the rest), in Double:
    /// independent of the integer arithmetic of tactus' timeline. With
    /// `cycle` (frames per JACK cycle), isolated whole-cycle slips are
    /// counted apart from `maxAbs`.
    init(frames: [Int64], anchor: Int64, period: Double, cycle: Int? = nil) {
        var errors: [Double] = []
        var gaps = 0
        var previous: Int64?
        for frame in frames {
            let n = (Double(frame - anchor) / period).rounded()
            errors.append(Double(frame - anchor) - n * period)
            let index = Int64(n)
            if let previous, index > previous + 1 { gaps += Int(index - previous - 1) }
            previous = index
        }
        self.init(errors: errors, cycle: cycle)
        missing = gaps
    }

    /// Errors of `frames` against `ideal(i)` for the i-th event.
    init(frames: [Int64], ideal: (Int) -> Double) {
        self.init(errors: frames.enumerated().map { Double($0.element) - ideal($0.offset) }, cycle: nil)
    }

    init() {}

    /// Frames within which an error counts as on the grid (or on a whole cycle).
    static let tolerance = 2.0

    private init(errors: [Double], cycle: Int?) {
        count = errors.count
        last = errors.last ?? 0
        for (index, error) in errors.enumerated() {
            rawMaxAbs = max(rawMaxAbs, abs(error))
            if let cycle, Self.isIsolatedSlip(errors, at: index, cycle: Double(cycle)) {
                cycleSlips += 1
            } else {
                maxAbs = max(maxAbs, abs(error))
            }
        }
    }

    static func isIsolatedSlip(_ errors: [Double], at index: Int, cycle: Double) -> Bool {
        let error = errors[index]
        let cycles = (error / cycle).rounded()
        guard cycles != 0, abs(error - cycles * cycle) < tolerance else { return false }
        let before = index > 0 ? abs(errors[index - 1]) < tolerance : true
        let after = index + 1 < errors.count ? abs(errors[index + 1]) < tolerance : true
        return before && after
    }
}
