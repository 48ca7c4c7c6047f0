/// How one sample is stored in a WAV file's data chunk.
public enum WAVSampleFormat: String, Hashable, Sendable, CaseIterable {
    /// Unsigned 8-bit integer; 128 is silence.
    case pcm8
    case pcm16
    case pcm24
    case pcm32
    /// IEEE 754 single precision.
    case float32
    /// IEEE 754 double precision.
    case float64

    /// WAVE_FORMAT_PCM (1) or WAVE_FORMAT_IEEE_FLOAT (3).
    public var formatTag: UInt16 { isFloat ? 3 : 1 }

    public var isFloat: Bool { self == .float32 || self == .float64 }

    public var bitsPerSample: Int {
        switch self {
        case .pcm8: 8
        case .pcm16: 16
        case .pcm24: 24
        case .pcm32, .float32: 32
        case .float64: 64
        }
    }

    public var bytesPerSample: Int { bitsPerSample / 8 }

    /// The format for a WAVE_FORMAT_PCM or _IEEE_FLOAT tag and a sample size.
    init?(formatTag: UInt16, bitsPerSample: Int) {
        switch (formatTag, bitsPerSample) {
        case (1, 8): self = .pcm8
        case (1, 16): self = .pcm16
        case (1, 24): self = .pcm24
        case (1, 32): self = .pcm32
        case (3, 32): self = .float32
        case (3, 64): self = .float64
        default: return nil
        }
    }
}
