/// A linear map from data values to SVG coordinates, with "nice" tick values
/// (1, 2 or 5 times a power of ten) for the axis.
struct ChartScale: Sendable {
    let lower: Double
    let upper: Double
    /// SVG coordinates of `lower` and `upper` (reversed for a y axis, where up is smaller).
    let from: Double
    let to: Double

    /// A domain with no width is widened by 1 each way, so nothing divides by zero.
    init(_ lower: Double, _ upper: Double, from: Double, to: Double) {
        let valid = lower.isFinite && upper.isFinite
        var low = valid ? min(lower, upper) : 0
        var high = valid ? max(lower, upper) : 1
        if high - low <= 0 {
            low -= 1
            high += 1
        }
        self.lower = low
        self.upper = high
        self.from = from
        self.to = to
    }

    func callAsFunction(_ value: Double) -> Double {
        from + (value - lower) / (upper - lower) * (to - from)
    }

    /// `value` held inside the domain.
    func clamped(_ value: Double) -> Double {
        min(max(value, lower), upper)
    }

    /// Tick values inside the domain, `step` apart, on multiples of `step`.
    func ticks(step: Double) -> [Double] {
        guard step > 0, (upper - lower) / step < 1000 else { return [] }
        var ticks: [Double] = []
        var index = (lower / step).rounded(.up)
        while index * step <= upper + step * 1e-9 {
            let value = index * step
            ticks.append(value == 0 ? 0 : value)
            index += 1
        }
        return ticks
    }

    /// A step of 1, 2 or 5 times a power of ten giving about `count` ticks over `span`.
    static func niceStep(span: Double, count: Int) -> Double {
        guard span.isFinite, span > 0, count > 0 else { return 1 }
        let raw = span / Double(count)
        var power = 1.0
        while power * 10 <= raw { power *= 10 }
        while power > raw { power /= 10 }
        let ratio = raw / power
        let factor: Double = ratio < 1.5 ? 1 : ratio < 3.5 ? 2 : ratio < 7.5 ? 5 : 10
        return factor * power
    }

    /// `value` rounded up to a multiple of `step`.
    static func roundUp(_ value: Double, to step: Double) -> Double {
        guard step > 0 else { return value }
        return (value / step).rounded(.up) * step
    }
}
