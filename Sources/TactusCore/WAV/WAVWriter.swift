/// Writes WAV bytes: a canonical header, then samples clipped to [-1, 1] and
/// rounded to the nearest step. Integer PCM maps -1 to the most negative code
/// and +1 to the most positive; float formats store the clipped value.
/// Split into header, samples and trailer so long files can be streamed.
public enum WAVWriter {
    /// The largest data chunk a RIFF file can describe, less its header.
    public static let maximumDataBytes = Int(UInt32.max) - 64

    /// Bytes of the header that `header` writes for `format`.
    public static func headerSize(format: WAVSampleFormat) -> Int {
        format.isFloat ? 58 : 44
    }

    /// Everything before the samples: RIFF header, 'fmt ' chunk (16 bytes for
    /// PCM; 18 plus a 'fact' chunk for float) and the 'data' chunk header.
    /// - Throws: `WAVError` when the samples would not fit in a RIFF file.
    public static func header(format: WAVSampleFormat, channelCount: Int, sampleRate: Int, frameCount: Int) throws(WAVError) -> [UInt8] {
        let blockAlign = channelCount * format.bytesPerSample
        let dataBytes = frameCount * blockAlign
        guard (1...2).contains(channelCount) else {
            throw WAVError(offset: 22, message: "\(channelCount) channels; only mono and stereo are written")
        }
        guard (1...Int(UInt32.max)).contains(sampleRate) else {
            throw WAVError(offset: 24, message: "sample rate \(sampleRate) does not fit a WAV header")
        }
        guard frameCount >= 0, dataBytes <= maximumDataBytes else {
            let advice = format == .pcm16 ? "render fewer bars or at a lower sample rate" : "render less or use pcm16"
            throw WAVError(offset: headerSize(format: format) - 4, message: "\(frameCount) frames need \(dataBytes) bytes, more than a WAV file can hold (4 GiB); \(advice)")
        }
        let riffSize = headerSize(format: format) - 8 + dataBytes + (dataBytes & 1)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerSize(format: format))
        bytes.appendASCII("RIFF")
        bytes.appendLittleEndian(UInt32(riffSize))
        bytes.appendASCII("WAVE")
        bytes.appendASCII("fmt ")
        bytes.appendLittleEndian(UInt32(format.isFloat ? 18 : 16))
        bytes.appendLittleEndian(format.formatTag)
        bytes.appendLittleEndian(UInt16(channelCount))
        bytes.appendLittleEndian(UInt32(sampleRate))
        bytes.appendLittleEndian(UInt32(sampleRate * blockAlign))
        bytes.appendLittleEndian(UInt16(blockAlign))
        bytes.appendLittleEndian(UInt16(format.bitsPerSample))
        if format.isFloat {
            bytes.appendLittleEndian(UInt16(0))
            bytes.appendASCII("fact")
            bytes.appendLittleEndian(UInt32(4))
            bytes.appendLittleEndian(UInt32(frameCount))
        }
        bytes.appendASCII("data")
        bytes.appendLittleEndian(UInt32(dataBytes))
        return bytes
    }

    /// What follows the samples: the pad byte when the data size is odd.
    public static func trailer(format: WAVSampleFormat, channelCount: Int, frameCount: Int) -> [UInt8] {
        (frameCount * channelCount * format.bytesPerSample) & 1 == 1 ? [0] : []
    }

    /// Encodes `samples` into `output`, which must hold
    /// `samples.count × format.bytesPerSample` bytes.
    public static func encode(_ samples: UnsafeBufferPointer<Float>, as format: WAVSampleFormat, into output: UnsafeMutableRawBufferPointer) {
        precondition(output.count >= samples.count * format.bytesPerSample, "WAVWriter.encode: output too small")
        switch format {
        case .pcm8:
            for index in samples.indices {
                output[index] = UInt8(truncatingIfNeeded: min(127, nearestInteger(clip(samples[index]) * 128)) + 128)
            }
        case .pcm16:
            // The codes of `quantize(sample, scale: 32768, maximum: 32767)`
            // (scaling by 2^15 is exact in Float) in a loop that vectorises:
            // a render spends most of its time here.
            for index in samples.indices {
                let code = UInt16(truncatingIfNeeded: min(32767, nearestInteger(clip(samples[index]) * 32768)))
                output.storeBytes(of: code.littleEndian, toByteOffset: 2 * index, as: UInt16.self)
            }
        case .pcm24:
            for (index, sample) in samples.enumerated() {
                let code = UInt32(truncatingIfNeeded: quantize(sample, scale: 8_388_608, maximum: 8_388_607))
                output[3 * index] = UInt8(truncatingIfNeeded: code)
                output[3 * index + 1] = UInt8(truncatingIfNeeded: code >> 8)
                output[3 * index + 2] = UInt8(truncatingIfNeeded: code >> 16)
            }
        case .pcm32:
            for (index, sample) in samples.enumerated() {
                let code = UInt32(truncatingIfNeeded: quantize(sample, scale: 2_147_483_648, maximum: 2_147_483_647))
                output.storeBytes(of: code.littleEndian, toByteOffset: 4 * index, as: UInt32.self)
            }
        case .float32:
            for (index, sample) in samples.enumerated() {
                output.storeBytes(of: clip(sample).bitPattern.littleEndian, toByteOffset: 4 * index, as: UInt32.self)
            }
        case .float64:
            for (index, sample) in samples.enumerated() {
                output.storeBytes(of: Double(clip(sample)).bitPattern.littleEndian, toByteOffset: 8 * index, as: UInt64.self)
            }
        }
    }

    /// Appends `samples`, encoded, to `bytes`.
    public static func append(_ samples: [Float], as format: WAVSampleFormat, to bytes: inout [UInt8]) {
        let start = bytes.count
        let size = samples.count * format.bytesPerSample
        bytes.append(contentsOf: repeatElement(0, count: size))
        samples.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBytes { raw in
                encode(source, as: format, into: UnsafeMutableRawBufferPointer(rebasing: raw[start..<(start + size)]))
            }
        }
    }

    /// `sample` clipped to [-1, 1]; NaN becomes silence.
    @inline(__always)
    static func clip(_ sample: Float) -> Float {
        sample.isNaN ? 0 : min(1, max(-1, sample))
    }

    /// The integer nearest `value`, ties to even, for |value| ≤ 2^22. Adding
    /// 1.5 × 2^23 leaves no bits below the units, so the addition itself
    /// rounds (to nearest, ties to even, as IEEE arithmetic does) and the
    /// integer sits in the low bits of the sum. Unlike
    /// `Int32(value.rounded(.toNearestOrEven))` there is no libm call
    /// (baseline x86-64 has no rounding instruction) and nothing to trap,
    /// so loops over samples vectorise.
    @inline(__always)
    static func nearestInteger(_ value: Float) -> Int32 {
        Int32(bitPattern: (value + 12_582_912).bitPattern) &- 0x4B40_0000
    }

    /// The integer code nearest `sample × scale`, clipped to [-scale, maximum].
    @inline(__always)
    static func quantize(_ sample: Float, scale: Double, maximum: Int64) -> Int64 {
        let scaled = (Double(clip(sample)) * scale).rounded(.toNearestOrEven)
        return min(maximum, Int64(scaled))
    }
}
