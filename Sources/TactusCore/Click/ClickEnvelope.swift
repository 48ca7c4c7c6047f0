import Foundation

/// The amplitude shape of a synthesised click: a raised-cosine attack over a
/// few samples (so the onset does not click), then a decay that reaches
/// exactly zero on the last sample.
struct ClickEnvelope {
    /// Samples in the click; the last one is 0.
    var length: Int
    /// Samples of attack; the first attack sample is small but not zero, so a
    /// click is heard from exactly its frame.
    var attack: Int
    /// Steepness of the exponential decay over the whole click.
    var decay: Double

    init(duration: Double, sampleRate: Int, decay: Double) {
        length = max(2, Int((duration * Double(sampleRate)).rounded()))
        attack = max(2, sampleRate / 4000)
        self.decay = decay
    }

    func value(at index: Int) -> Double {
        let floor = exp(-decay)
        let position = Double(index) / Double(length - 1)
        let fall = (exp(-decay * position) - floor) / (1 - floor)
        guard index < attack else { return fall }
        let rise = 0.5 - 0.5 * cos(Double.pi * Double(index + 1) / Double(attack + 1))
        return rise * fall
    }
}
