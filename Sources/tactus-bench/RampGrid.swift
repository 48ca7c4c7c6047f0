import Foundation

/// The ideal beat times of a tempo ramp that is linear in time, in closed
/// form: tempo u(t) = u0 + k·t beats per second, so beats b(t) = u0·t + k·t²/2
/// and t(b) = 2b / (u0 + √(u0² + 2kb)) — then steady at the final tempo.
/// Computed in Double, apart from tactus' own timeline arithmetic.
struct RampGrid {
    /// Beats per second at the start and at the end of the ramp.
    let from: Double
    let to: Double
    /// Beats the ramp lasts.
    let beats: Double

    init(fromBPM: Double, toBPM: Double, beats: Int) {
        from = fromBPM / 60
        to = toBPM / 60
        self.beats = Double(beats)
    }

    /// Seconds the ramp lasts: the mean tempo covers its beats.
    var duration: Double { 2 * beats / (from + to) }

    /// Beats per second per second.
    var acceleration: Double { (to - from) / duration }

    /// Seconds from the first beat to beat `b` (0-based).
    func seconds(atBeat b: Double) -> Double {
        if b <= beats {
            return 2 * b / (from + (from * from + 2 * acceleration * b).squareRoot())
        }
        return duration + (b - beats) / to
    }
}
