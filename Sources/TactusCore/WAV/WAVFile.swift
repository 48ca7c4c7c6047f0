/// The audio of a WAV file: interleaved samples in [-1, 1] as Float, plus
/// what is needed to write them back the same way.
public struct WAVFile: Hashable, Sendable {
    public var sampleRate: Int
    /// 1 (mono) or 2 (stereo).
    public var channelCount: Int
    /// How samples are (or will be) stored in the file.
    public var format: WAVSampleFormat
    /// Interleaved samples, `frameCount × channelCount` of them.
    public var samples: [Float]

    public init(sampleRate: Int, channelCount: Int = 1, format: WAVSampleFormat = .pcm16, samples: [Float]) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.format = format
        self.samples = samples
    }

    public var frameCount: Int { channelCount > 0 ? samples.count / channelCount : 0 }

    /// The channels averaged into one.
    public var monoSamples: [Float] {
        guard channelCount > 1 else { return samples }
        let scale = 1 / Float(channelCount)
        return (0..<frameCount).map { frame in
            var sum: Float = 0
            for channel in 0..<channelCount {
                sum += samples[frame * channelCount + channel]
            }
            return sum * scale
        }
    }
}

extension WAVFile {
    /// The file as WAV bytes in its `format`.
    /// - Throws: `WAVError` when it has other than 1 or 2 channels or is too long for RIFF.
    public func bytes() throws(WAVError) -> [UInt8] {
        var bytes = try WAVWriter.header(format: format, channelCount: channelCount, sampleRate: sampleRate, frameCount: frameCount)
        WAVWriter.append(Array(samples.prefix(frameCount * channelCount)), as: format, to: &bytes)
        bytes += WAVWriter.trailer(format: format, channelCount: channelCount, frameCount: frameCount)
        return bytes
    }
}
