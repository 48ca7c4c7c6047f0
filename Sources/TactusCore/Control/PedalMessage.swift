/// The MIDI message a pedal binding listens for.
public struct PedalMessage: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Note-on with velocity above 0 of note `number`.
        case note
        /// Control change `number` crossing from below `minimum` to at or above it.
        case cc
        /// Program change to program `number` (0–127 as sent on the wire).
        case program
    }

    public var kind: Kind
    /// MIDI channel 1–16; nil listens on every channel (`"any"`).
    public var channel: Int?
    /// Note, controller or program number, 0–127.
    public var number: UInt8
    /// The least controller value that counts as pressed (`"min"`, cc only).
    public var minimum: UInt8 = PedalMessage.defaultMinimum

    /// The default `"min"`: 64, the switch point of a sustain pedal.
    public static let defaultMinimum: UInt8 = 64

    /// Whether some message could trigger both (same kind and number, channels meet).
    public func overlaps(_ other: PedalMessage) -> Bool {
        guard kind == other.kind, number == other.number else { return false }
        guard let channel, let otherChannel = other.channel else { return true }
        return channel == otherChannel
    }

    /// Whether a message on `channel` (1–16) is heard.
    public func listens(onChannel candidate: Int) -> Bool {
        channel.map { $0 == candidate } ?? true
    }

    /// `cc 64 on channel 1 (min 64)`, `note 36 on any channel`.
    public var description: String {
        let where_ = channel.map { "on channel \($0)" } ?? "on any channel"
        let minimumText = kind == .cc ? " (min \(minimum))" : ""
        return "\(kind.rawValue) \(number) \(where_)\(minimumText)"
    }
}
