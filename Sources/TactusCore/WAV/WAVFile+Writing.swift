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
