/// Turns sequencer queue real-time stamps into absolute JACK frames, from one
/// reference pair (queue time, JACK frame) read back to back on the control
/// thread, and the sample rate.
///
/// Uncertainty: about ± one JACK period. `jack_frame_time()` read outside the
/// process callback is JACK's estimate of the current frame, good to within a
/// period; the ALSA stamp is when the kernel received the event (a USB MIDI
/// device adds up to ~1 ms before that). The system clock behind the queue and
/// the sound card's clock also drift apart (tens of ppm, a few ms per minute),
/// so take a fresh reference pair every few seconds with `reanchored`.
public struct SequencerFrameMapping: Hashable, Sendable {
    public var referenceTime: SequencerRealTime
    public var referenceFrame: Int64
    public var sampleRate: Int
    /// The stated uncertainty of `frame(at:)`, ± this many frames (the JACK period).
    public var uncertaintyFrames: Int64

    /// The JACK frame of queue time `time`, rounded to the nearest frame (halves
    /// away from the reference). Exact integer arithmetic; no overflow for
    /// queue times up to 2³² s.
    public func frame(at time: SequencerRealTime) -> Int64 {
        let delta = time.totalNanoseconds - referenceTime.totalNanoseconds
        let rate = Int64(sampleRate)
        let wholeSeconds = delta / 1_000_000_000
        let remainder = delta % 1_000_000_000
        let scaled = remainder * rate
        let half: Int64 = 500_000_000
        let fraction = scaled >= 0 ? (scaled + half) / 1_000_000_000 : (scaled - half) / 1_000_000_000
        return referenceFrame + wholeSeconds * rate + fraction
    }

    /// The same mapping from a fresh reference pair.
    public func reanchored(time: SequencerRealTime, frame: Int64) -> SequencerFrameMapping {
        SequencerFrameMapping(
            referenceTime: time, referenceFrame: frame, sampleRate: sampleRate, uncertaintyFrames: uncertaintyFrames)
    }
}
