/// One argument of an OSC 1.0 message, with the type tags tactus reads and
/// writes: `i` (int32), `f` (float32), `s` (string), `T` and `F` (true and
/// false, which carry no bytes).
public enum OSCArgument: Hashable, Sendable, CustomStringConvertible {
    case int(Int32)
    case float(Float)
    case string(String)
    case bool(Bool)

    /// The character in the message's type tag string.
    public var typeTag: UInt8 {
        switch self {
        case .int: UInt8(ascii: "i")
        case .float: UInt8(ascii: "f")
        case .string: UInt8(ascii: "s")
        case .bool(let value): value ? UInt8(ascii: "T") : UInt8(ascii: "F")
        }
    }

    /// The value as a number, if it is one (`i` or `f`).
    public var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .float(let value): value.isFinite ? Double(value) : nil
        default: nil
        }
    }

    /// As oscdump prints it: `i 4`, `f 120.5`, `s "7/8"`, `T`.
    public var description: String {
        switch self {
        case .int(let value): "i \(value)"
        case .float(let value): "f \(value)"
        case .string(let value): "s \"\(value)\""
        case .bool(let value): value ? "T" : "F"
        }
    }
}
