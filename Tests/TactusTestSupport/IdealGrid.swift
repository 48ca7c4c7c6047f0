/// Where a beat ideally falls, worked out apart from the timeline's segment
/// maths: whole numbers at a steady whole-BPM tempo, the closed form of a
/// ramp linear in time under one. An oracle for the engine's and the
/// timeline's frames.
public enum IdealGrid {
    /// Frame of `numerator/denominator` beats after `origin` at a steady
    /// `bpm`, to the nearest frame (halves up), in integers.
    public static func steadyFrame(origin: Int64, numerator: Int64, denominator: Int64, bpm: Int64, rate: Int64 = 48_000) -> Int64 {
        let dividend = numerator * rate * 60
        let divisor = denominator * bpm
        return origin + (2 * dividend + divisor) / (2 * divisor)
    }

    /// Frames (unrounded) from a ramp's start to `beats` into it: the tempo
    /// goes from `from` to `to` BPM linearly in time over `over` beats, and
    /// stays at `to` after. With u0 and u1 the tempos in beats a second, the
    /// ramp lasts T = 2·over/(u0 + u1), k = (u1 - u0)/T, and beats(t) =
    /// u0·t + k·t²/2, so t = 2b / (u0 + √(u0² + 2kb)) (the form that keeps
    /// its digits when k is small).
    public static func rampFrames(beats: Double, from: Double, to: Double, over: Double, rate: Double = 48_000) -> Double {
        let u0 = from / 60, u1 = to / 60
        let duration = 2 * over / (u0 + u1)
        let k = (u1 - u0) / duration
        let seconds = beats <= over
            ? 2 * beats / (u0 + (u0 * u0 + 2 * k * beats).squareRoot())
            : duration + (beats - over) / u1
        return seconds * rate
    }

    /// Frames (unrounded) from a grid's first beat to `beats` into it: steady
    /// at `from` BPM for `steadyBeats`, then a ramp to `to` over `over` beats
    /// (`rampFrames`), steady at `to` after.
    public static func frames(
        beats: Double, steadyBeats: Double, from: Double, to: Double, over: Double, rate: Double = 48_000
    ) -> Double {
        let steady = min(beats, steadyBeats) * 60 * rate / from
        return beats <= steadyBeats ? steady : steady + rampFrames(beats: beats - steadyBeats, from: from, to: to, over: over, rate: rate)
    }

    /// Whether each frame is its ideal rounded once: as many, and each within
    /// half a frame (and a rounding error of the closed form's doubles).
    public static func matches(_ frames: [Int64], _ ideal: [Double]) -> Bool {
        frames.count == ideal.count && zip(frames, ideal).allSatisfy { abs(Double($0) - $1) <= 0.5 + 1e-6 }
    }
}
