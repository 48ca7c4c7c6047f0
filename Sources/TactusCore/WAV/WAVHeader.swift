/// What the first bytes of a WAV file say: how its samples are laid out and
/// how many bytes its data chunk claims — enough to judge a file before
/// reading it whole.
public struct WAVHeader: Hashable, Sendable {
    public var sampleRate: Int
    public var channelCount: Int
    public var format: WAVSampleFormat
    /// Where the samples start in the file.
    public var dataOffset: Int
    /// The data chunk's size as its header gives it (the file may hold fewer).
    public var dataByteCount: Int

    public var frameCount: Int { dataByteCount / (channelCount * format.bytesPerSample) }
    public var seconds: Double { Double(frameCount) / Double(sampleRate) }

    /// Reads the RIFF header and the chunks up to the data chunk's header
    /// from `prefix`, the file's first bytes.
    /// - Throws: `WAVError` as `WAVFile(bytes:)` does, or when the chunks
    ///   before the samples run past `prefix`.
    public init(prefix: [UInt8]) throws(WAVError) {
        let reader = WAVByteReader(bytes: prefix)
        let count = prefix.count
        try reader.checkRIFFHeader()
        var layout: WAVLayout?
        var data: (offset: Int, size: Int)?
        var offset = 12
        while offset + 8 <= count {
            let size = Int(reader.uint32(at: offset + 4))
            let body = offset + 8
            switch reader.fourCC(at: offset) {
            case "fmt ":
                guard layout == nil else { throw WAVError(offset: offset, message: "second 'fmt ' chunk") }
                guard body + size <= count else { break }
                layout = try WAVLayout(reader: reader, body: body, size: size)
            case "data":
                if data == nil { data = (body, size) }
            default:
                break
            }
            if let layout, let data {
                sampleRate = layout.sampleRate
                channelCount = layout.channelCount
                format = layout.format
                dataOffset = data.offset
                dataByteCount = data.size
                return
            }
            offset = body + size + (size & 1)
        }
        throw WAVError(offset: min(offset, count), message: "no 'fmt ' and 'data' chunk headers in the first \(count) bytes")
    }
}
