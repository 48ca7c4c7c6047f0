import CJack

/// `JackPortFlags` bits, for filtering ports in
/// ``JackClient/ports(matching:type:flags:)``.
public struct JackPortAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// `JackPortIsInput`: the port receives data.
    public static let input = JackPortAttributes(rawValue: JackPortIsInput.rawValue)
    /// `JackPortIsOutput`: the port provides data.
    public static let output = JackPortAttributes(rawValue: JackPortIsOutput.rawValue)
    /// `JackPortIsPhysical`: the port stands for a hardware connector.
    public static let physical = JackPortAttributes(rawValue: JackPortIsPhysical.rawValue)
    /// `JackPortIsTerminal`: data neither comes from nor goes on to another port.
    public static let terminal = JackPortAttributes(rawValue: JackPortIsTerminal.rawValue)

    /// The bit for `direction`.
    init(_ direction: JackPortDirection) {
        self = direction == .input ? .input : .output
    }
}
