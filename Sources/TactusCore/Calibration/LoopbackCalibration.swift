/// Round-trip latency measured by sending clicks out and recording them back
/// through a cable from the output to the input: each click sent is paired
/// with the first onset detected at or after it, within `maxDelayFrames`; the
/// delay is the median of the pairs.
public struct LoopbackCalibration: Hashable, Sendable {
    /// The longest round trip looked for. Must be shorter than the time
    /// between two clicks, so a lost click cannot pair with the next one's echo.
    public var maxDelayFrames: Int64
    /// Pairs needed for a result.
    public var minimumPairs: Int = 4

    /// Pairs the click onsets sent (frames) with the onsets detected on the
    /// returning audio (frames on the same clock) and measures the delay.
    public func measure(sentFrames: [Int64], detectedFrames: [Int64]) throws(SettingError) -> LoopbackResult {
        guard maxDelayFrames >= 0 else {
            throw SettingError(field: "maxDelayFrames", message: "must be 0 or more, got \(maxDelayFrames)")
        }
        let sent = sentFrames.sorted()
        let detected = detectedFrames.sorted()
        for index in sent.indices.dropFirst() {
            let spacing = Self.distance(from: sent[index - 1], to: sent[index])
            guard spacing <= maxDelayFrames else { continue }
            throw SettingError(
                field: "sentFrames",
                message: "clicks \(spacing) frames apart are not further apart than the \(maxDelayFrames)-frame longest delay; space the clicks further apart")
        }
        var delays: [Int64] = []
        var next = 0
        var used = 0
        for click in sent {
            while next < detected.count, detected[next] < click { next += 1 }
            if next < detected.count, Self.distance(from: click, to: detected[next]) <= maxDelayFrames {
                delays.append(detected[next] - click)
                next += 1
                used += 1
            }
        }
        guard delays.count >= max(minimumPairs, 1) else {
            throw SettingError(
                field: "detectedFrames",
                message: "only \(delays.count) of \(sent.count) clicks came back within \(maxDelayFrames) frames (\(max(minimumPairs, 1)) needed); check the loopback cable, the input port and the threshold")
        }
        return LoopbackResult(delays: delays, unmatchedClicks: sent.count - delays.count, extraOnsets: detected.count - used)
    }

    /// `to - from` for `to >= from`, saturating instead of overflowing.
    static func distance(from: Int64, to: Int64) -> Int64 {
        let (difference, overflow) = to.subtractingReportingOverflow(from)
        return overflow ? Int64.max : difference
    }
}
