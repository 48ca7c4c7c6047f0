extension WAVFile {
    /// Reads a RIFF/WAVE file: PCM 8/16/24/32-bit, IEEE float 32/64, plain or
    /// WAVE_FORMAT_EXTENSIBLE, mono or stereo. Unknown chunks are skipped, odd
    /// chunks are padded to even length, and a data chunk that claims more bytes
    /// than the file holds is cut to the whole frames present.
    /// - Throws: `WAVError` naming the byte offset and what is wrong.
    public init(bytes: [UInt8]) throws(WAVError) {
        try self.init(reader: WAVByteReader(bytes: bytes))
    }

    private init(reader: WAVByteReader) throws(WAVError) {
        let count = reader.bytes.count
        try reader.checkRIFFHeader()

        var layout: WAVLayout?
        var data: Range<Int>?
        var offset = 12
        while offset < count, layout == nil || data == nil {
            let remaining = count - offset
            guard remaining >= 8 else {
                throw WAVError(offset: offset, message: "file ends \(remaining) bytes into a chunk header, before \(Self.missing(layout, data))")
            }
            let id = reader.fourCC(at: offset)
            let size = Int(reader.uint32(at: offset + 4))
            let body = offset + 8
            let available = count - body
            switch id {
            case "fmt ":
                guard layout == nil else {
                    throw WAVError(offset: offset, message: "second 'fmt ' chunk")
                }
                guard size <= available else {
                    throw WAVError(offset: offset + 4, message: "'fmt ' chunk claims \(size) bytes but only \(available) remain")
                }
                layout = try WAVLayout(reader: reader, body: body, size: size)
            case "data":
                if data == nil {
                    data = body..<(body + min(size, available))
                }
            default:
                guard size <= available else {
                    throw WAVError(offset: offset + 4, message: "chunk \(reader.quotedFourCC(at: offset)) claims \(size) bytes but only \(available) remain, before \(Self.missing(layout, data))")
                }
            }
            offset = body + size + (size & 1)
        }
        guard let layout, let data else {
            throw WAVError(offset: count, message: "file ends before \(Self.missing(layout, data))")
        }

        let frames = data.count / layout.blockAlign
        self.init(
            sampleRate: layout.sampleRate,
            channelCount: layout.channelCount,
            format: layout.format,
            samples: reader.samples(at: data.lowerBound, count: frames * layout.channelCount, format: layout.format)
        )
    }

    private static func missing(_ layout: WAVLayout?, _ data: Range<Int>?) -> String {
        switch (layout == nil, data == nil) {
        case (true, true): "the 'fmt ' and 'data' chunks"
        case (true, false): "the 'fmt ' chunk"
        default: "the 'data' chunk"
        }
    }
}

/// What the 'fmt ' chunk says about the samples.
struct WAVLayout {
    var format: WAVSampleFormat
    var channelCount: Int
    var sampleRate: Int
    var blockAlign: Int

    init(reader: WAVByteReader, body: Int, size: Int) throws(WAVError) {
        guard size >= 16 else {
            throw WAVError(offset: body - 4, message: "'fmt ' chunk is \(size) bytes; at least 16 are needed")
        }
        var tag = reader.uint16(at: body)
        let channels = Int(reader.uint16(at: body + 2))
        let rate = Int(reader.uint32(at: body + 4))
        let blockAlign = Int(reader.uint16(at: body + 12))
        let bits = Int(reader.uint16(at: body + 14))
        if tag == 0xFFFE {
            guard size >= 40 else {
                throw WAVError(offset: body - 4, message: "WAVE_FORMAT_EXTENSIBLE 'fmt ' chunk is \(size) bytes; 40 are needed")
            }
            tag = reader.uint16(at: body + 24)
            guard tag == 1 || tag == 3 else {
                throw WAVError(offset: body + 24, message: "extensible sub-format \(tag) is neither PCM (1) nor IEEE float (3)")
            }
        }
        guard tag == 1 || tag == 3 else {
            throw WAVError(offset: body, message: "format tag \(tag) is neither PCM (1) nor IEEE float (3); convert the file to PCM")
        }
        guard let format = WAVSampleFormat(formatTag: tag, bitsPerSample: bits) else {
            let allowed = tag == 1 ? "8, 16, 24 or 32" : "32 or 64"
            throw WAVError(offset: body + 14, message: "\(bits) bits per sample; \(tag == 1 ? "PCM" : "float") must be \(allowed)")
        }
        guard channels == 1 || channels == 2 else {
            throw WAVError(offset: body + 2, message: "\(channels) channels; only mono and stereo are read")
        }
        guard rate > 0 else {
            throw WAVError(offset: body + 4, message: "sample rate is 0")
        }
        guard blockAlign == channels * format.bytesPerSample else {
            throw WAVError(offset: body + 12, message: "block align \(blockAlign) does not match \(channels) × \(bits)-bit samples (\(channels * format.bytesPerSample))")
        }
        self.format = format
        self.channelCount = channels
        self.sampleRate = rate
        self.blockAlign = blockAlign
    }
}

/// Little-endian reads from bytes whose bounds the caller has checked.
struct WAVByteReader {
    let bytes: [UInt8]

    func uint16(at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    func uint32(at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    /// The 12-byte header that opens every WAV file: 'RIFF', a size, 'WAVE'.
    func checkRIFFHeader() throws(WAVError) {
        let count = bytes.count
        if count >= 4, fourCC(at: 0) != "RIFF" {
            throw WAVError(offset: 0, message: "expected 'RIFF', found \(quotedFourCC(at: 0)); not a WAV file")
        }
        guard count >= 12 else {
            throw WAVError(offset: count, message: "file ends after \(count) bytes, inside the 12-byte RIFF header")
        }
        guard fourCC(at: 8) == "WAVE" else {
            throw WAVError(offset: 8, message: "expected 'WAVE', found \(quotedFourCC(at: 8)); a RIFF file but not WAV")
        }
    }

    func fourCC(at offset: Int) -> String {
        String(decoding: bytes[offset..<(offset + 4)], as: Unicode.ASCII.self)
    }

    /// The four bytes quoted when printable ASCII, else in hex.
    func quotedFourCC(at offset: Int) -> String {
        let code = bytes[offset..<(offset + 4)]
        if code.allSatisfy({ (0x20...0x7E).contains($0) }) {
            return "'\(String(decoding: code, as: Unicode.ASCII.self))'"
        }
        return code.map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0\(hex)" : hex
        }.joined(separator: " ")
    }

    func samples(at start: Int, count: Int, format: WAVSampleFormat) -> [Float] {
        [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
            bytes.withUnsafeBytes { raw in
                let width = format.bytesPerSample
                for index in 0..<count {
                    let at = start + index * width
                    buffer[index] = switch format {
                    case .pcm8:
                        Float(Int(raw[at]) - 128) / 128
                    case .pcm16:
                        Float(Int16(bitPattern: UInt16(raw[at]) | UInt16(raw[at + 1]) << 8)) / 32768
                    case .pcm24:
                        // Shift into the top of an Int32 so the sign extends.
                        Float(Int32(bitPattern: UInt32(raw[at]) << 8 | UInt32(raw[at + 1]) << 16 | UInt32(raw[at + 2]) << 24) >> 8) / 8_388_608
                    case .pcm32:
                        Float(Double(Int32(bitPattern: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian)) / 2_147_483_648)
                    case .float32:
                        Float(bitPattern: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian)
                    case .float64:
                        Float(Double(bitPattern: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self).littleEndian))
                    }
                }
            }
            initialized = count
        }
    }
}
