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
            Self.appendBigEndian(bundle.timeTag, to: &out)
            for element in bundle.elements {
                let sizeAt = out.count
                out += [0, 0, 0, 0]
                element.append(to: &out)
                let size = UInt32(out.count - sizeAt - 4)
                for index in 0..<4 { out[sizeAt + index] = UInt8(truncatingIfNeeded: size >> (24 - 8 * index)) }
            }
        }
    }

    static func appendString(_ text: String, to out: inout [UInt8]) {
        out += text.utf8
        out.append(0)
        while out.count % 4 != 0 { out.append(0) }
    }

    static func appendBigEndian<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
        for index in stride(from: T.bitWidth - 8, through: 0, by: -8) {
            out.append(UInt8(truncatingIfNeeded: value >> index))
        }
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
            case .int(let value): OSCPacket.appendBigEndian(value, to: &out)
            case .float(let value): OSCPacket.appendBigEndian(value.bitPattern, to: &out)
            case .string(let value): OSCPacket.appendString(value, to: &out)
            case .bool: break
            }
        }
    }
}
