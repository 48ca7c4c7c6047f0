extension OSCPacket {
    /// How deep bundles may nest inside one another.
    public static let maximumDepth = 8

    /// Reads one datagram. Every malformed packet is a typed error with the
    /// offset of the fault; nothing is read past `bytes`.
    public init(decoding bytes: [UInt8]) throws(OSCDecodingError) {
        guard !bytes.isEmpty, bytes.count % 4 == 0 else { throw OSCDecodingError(.misaligned, at: bytes.count) }
        var reader = OSCReader(bytes: bytes, position: 0, end: bytes.count)
        self = try reader.packet(depth: 0)
    }
}

/// Reads fields from `bytes[position..<end]`, 4-byte aligned.
struct OSCReader {
    let bytes: [UInt8]
    var position: Int
    let end: Int

    static let bundleTag: [UInt8] = Array("#bundle".utf8) + [0]

    mutating func packet(depth: Int) throws(OSCDecodingError) -> OSCPacket {
        guard position < end else { throw OSCDecodingError(.truncated, at: position) }
        if bytes[position] == UInt8(ascii: "/") {
            let message = try message()
            guard position == end else { throw OSCDecodingError(.trailingBytes, at: position) }
            return .message(message)
        }
        guard end - position >= 16, Array(bytes[position..<position + 8]) == Self.bundleTag else {
            throw OSCDecodingError(.notAPacket, at: position)
        }
        guard depth < OSCPacket.maximumDepth else { throw OSCDecodingError(.nestedTooDeep, at: position) }
        position += 8
        let timeTag = try uint64()
        var elements: [OSCPacket] = []
        while position < end {
            let sizeAt = position
            let size = Int32(bitPattern: try uint32())
            guard size > 0, size % 4 == 0, Int(size) <= end - position else {
                throw OSCDecodingError(.badElementSize(size), at: sizeAt)
            }
            var inner = OSCReader(bytes: bytes, position: position, end: position + Int(size))
            elements.append(try inner.packet(depth: depth + 1))
            position += Int(size)
        }
        return .bundle(OSCBundle(timeTag: timeTag, elements))
    }

    mutating func message() throws(OSCDecodingError) -> OSCMessage {
        let address = try string()
        guard position < end, bytes[position] == UInt8(ascii: ",") else {
            throw OSCDecodingError(.missingTypeTags, at: position)
        }
        let tagsAt = position + 1
        let tags = try string().utf8.dropFirst()
        var arguments: [OSCArgument] = []
        for (index, tag) in tags.enumerated() {
            switch tag {
            case UInt8(ascii: "i"): arguments.append(.int(Int32(bitPattern: try uint32())))
            case UInt8(ascii: "f"): arguments.append(.float(Float(bitPattern: try uint32())))
            case UInt8(ascii: "s"): arguments.append(.string(try string()))
            case UInt8(ascii: "T"): arguments.append(.bool(true))
            case UInt8(ascii: "F"): arguments.append(.bool(false))
            default: throw OSCDecodingError(.unsupportedTypeTag(tag), at: tagsAt + index)
            }
        }
        return OSCMessage(address, arguments)
    }

    /// A zero-terminated UTF-8 string padded to 4 bytes.
    mutating func string() throws(OSCDecodingError) -> String {
        let start = position
        guard let zero = bytes[start..<end].firstIndex(of: 0) else {
            throw OSCDecodingError(.unterminatedString, at: start)
        }
        let padded = (zero + 4) & ~3
        guard padded <= end else { throw OSCDecodingError(.truncated, at: zero) }
        guard let text = String(validating: bytes[start..<zero], as: UTF8.self) else {
            throw OSCDecodingError(.invalidText, at: start)
        }
        position = padded
        return text
    }

    mutating func uint32() throws(OSCDecodingError) -> UInt32 {
        guard end - position >= 4 else { throw OSCDecodingError(.truncated, at: position) }
        var value: UInt32 = 0
        for byte in bytes[position..<position + 4] { value = value << 8 | UInt32(byte) }
        position += 4
        return value
    }

    mutating func uint64() throws(OSCDecodingError) -> UInt64 {
        let high = UInt64(try uint32())
        return high << 32 | UInt64(try uint32())
    }
}
