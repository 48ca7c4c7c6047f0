/// A sequencer queue's real-time stamp (`snd_seq_real_time_t`): time since
/// the queue started.
public struct SequencerRealTime: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var seconds: UInt32
    /// 0–999 999 999.
    public var nanoseconds: UInt32

    /// Nanoseconds since the queue started.
    public var totalNanoseconds: Int64 { Int64(seconds) * 1_000_000_000 + Int64(nanoseconds) }

    public static func < (lhs: SequencerRealTime, rhs: SequencerRealTime) -> Bool {
        lhs.totalNanoseconds < rhs.totalNanoseconds
    }

    public var description: String {
        let fraction = String(nanoseconds)
        return "\(seconds).\(String(repeating: "0", count: max(0, 9 - fraction.count)))\(fraction) s"
    }
}
