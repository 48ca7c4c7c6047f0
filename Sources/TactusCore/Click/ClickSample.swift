/// A recorded click sound: a WAV file mixed to mono, its leading silence
/// removed so it sounds from exactly its frame.
public struct ClickSample: Hashable, Sendable {
    /// Shown in messages (usually the file name).
    public var name: String
    /// Mono samples in [-1, 1], starting at the first audible one.
    public var samples: [Float]
    /// The rate the samples were recorded at.
    public var sampleRate: Int
    /// Scales every level.
    public var gain: Float
    /// Playback-speed ratio for accents: 1 plays them at the recorded pitch,
    /// 1.5 a fifth higher (and shorter).
    public var accentPitch: Double

    /// The longest click a sample gives, in seconds; longer files are cut (with a fade).
    public static let maximumDuration = 1.0
    /// The longest sound file taken as a click, in seconds: room for leading
    /// silence and a tail; anything longer is not a click (or the wrong file).
    public static let maximumFileDuration = 10

    /// Why a sound of `frameCount` frames at `sampleRate` is not taken, or nil.
    public static func lengthProblem(frameCount: Int, sampleRate: Int) -> String? {
        guard sampleRate > 0, frameCount > maximumFileDuration * sampleRate else { return nil }
        let seconds = Double(frameCount) / Double(sampleRate)
        let shown = seconds < 1_000 ? NumberText.fixed(seconds, 3) : "\(Int(seconds))"
        return "lasts \(shown) s at \(sampleRate) Hz; a click sound lasts at most \(maximumFileDuration) s"
            + " (its click is cut to \(Int(maximumDuration)) s); give a shorter WAV file"
    }

    /// Samples quieter than this (about -78 dBFS) before the first louder one are dropped.
    public static let silenceThreshold: Float = 1.0 / 8192

    public init(name: String, wav: WAVFile, gain: Float = 1, accentPitch: Double = 1) {
        self.name = name
        let mono = wav.monoSamples.map { $0.isNaN ? 0 : max(-1, min(1, $0)) }
        let onset = mono.firstIndex { abs($0) >= Self.silenceThreshold } ?? mono.count
        self.samples = Array(mono[onset...])
        self.sampleRate = wav.sampleRate
        self.gain = gain.isFinite ? max(0, gain) : 1
        self.accentPitch = accentPitch.isFinite && accentPitch > 0 ? accentPitch : 1
    }

    /// Relative loudness of the levels.
    static func levelGain(_ level: ClickLevel) -> Float {
        switch level {
        case .accent: 1
        case .beat: 0.75
        case .soft: 0.5
        case .subdivision: 0.4
        }
    }

    /// The sample resampled (linearly) to `sampleRate` for `level`: accents at
    /// `accentPitch`, subdivisions cut to half length; each ends in a short
    /// fade to an exact 0.
    func render(_ level: ClickLevel, sampleRate outputRate: Int) -> [Float] {
        guard !samples.isEmpty, sampleRate > 0, outputRate > 0 else { return [0] }
        let step = Double(sampleRate) / Double(outputRate) * (level == .accent ? accentPitch : 1)
        let fullLength = Int(Double(samples.count - 1) / step) + 1
        var length = min(fullLength, Int(Self.maximumDuration * Double(outputRate)))
        if level == .subdivision {
            length = max(1, length / 2)
        }
        let fade = min(length, max(2, outputRate / 500))
        let scale = gain * Self.levelGain(level)
        var output = [Float](repeating: 0, count: length + 1)
        for index in 0..<length {
            let position = Double(index) * step
            let left = min(Int(position), samples.count - 1)
            let right = min(left + 1, samples.count - 1)
            let fraction = Float(position - Double(left))
            var value = samples[left] + (samples[right] - samples[left]) * fraction
            let fromEnd = length - index
            if fromEnd <= fade {
                value *= Float(fromEnd) / Float(fade + 1)
            }
            output[index] = value * scale
        }
        return output
    }
}
