import Foundation

/// An instrument the stroke synthesiser plays: drums and a plucked string,
/// each made from sines, noise and decays so their onsets are known exactly.
public enum StrokeVoice: String, Hashable, Sendable, CaseIterable {
    /// A sine gliding from 150 to 50 Hz with a beater click.
    case kick
    /// A 190 Hz tone under a burst of bright noise.
    case snare
    /// A short burst of bright noise.
    case hat
    /// Bright noise and inharmonic partials ringing for seconds: a crash's wash.
    case cymbal
    /// A sine whose pitch falls a little as it rings, with a stick click.
    case tom
    /// A Karplus-Strong string plucked at `pitchHz`.
    case string

    /// How long the voice sounds, in seconds.
    var seconds: Double {
        switch self {
        case .kick: 0.45
        case .snare: 0.5
        case .hat: 0.15
        case .cymbal: 3.5
        case .tom: 0.9
        case .string: 2
        }
    }

    /// The voice's samples from its onset (the first is already sounding), at
    /// full gain, for the pitch given (toms and strings; others ignore it).
    func render(sampleRate: Int, pitchHz: Double, random: inout SplitMix64) -> [Float] {
        let rate = Double(sampleRate)
        let count = Int(seconds * rate)
        var out = [Float](repeating: 0, count: count)
        var previousNoise = 0.0
        /// White noise through a first difference: brighter, as sticks and cymbals are.
        func brightNoise() -> Double {
            let value = random.nextSignedUnit()
            defer { previousNoise = value }
            return (value - previousNoise) * 0.5
        }
        switch self {
        case .kick:
            var phase = 0.0
            for index in 0..<count {
                let t = Double(index) / rate
                phase += 2 * Double.pi * (50 + 100 * exp(-t / 0.03)) / rate
                out[index] = Float(0.9 * sin(phase + 0.3) * exp(-t / 0.18) + 0.5 * brightNoise() * exp(-t / 0.003))
            }
        case .snare:
            for index in 0..<count {
                let t = Double(index) / rate
                out[index] = Float(0.45 * sin(2 * Double.pi * 190 * t + 0.5) * exp(-t / 0.06) + 0.8 * brightNoise() * exp(-t / 0.09))
            }
        case .hat:
            for index in 0..<count {
                let t = Double(index) / rate
                out[index] = Float(0.9 * brightNoise() * exp(-t / 0.025))
            }
        case .cymbal:
            let partials: [(Double, Double)] = [(420, 0.05), (1130, 0.05), (2570, 0.04), (3910, 0.03), (5270, 0.03)]
            for index in 0..<count {
                let t = Double(index) / rate
                var tone = 0.0
                for (hz, level) in partials { tone += level * sin(2 * Double.pi * hz * t + hz) }
                out[index] = Float(0.55 * brightNoise() * (0.5 * exp(-t / 0.01) + 0.5 * exp(-t / 1.2)) + tone * exp(-t / 1.5))
            }
        case .tom:
            var phase = 0.0
            for index in 0..<count {
                let t = Double(index) / rate
                phase += 2 * Double.pi * pitchHz * (1 + 0.3 * exp(-t / 0.05)) / rate
                out[index] = Float(0.85 * sin(phase + 0.4) * exp(-t / 0.25) + 0.4 * brightNoise() * exp(-t / 0.004))
            }
        case .string:
            let period = max(2, Int((rate / pitchHz).rounded()))
            var line = (0..<period).map { _ in random.nextSignedUnit() }
            // Soften the excitation once, as a pick does.
            for index in 1..<period { line[index] = 0.5 * (line[index] + line[index - 1]) }
            let mean = line.reduce(0, +) / Double(period)
            line = line.map { $0 - mean }
            var last = line[period - 1]
            for index in 0..<count {
                let slot = index % period
                let value = line[slot]
                out[index] = Float(0.8 * value)
                let averaged = 0.4985 * (value + last)
                last = value
                line[slot] = averaged
            }
        }
        return out
    }
}
