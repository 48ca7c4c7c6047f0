import TactusCore
import TactusLive

/// A mono WAV file written block by block into an `OutputFile`: the header
/// first (the length is known up front), then the samples, encoded through
/// one reused buffer.
struct WAVStream: ~Copyable {
    /// The most frames `write` takes at once.
    static let blockFrames = 1 << 16

    private var file: OutputFile
    private let format: WAVSampleFormat
    private let frameCount: Int
    private var encoded: [UInt8]

    init(path: String, format: WAVSampleFormat, sampleRate: Int, frameCount: Int) throws {
        let header = try WAVWriter.header(format: format, channelCount: 1, sampleRate: sampleRate, frameCount: frameCount)
        let file = try OutputFile(path: path)
        try file.write(header)
        self.file = file
        self.format = format
        self.frameCount = frameCount
        encoded = [UInt8](repeating: 0, count: Self.blockFrames * format.bytesPerSample)
    }

    mutating func write(_ block: UnsafeBufferPointer<Float>) throws(FileSystem.Failure) {
        var start = 0
        while start < block.count {
            let part = UnsafeBufferPointer(rebasing: block[start..<min(block.count, start + Self.blockFrames)])
            let size = part.count * format.bytesPerSample
            let format = format
            encoded.withUnsafeMutableBytes { raw in
                WAVWriter.encode(part, as: format, into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<size]))
            }
            try encoded.withUnsafeBytes { raw in
                Result { () throws(FileSystem.Failure) in
                    try file.write(UnsafeRawBufferPointer(rebasing: raw[0..<size]))
                }
            }.get()
            start += part.count
        }
    }

    /// Writes the trailer and puts the file in place.
    consuming func finish() throws(FileSystem.Failure) {
        try file.write(WAVWriter.trailer(format: format, channelCount: 1, frameCount: frameCount))
        try file.commit()
    }
}
