/// A `StrokeDetector` on a live input: takes blocks of samples stamped with
/// their absolute frames (a JACK cycle's start and the samples after it) and
/// finds the strokes in them, on those frames. A gap between blocks (an
/// xrun, samples lost) is heard as silence; one longer than `longestGap`
/// starts the detector afresh at the next block. Blocks may be of any size:
/// the strokes are the same as for the whole stream at once. The detector's
/// hops fall on multiples of its hop on the frame counter, so audio whose
/// first sample lands on such a frame gives the strokes a file of it gives.
public struct StrokeStream: Sendable {
    public private(set) var detector: StrokeDetector
    /// The frame after the last sample taken, nil before the first block.
    public private(set) var nextFrame: Int64?
    /// Gaps between blocks so far (frames no block brought: cycles the
    /// server ran without the listener), and the last: its first frame and length.
    public private(set) var gapCount = 0
    public private(set) var lastGap: (frame: Int64, frames: Int64)?
    /// The frames of all those gaps together.
    public private(set) var gapFrames: Int64 = 0
    /// Longest gap between blocks filled with silence, in frames: one second.
    public var longestGap: Int64 { Int64(detector.settings.sampleRate) }

    /// A stream `detector` listens to (its `firstIndex` is replaced by the
    /// first block's frame).
    public init(detector: StrokeDetector) {
        self.detector = detector
    }

    /// The strokes the block of `samples`, the first at absolute `frame`,
    /// completes, in time order. Samples before `nextFrame` (a block that
    /// overlaps the one before) are skipped.
    public mutating func process(_ samples: some Collection<Float>, at frame: Int64) -> [DetectedStroke] {
        samples.withContiguousSamples { process($0, at: frame) }
    }

    /// The strokes the block of `samples`, the first at absolute `frame`,
    /// completes (see the generic `process(_:at:)`).
    public mutating func process(_ samples: UnsafeBufferPointer<Float>, at frame: Int64) -> [DetectedStroke] {
        var strokes: [DetectedStroke] = []
        var skip = 0
        if let next = nextFrame, frame > next {
            gapCount += 1
            lastGap = (next, frame - next)
            gapFrames += frame - next
        }
        if let next = nextFrame, frame > next, frame - next <= longestGap {
            strokes += detector.processSilence(Int(frame - next))
        } else if let next = nextFrame, frame > next {
            strokes += detector.finish()
            startDetector(at: frame)
        } else if let next = nextFrame {
            skip = Int(min(next - frame, Int64(samples.count)))
        } else {
            startDetector(at: frame)
        }
        strokes += detector.process(UnsafeBufferPointer(rebasing: samples[skip...]))
        nextFrame = max(nextFrame ?? frame, frame + Int64(samples.count))
        return strokes
    }

    /// A fresh detector whose stream starts on the multiple of its hop at or
    /// before `frame`, silent up to `frame`: its spectra fall on the same
    /// frames whenever the input starts, as a file's do from its first sample.
    private mutating func startDetector(at frame: Int64) {
        let hop = Int64(detector.hop)
        var start = frame - frame % hop
        if start > frame { start -= hop }
        detector = detector.restarted(at: start)
        _ = detector.processSilence(Int(frame - start))
    }

    /// The strokes still pending at the end of the input (those in its last
    /// `maximumDelay` samples), as if it went on in silence, as a file's end
    /// is heard: call at a session's end. `nextFrame` moves past the silence.
    public mutating func finish() -> [DetectedStroke] {
        guard let next = nextFrame else { return [] }
        nextFrame = next + Int64(detector.maximumDelay + detector.hop)
        return detector.finish()
    }

    /// Starts over: the next block begins a new stream (a new server's
    /// frames); strokes pending in the old one are dropped.
    public mutating func reset() {
        nextFrame = nil
    }

    /// Every stroke whose onset lies before this frame has been reported
    /// (the detector reports a stroke at most `maximumDelay` samples after
    /// its onset); nil before the first block.
    public var completeBefore: Int64? {
        nextFrame.map { $0 - Int64(detector.maximumDelay) }
    }
}
