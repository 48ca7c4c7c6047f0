import Foundation

/// The round trip a loopback measurement found.
public struct LoopbackResult: Hashable, Sendable {
    /// Detected minus sent frame of each pair, in click order.
    public var delays: [Int64]
    /// Clicks whose echo was not found.
    public var unmatchedClicks: Int
    /// Onsets detected that belong to no click (noise, double triggers).
    public var extraOnsets: Int

    /// The median delay in frames (halfway between the middle two for an even count).
    public var delayFrames: Double {
        OrderStatistics.median(delays.map(Double.init)) ?? 0
    }

    /// Sample standard deviation of the delays in frames; 0 below two pairs.
    public var jitterFrames: Double {
        guard delays.count > 1 else { return 0 }
        let mean = delays.reduce(0.0) { $0 + Double($1) } / Double(delays.count)
        let squares = delays.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) }
        return (squares / Double(delays.count - 1)).squareRoot()
    }

    /// Longest minus shortest delay in frames.
    public var rangeFrames: Int64 {
        (delays.max() ?? 0) - (delays.min() ?? 0)
    }

    public func delayMs(sampleRate: Int) -> Double {
        delayFrames * 1000 / Double(sampleRate)
    }

    public func jitterMs(sampleRate: Int) -> Double {
        jitterFrames * 1000 / Double(sampleRate)
    }
}

extension LoopbackResult {
    /// The entry for the calibration store: the round trip in ms, its jitter as the spread.
    public func deviceCalibration(sampleRate: Int, measuredAt: Date) -> DeviceCalibration {
        DeviceCalibration(
            latencyMs: delayMs(sampleRate: sampleRate), method: .loopback, measuredAt: measuredAt,
            spreadMs: jitterMs(sampleRate: sampleRate))
    }
}
