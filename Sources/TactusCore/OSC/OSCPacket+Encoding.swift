extension OSCPacket {
    /// The packet's bytes (OSC 1.0: big-endian, every field padded with
    /// zeros to a multiple of 4 bytes, a string with at least one zero).
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        append(to: &out)
        return out
    }

    func append(to out: inout [UInt8]) {
        switch self {
        case .message(let message):
            message.append(to: &out)
        case .bundle(let bundle):
            Self.appendString("#bundle", to: &out)
            out.appendBigEndian(bundle.timeTag)
            for element in bundle.elements {
                let encoded = element.bytes
                out.appendBigEndian(UInt32(encoded.count))
                out += encoded
            }
        }
    }

    static func appendString(_ text: String, to out: inout [UInt8]) {
        out += text.utf8
        out.append(0)
        while out.count % 4 != 0 { out.append(0) }
    }
}

extension OSCMessage {
    /// The message's bytes as one packet.
    public var bytes: [UInt8] { OSCPacket.message(self).bytes }

    func append(to out: inout [UInt8]) {
        OSCPacket.appendString(address, to: &out)
        OSCPacket.appendString("," + String(decoding: arguments.map(\.typeTag), as: UTF8.self), to: &out)
        for argument in arguments {
            switch argument {
            case .int(let value): out.appendBigEndian(value)
            case .float(let value): out.appendBigEndian(value.bitPattern)
            case .string(let value): OSCPacket.appendString(value, to: &out)
            case .bool: break
            }
        }
    }
}
