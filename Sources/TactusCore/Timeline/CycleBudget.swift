/// The time one process cycle may take: a period of `frames` at
/// `sampleRate`. Compared in integers (µs · rate against frames · 10⁶) so a
/// 32-frame period at 48 kHz, 666.67 µs, admits 666 µs and not 667.
public struct CycleBudget: Hashable, Sendable {
    public let frames: Int
    public let sampleRate: Int

    @_noLocks @_noAllocation
    public init(frames: Int, sampleRate: Int) {
        self.frames = frames
        self.sampleRate = sampleRate
    }

    /// The period in microseconds.
    public var periodMicroseconds: Double { Double(frames) * 1_000_000 / Double(max(sampleRate, 1)) }

    /// Realtime: whether `microseconds` of work is longer than the period.
    @_noLocks @_noAllocation
    public func isExceeded(by microseconds: Int) -> Bool {
        microseconds &* sampleRate > frames &* 1_000_000
    }
}
