import Foundation

extension ClickVoice {
    /// The click for `level` at `sampleRate`, mono, starting on its first
    /// sample (never 0) and ending on an exact 0. Accents are higher and
    /// louder; subdivisions softer and shorter.
    public func render(_ level: ClickLevel, sampleRate: Int) -> [Float] {
        switch self {
        case .sample(let sample):
            return sample.render(level, sampleRate: sampleRate)
        case .woodblock, .beep, .bell, .hat:
            return synthesise(level, sampleRate: sampleRate)
        }
    }

    /// The tone for each level; pitches and gains all differ.
    func tone(_ level: ClickLevel) -> ClickTone {
        switch (self, level) {
        case (.woodblock, .accent): ClickTone(frequency: 1600, gain: 0.9, duration: 0.035)
        case (.woodblock, .beat): ClickTone(frequency: 1200, gain: 0.7, duration: 0.030)
        case (.woodblock, .soft): ClickTone(frequency: 1100, gain: 0.45, duration: 0.025)
        case (.woodblock, .subdivision): ClickTone(frequency: 950, gain: 0.32, duration: 0.015)
        case (.beep, .accent): ClickTone(frequency: 1760, gain: 0.5, duration: 0.050)
        case (.beep, .beat): ClickTone(frequency: 880, gain: 0.4, duration: 0.045)
        case (.beep, .soft): ClickTone(frequency: 830, gain: 0.25, duration: 0.040)
        case (.beep, .subdivision): ClickTone(frequency: 660, gain: 0.18, duration: 0.020)
        case (.bell, .accent): ClickTone(frequency: 2093, gain: 0.85, duration: 0.060)
        case (.bell, .beat): ClickTone(frequency: 1568, gain: 0.65, duration: 0.060)
        case (.bell, .soft): ClickTone(frequency: 1480, gain: 0.4, duration: 0.045)
        case (.bell, .subdivision): ClickTone(frequency: 1175, gain: 0.3, duration: 0.025)
        case (.hat, .accent): ClickTone(frequency: 9000, gain: 0.8, duration: 0.030)
        case (.hat, .beat): ClickTone(frequency: 6000, gain: 0.6, duration: 0.025)
        case (.hat, .soft): ClickTone(frequency: 5500, gain: 0.38, duration: 0.020)
        case (.hat, .subdivision): ClickTone(frequency: 4000, gain: 0.28, duration: 0.012)
        case (.sample, _): ClickTone(frequency: 0, gain: 0, duration: 0)
        }
    }

    private var decay: Double {
        switch self {
        case .woodblock: 5
        case .beep: 1.5
        case .bell: 4
        default: 6
        }
    }

    private func synthesise(_ level: ClickLevel, sampleRate: Int) -> [Float] {
        let tone = tone(level)
        let envelope = ClickEnvelope(duration: tone.duration, sampleRate: sampleRate, decay: decay)
        let step = 2 * Double.pi * tone.frequency / Double(sampleRate)
        var noise = Noise(seed: 0x7AC7_0500 + UInt64(level.rawValue), corner: tone.frequency, sampleRate: sampleRate)
        return (0..<envelope.length).map { index in
            let phase = step * Double(index)
            // Cosine phase, so every voice starts away from zero.
            let wave = switch self {
            case .woodblock: 0.7 * cos(phase) + 0.3 * cos(2.76 * phase)
            case .beep: (tone.frequency * Double(index) / Double(sampleRate)).truncatingRemainder(dividingBy: 1) < 0.5 ? 1.0 : -1.0
            case .bell: 0.6 * cos(phase) + 0.25 * cos(2.76 * phase) + 0.15 * cos(5.4 * phase)
            default: noise.next()
            }
            return Float(tone.gain * envelope.value(at: index) * wave)
        }
    }
}

/// Seeded white noise through a one-pole high-pass; starts with an impulse so
/// the first sample is never silent.
private struct Noise {
    var random: SplitMix64
    var coefficient: Double
    var lastInput = 0.0
    var lastOutput = 0.0
    var started = false

    init(seed: UInt64, corner: Double, sampleRate: Int) {
        random = SplitMix64(seed: seed)
        let corner = min(corner, 0.45 * Double(sampleRate))
        let rc = 1 / (2 * Double.pi * corner)
        let dt = 1 / Double(sampleRate)
        coefficient = rc / (rc + dt)
    }

    mutating func next() -> Double {
        let input = started ? random.nextSignedUnit() : 1
        started = true
        lastOutput = coefficient * (lastOutput + input - lastInput)
        lastInput = input
        // The high-pass can swing to ±2; keep the peak near 1.
        return max(-1, min(1, 0.6 * lastOutput))
    }
}
