/// Finds click onsets in recorded audio by threshold crossing with a hold-off:
/// an onset is the first sample whose magnitude reaches `threshold` after at
/// least `holdOffSamples` quiet samples (magnitude below the threshold), so a
/// click's ringing tail is not counted again.
///
/// Audio may be fed in blocks of any size; the result is the same as for the
/// whole recording at once. Samples before the first one count as quiet.
public struct OnsetDetector: Hashable, Sendable {
    public let threshold: Float
    public let holdOffSamples: Int
    /// Quiet samples just before the next one, counted up to `holdOffSamples`.
    public private(set) var quietRun: Int
    /// Index of the next sample from the start of the recording.
    public private(set) var nextIndex: Int64

    /// - Throws: when the threshold is not above 0 or the hold-off is negative.
    public init(threshold: Float, holdOffSamples: Int, firstIndex: Int64 = 0) throws(SettingError) {
        guard threshold.isFinite, threshold > 0 else {
            throw SettingError(field: "threshold", message: "must be a number above 0, got \(threshold)")
        }
        guard holdOffSamples >= 0 else {
            throw SettingError(field: "holdOff", message: "must be 0 or more samples, got \(holdOffSamples)")
        }
        self.threshold = threshold
        self.holdOffSamples = holdOffSamples
        self.quietRun = holdOffSamples
        self.nextIndex = firstIndex
    }

    /// Indices (from the start of the recording) of the onsets in the next block.
    public mutating func process(_ samples: some Sequence<Float>) -> [Int64] {
        var onsets: [Int64] = []
        for sample in samples {
            let index = nextIndex
            if isOnset(sample) { onsets.append(index) }
        }
        return onsets
    }

    /// Takes the next sample; true when it is an onset (its index is
    /// `nextIndex` before the call). The process callback of a loopback
    /// measurement calls this sample by sample.
    /// Realtime: O(1) a sample; the state is a few numbers.
    @_noLocks @_noAllocation
    public mutating func isOnset(_ sample: Float) -> Bool {
        var onset = false
        if sample >= threshold || sample <= -threshold {
            onset = quietRun >= holdOffSamples
            quietRun = 0
        } else if quietRun < holdOffSamples {
            quietRun += 1
        }
        nextIndex &+= 1
        return onset
    }

    /// Onset indices in one whole recording.
    public static func onsets(in samples: [Float], threshold: Float, holdOffSamples: Int) throws(SettingError) -> [Int] {
        var detector = try OnsetDetector(threshold: threshold, holdOffSamples: holdOffSamples)
        return detector.process(samples).map { Int($0) }
    }
}
